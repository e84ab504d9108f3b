from django.urls import URLPattern, path

from server.adjustments import apis

web_urlpatterns: list[URLPattern] = [
    path("adjustment", apis.LeaveAdjustmentCreateApi.as_view(), name="leave-adjustment-create"),
    path("adjustment/list", apis.LeaveAdjustmentListApi.as_view(), name="leave-adjustment-list"),
    path("adjustment/preview", apis.LeaveAdjustmentPreviewApi.as_view(), name="leave-adjustment-preview"),
    path("adjustment/history", apis.LeaveAdjustmentHistoryApi.as_view(), name="leave-adjustment-history"),
    path(
        "adjustment/detail/<str:hash_id>",
        apis.LeaveAdjustmentDetailApi.as_view(),
        name="leave-adjustment-detail",
    ),
    path("adjustment/year_list", apis.LeaveAdjustmentYearListApi.as_view(), name="leave-adjustment-years"),
    path("adjustment/report", apis.LeaveAdjustmentReportApi.as_view(), name="leave-adjustment-report"),
    path(
        "adjustment/report/export",
        apis.LeaveAdjustmentReportExportApi.as_view(),
        name="leave-adjustment-report-export",
    ),
    path(
        "attendance_log/attendance_for_adjustment",
        apis.AttendanceForAdjustmentApi.as_view(),
        name="attendance-for-adjustment",
    ),
    path(
        "attendance_log/adjustment",
        apis.AttendanceAdjustmentSubmitApi.as_view(),
        name="attendance-adjustment-submit",
    ),
    path(
        "attendance_log/last_adjustment",
        apis.AttendanceAdjustmentLastApi.as_view(),
        name="attendance-adjustment-last",
    ),
    path(
        "attendance_log/adjustment_detail/<str:code>",
        apis.AttendanceAdjustmentDetailApi.as_view(),
        name="attendance-adjustment-detail",
    ),
    path(
        "report/attendance_adjustment",
        apis.AttendanceAdjustmentReportApi.as_view(),
        name="report-attendance-adjustment",
    ),
    path(
        "report/attendance_adjustment/export",
        apis.AttendanceAdjustmentReportExportApi.as_view(),
        name="report-attendance-adjustment-export",
    ),
]
