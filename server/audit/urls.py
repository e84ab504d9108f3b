from django.urls import URLPattern, path

from server.audit import apis

web_urlpatterns: list[URLPattern] = [
    path("audit/list", apis.AuditListApi.as_view(), name="audit-list"),
    path("audit/export", apis.AuditExportApi.as_view(), name="audit-export"),
]
