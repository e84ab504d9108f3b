from django.urls import URLPattern, path

from server.mobile import apis

mobile_urlpatterns: list[URLPattern] = [
    path("auth/", apis.MobileSignInApi.as_view(), name="mobile-auth-sign-in"),
    path("auth/logout", apis.MobileSignOutApi.as_view(), name="mobile-auth-logout"),
    path("attendance/", apis.MobileCheckInApi.as_view(), name="mobile-attendance-check-in"),
    path("attendance/today", apis.MobileAttendanceTodayApi.as_view(), name="mobile-attendance-today"),
    path("attendance/history", apis.MobileAttendanceHistoryApi.as_view(), name="mobile-attendance-history"),
    path("izin/", apis.MobileIzinApi.as_view(), name="mobile-izin"),
    path("blacklist_app/", apis.MobileBlacklistAppListApi.as_view(), name="mobile-blacklist-app"),
    path("file/<str:token>", apis.MobileSignedFileApi.as_view(), name="mobile-signed-file"),
]
