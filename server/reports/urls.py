from django.urls import URLPattern, path

from server.reports import apis, attendance_apis

web_urlpatterns: list[URLPattern] = [
    path(
        "report/unattendance_employee",
        apis.ReportUnattendanceEmployeeApi.as_view(),
        name="report-unattendance-employee",
    ),
    path(
        "report/unattendance_employee/export",
        apis.ReportUnattendanceEmployeeExportApi.as_view(),
        name="report-unattendance-employee-export",
    ),
    path("report", attendance_apis.ReportDetailApi.as_view(), name="report-detail"),
    path("report/export", attendance_apis.ReportDetailExportApi.as_view(), name="report-detail-export"),
    path("report/lembur", attendance_apis.ReportLemburApi.as_view(), name="report-lembur"),
    path(
        "report/lembur/export", attendance_apis.ReportLemburExportApi.as_view(), name="report-lembur-export"
    ),
    path("report/permission", attendance_apis.ReportPermissionApi.as_view(), name="report-permission"),
    path(
        "report/permission/export",
        attendance_apis.ReportPermissionExportApi.as_view(),
        name="report-permission-export",
    ),
    path("report/late", attendance_apis.ReportLateApi.as_view(), name="report-late"),
    path("report/late/export", attendance_apis.ReportLateExportApi.as_view(), name="report-late-export"),
    path("report/report_summary", attendance_apis.ReportSummaryApi.as_view(), name="report-summary"),
    path(
        "report/report_summary/export",
        attendance_apis.ReportSummaryExportApi.as_view(),
        name="report-summary-export",
    ),
    path("report/count_lembur", attendance_apis.ReportCountLemburApi.as_view(), name="report-count-lembur"),
    path(
        "report/count_permission",
        attendance_apis.ReportCountPermissionApi.as_view(),
        name="report-count-permission",
    ),
]
