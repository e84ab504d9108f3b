from server.adjustments.apis import attendance, leave, leave_report, report
from server.core.routes import api_paths

web_urlpatterns = api_paths(
    ("adjustment", leave.LeaveAdjustmentCreateApi, "leave-adjustment-create"),
    ("adjustment/list", leave.LeaveAdjustmentListApi, "leave-adjustment-list"),
    ("adjustment/preview", leave.LeaveAdjustmentPreviewApi, "leave-adjustment-preview"),
    ("adjustment/history", leave.LeaveAdjustmentHistoryApi, "leave-adjustment-history"),
    ("adjustment/detail/<str:hash_id>", leave.LeaveAdjustmentDetailApi, "leave-adjustment-detail"),
    ("adjustment/year_list", leave.LeaveAdjustmentYearListApi, "leave-adjustment-years"),
    ("adjustment/report", leave_report.LeaveAdjustmentReportApi, "leave-adjustment-report"),
    (
        "adjustment/report/export",
        leave_report.LeaveAdjustmentReportExportApi,
        "leave-adjustment-report-export",
    ),
    (
        "attendance_log/attendance_for_adjustment",
        attendance.AttendanceForAdjustmentApi,
        "attendance-for-adjustment",
    ),
    ("attendance_log/adjustment", attendance.AttendanceAdjustmentSubmitApi, "attendance-adjustment-submit"),
    ("attendance_log/last_adjustment", attendance.AttendanceAdjustmentLastApi, "attendance-adjustment-last"),
    (
        "attendance_log/adjustment_detail/<str:code>",
        attendance.AttendanceAdjustmentDetailApi,
        "attendance-adjustment-detail",
    ),
    ("report/attendance_adjustment", report.AttendanceAdjustmentReportApi, "report-attendance-adjustment"),
    (
        "report/attendance_adjustment/export",
        report.AttendanceAdjustmentReportExportApi,
        "report-attendance-adjustment-export",
    ),
)
