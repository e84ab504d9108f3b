from django.urls import URLPattern, path

from server.reports import apis

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
]
