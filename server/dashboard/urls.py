from django.urls import URLPattern, path

from server.dashboard import apis

web_urlpatterns: list[URLPattern] = [
    path("dashboard/counts", apis.DashboardCountsApi.as_view(), name="dashboard-counts"),
    path(
        "dashboard/undisciplined_employee",
        apis.DashboardUndisciplinedEmployeeApi.as_view(),
        name="dashboard-undisciplined-employee",
    ),
    path(
        "dashboard/unattendance_employee",
        apis.DashboardUnattendanceEmployeeApi.as_view(),
        name="dashboard-unattendance-employee",
    ),
    path(
        "attendance_log/count_late_in",
        apis.AttendanceLateInCountApi.as_view(),
        name="attendance-count-late-in",
    ),
    path(
        "attendance_log/count_early_out",
        apis.AttendanceEarlyOutCountApi.as_view(),
        name="attendance-count-early-out",
    ),
    path(
        "attendance_log/count_absence",
        apis.AttendanceAbsenceCountApi.as_view(),
        name="attendance-count-absence",
    ),
    path("wall_display/", apis.WallDisplayCreateApi.as_view(), name="wall-display-create"),
    path("wall_display/list", apis.WallDisplayListApi.as_view(), name="wall-display-list"),
    path("wall_display/snapshot", apis.WallDisplaySnapshotApi.as_view(), name="wall-display-snapshot"),
    path(
        "wall_display/detail/<str:hash_id>", apis.WallDisplayDetailApi.as_view(), name="wall-display-detail"
    ),
    path(
        "wall_display/update/<str:hash_id>", apis.WallDisplayUpdateApi.as_view(), name="wall-display-update"
    ),
    path("wall_display/<str:hash_id>", apis.WallDisplayRevokeApi.as_view(), name="wall-display-revoke"),
]
