from django.urls import path

from server.accounts import apis, delegation_apis

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
    path("delegation/list", delegation_apis.DelegationListApi.as_view(), name="delegation-list"),
    path(
        "delegation/candidates",
        delegation_apis.DelegationCandidateApi.as_view(),
        name="delegation-candidates",
    ),
    path(
        "delegation/detail/<str:hash_id>",
        delegation_apis.DelegationDetailApi.as_view(),
        name="delegation-detail",
    ),
    path("delegation/", delegation_apis.DelegationCreateApi.as_view(), name="delegation"),
    path("delegation/<str:hash_id>", delegation_apis.DelegationEndApi.as_view(), name="delegation-delete"),
]

mobile_urlpatterns = [
    path(
        "auth/confirm_reset_password",
        apis.MobileConfirmResetPasswordApi.as_view(),
        name="mobile-auth-confirm-reset-password",
    ),
]
