from django.urls import URLPattern, path

from server.attendance import apis

web_urlpatterns: list[URLPattern] = [
    path("attendance_log/list", apis.AttendanceLogListApi.as_view(), name="attendance-log-list"),
    path(
        "attendance_log/detail/<str:hash_id>",
        apis.AttendanceLogDetailApi.as_view(),
        name="attendance-log-detail",
    ),
    path("attendance_log/approve", apis.AttendanceLogApproveApi.as_view(), name="attendance-log-approve"),
    path("attendance_log/reject", apis.AttendanceLogRejectApi.as_view(), name="attendance-log-reject"),
    path(
        "attendance_log/approve_many",
        apis.AttendanceLogApproveManyApi.as_view(),
        name="attendance-log-approve-many",
    ),
    path(
        "attendance_log/reject_many",
        apis.AttendanceLogRejectManyApi.as_view(),
        name="attendance-log-reject-many",
    ),
    path("attendance_log/undo", apis.AttendanceLogUndoApi.as_view(), name="attendance-log-undo"),
    path(
        "attendance_log/reject_valid",
        apis.AttendanceLogRejectValidApi.as_view(),
        name="attendance-log-reject-valid",
    ),
    path(
        "attendance_log/set_non_working_shift",
        apis.AttendanceLogSetNonWorkingShiftApi.as_view(),
        name="attendance-log-set-non-working-shift",
    ),
    path("attendance_log/count", apis.AttendanceLogCountApi.as_view(), name="attendance-log-count"),
    path(
        "attendance_log/count_waiting_approval",
        apis.AttendanceLogCountWaitingApi.as_view(),
        name="attendance-log-count-waiting",
    ),
    path(
        "attendance_log/man_power", apis.AttendanceLogManPowerApi.as_view(), name="attendance-log-man-power"
    ),
]

web_v2_urlpatterns: list[URLPattern] = [
    path("attendance_log/list", apis.AttendanceLogDayListApi.as_view(), name="attendance-log-list-v2"),
]
