from django.urls import path

from server.accounts import apis

web_urlpatterns = [
    path("auth/", apis.SignInApi.as_view(), name="auth-sign-in"),
    path("auth/logout", apis.SignOutApi.as_view(), name="auth-logout"),
    path("auth/forgot_password", apis.ForgotPasswordApi.as_view(), name="auth-forgot-password"),
    path(
        "auth/confirm_reset_password",
        apis.ConfirmResetPasswordApi.as_view(),
        name="auth-confirm-reset-password",
    ),
    path("profile", apis.ProfileApi.as_view(), name="profile"),
    path("profile/change_password", apis.ChangePasswordApi.as_view(), name="profile-change-password"),
    path("preference/<str:key>", apis.UserPreferenceApi.as_view(), name="preference"),
]

mobile_urlpatterns = [
    path(
        "auth/confirm_reset_password",
        apis.MobileConfirmResetPasswordApi.as_view(),
        name="mobile-auth-confirm-reset-password",
    ),
]
