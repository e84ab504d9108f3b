from django.urls import URLPattern, path
from rest_framework.views import APIView

from server.reports import apis, attendance_apis


def _with_export(
    route: str, view: type[APIView], export: type[APIView], name: str, lean: type[APIView] | None = None
) -> list[URLPattern]:
    """A report and its file: `<route>` answers the rows, `<route>/export` the same rows as a file, and
    `<route>/lean` (the detail family) the same rows lean."""
    patterns = [
        path(route, view.as_view(), name=name),
        path(f"{route}/export", export.as_view(), name=f"{name}-export"),
    ]
    if lean is not None:
        patterns.append(path(f"{route}/lean", lean.as_view(), name=f"{name}-lean"))
    return patterns


web_urlpatterns: list[URLPattern] = [
    *_with_export(
        "report/unattendance_employee",
        apis.ReportUnattendanceEmployeeApi,
        apis.ReportUnattendanceEmployeeExportApi,
        "report-unattendance-employee",
    ),
    *_with_export(
        "report",
        attendance_apis.ReportDetailApi,
        attendance_apis.ReportDetailExportApi,
        "report-detail",
        attendance_apis.ReportDetailLeanApi,
    ),
    *_with_export(
        "report/lembur",
        attendance_apis.ReportLemburApi,
        attendance_apis.ReportLemburExportApi,
        "report-lembur",
        attendance_apis.ReportLemburLeanApi,
    ),
    *_with_export(
        "report/permission",
        attendance_apis.ReportPermissionApi,
        attendance_apis.ReportPermissionExportApi,
        "report-permission",
        attendance_apis.ReportPermissionLeanApi,
    ),
    *_with_export(
        "report/late",
        attendance_apis.ReportLateApi,
        attendance_apis.ReportLateExportApi,
        "report-late",
        attendance_apis.ReportLateLeanApi,
    ),
    *_with_export(
        "report/report_summary",
        attendance_apis.ReportSummaryApi,
        attendance_apis.ReportSummaryExportApi,
        "report-summary",
    ),
    path("report/count_lembur", attendance_apis.ReportCountLemburApi.as_view(), name="report-count-lembur"),
    path(
        "report/count_permission",
        attendance_apis.ReportCountPermissionApi.as_view(),
        name="report-count-permission",
    ),
]
