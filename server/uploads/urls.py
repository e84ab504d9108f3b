from django.urls import URLPattern, path

from server.uploads import apis

web_urlpatterns: list[URLPattern] = [
    path("attendance_log/export_attendance", apis.AttendanceTemplateApi.as_view(), name="upload-template"),
    path("attendance_log/import_attendance", apis.AttendanceImportApi.as_view(), name="upload-import"),
    path(
        "attendance_log/import_attendance/<str:hash_id>/errors",
        apis.ImportErrorsApi.as_view(),
        name="upload-import-errors",
    ),
    path("attendance_log/manual_list", apis.ManualUploadListApi.as_view(), name="upload-list"),
    path("attendance_log/manual_list_detail", apis.ManualUploadDetailApi.as_view(), name="upload-detail"),
]
