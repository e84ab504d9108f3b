from django.urls import URLPattern, path

from server.adjustments.apis import attendance, leave, leave_report, report

web_urlpatterns: list[URLPattern] = [
    path("adjustment", leave.LeaveAdjustmentCreateApi.as_view(), name="leave-adjustment-create"),
    path("adjustment/list", leave.LeaveAdjustmentListApi.as_view(), name="leave-adjustment-list"),
    path("adjustment/preview", leave.LeaveAdjustmentPreviewApi.as_view(), name="leave-adjustment-preview"),
    path("adjustment/history", leave.LeaveAdjustmentHistoryApi.as_view(), name="leave-adjustment-history"),
    path(
        "adjustment/detail/<str:hash_id>",
        leave.LeaveAdjustmentDetailApi.as_view(),
        name="leave-adjustment-detail",
    ),
    path("adjustment/year_list", leave.LeaveAdjustmentYearListApi.as_view(), name="leave-adjustment-years"),
    path(
        "adjustment/report", leave_report.LeaveAdjustmentReportApi.as_view(), name="leave-adjustment-report"
    ),
    path(
        "adjustment/report/export",
        leave_report.LeaveAdjustmentReportExportApi.as_view(),
        name="leave-adjustment-report-export",
    ),
    path(
        "attendance_log/attendance_for_adjustment",
        attendance.AttendanceForAdjustmentApi.as_view(),
        name="attendance-for-adjustment",
    ),
    path(
        "attendance_log/adjustment",
        attendance.AttendanceAdjustmentSubmitApi.as_view(),
        name="attendance-adjustment-submit",
    ),
    path(
        "attendance_log/last_adjustment",
        attendance.AttendanceAdjustmentLastApi.as_view(),
        name="attendance-adjustment-last",
    ),
    path(
        "attendance_log/adjustment_detail/<str:code>",
        attendance.AttendanceAdjustmentDetailApi.as_view(),
        name="attendance-adjustment-detail",
    ),
    path(
        "report/attendance_adjustment",
        report.AttendanceAdjustmentReportApi.as_view(),
        name="report-attendance-adjustment",
    ),
    path(
        "report/attendance_adjustment/export",
        report.AttendanceAdjustmentReportExportApi.as_view(),
        name="report-attendance-adjustment-export",
    ),
]
