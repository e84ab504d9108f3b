from server.core.routes import api_paths
from server.izin import apis

web_urlpatterns = api_paths(
    ("permission/list", apis.PermissionListApi, "permission-list"),
    ("permission/detail/<str:hash_id>", apis.PermissionDetailApi, "permission-detail"),
    ("permission/count", apis.PermissionCountApi, "permission-count"),
    ("permission/type_list", apis.PermissionTypeListApi, "permission-type-list"),
    ("permission/approve", apis.PermissionApproveApi, "permission-approve"),
    ("permission/reject", apis.PermissionRejectApi, "permission-reject"),
)
