from django.urls import URLPattern, path

from server.izin import apis

web_urlpatterns: list[URLPattern] = [
    path("permission/list", apis.PermissionListApi.as_view(), name="permission-list"),
    path("permission/detail/<str:hash_id>", apis.PermissionDetailApi.as_view(), name="permission-detail"),
    path("permission/count", apis.PermissionCountApi.as_view(), name="permission-count"),
    path("permission/type_list", apis.PermissionTypeListApi.as_view(), name="permission-type-list"),
    path("permission/approve", apis.PermissionApproveApi.as_view(), name="permission-approve"),
    path("permission/reject", apis.PermissionRejectApi.as_view(), name="permission-reject"),
]
