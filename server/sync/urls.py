from django.urls import URLPattern, path

from server.sync import apis

web_urlpatterns: list[URLPattern] = [
    path("employee/sync_hr_data", apis.EmployeeSyncHrDataApi.as_view(), name="employee-sync-hr-data"),
    path("penggajian/preview", apis.PayrollPreviewApi.as_view(), name="payroll-preview"),
    path("penggajian/check", apis.PayrollCheckApi.as_view(), name="payroll-check"),
    path("penggajian/kirim", apis.PayrollSendApi.as_view(), name="payroll-send"),
    path(
        "penggajian/sync_penggajian_for_resigned_employee",
        apis.PayrollSendResignedApi.as_view(),
        name="payroll-send-resigned",
    ),
    path("penggajian/recent", apis.PayrollRecentApi.as_view(), name="payroll-recent"),
    path("penggajian/get_penggajian_sync_list", apis.PayrollSyncListApi.as_view(), name="payroll-sync-list"),
    path("penggajian/detail/<str:code>", apis.PayrollSyncDetailApi.as_view(), name="payroll-sync-detail"),
    path("setting/sync_schedule", apis.SyncScheduleApi.as_view(), name="sync-schedule"),
]
