from django.urls import URLPattern, path

from server.attendance.apis import bulk, decisions, lists, risk_settings

web_urlpatterns: list[URLPattern] = [
    path("attendance_log/list", lists.AttendanceLogListApi.as_view(), name="attendance-log-list"),
    path(
        "attendance_log/detail/<str:hash_id>",
        lists.AttendanceLogDetailApi.as_view(),
        name="attendance-log-detail",
    ),
    path(
        "attendance_log/approve", decisions.AttendanceLogApproveApi.as_view(), name="attendance-log-approve"
    ),
    path("attendance_log/reject", decisions.AttendanceLogRejectApi.as_view(), name="attendance-log-reject"),
    path(
        "attendance_log/approve_many",
        bulk.AttendanceLogApproveManyApi.as_view(),
        name="attendance-log-approve-many",
    ),
    path(
        "attendance_log/reject_many",
        bulk.AttendanceLogRejectManyApi.as_view(),
        name="attendance-log-reject-many",
    ),
    path(
        "attendance_log/approve_low_risk",
        bulk.AttendanceLogApproveLowRiskApi.as_view(),
        name="attendance-log-approve-low-risk",
    ),
    path(
        "attendance_log/undo_many", bulk.AttendanceLogUndoManyApi.as_view(), name="attendance-log-undo-many"
    ),
    path("attendance_log/undo", decisions.AttendanceLogUndoApi.as_view(), name="attendance-log-undo"),
    path(
        "attendance_log/reject_valid",
        decisions.AttendanceLogRejectValidApi.as_view(),
        name="attendance-log-reject-valid",
    ),
    path(
        "attendance_log/set_non_working_shift",
        decisions.AttendanceLogSetNonWorkingShiftApi.as_view(),
        name="attendance-log-set-non-working-shift",
    ),
    path("attendance_log/count", lists.AttendanceLogCountApi.as_view(), name="attendance-log-count"),
    path(
        "attendance_log/count_waiting_approval",
        lists.AttendanceLogCountWaitingApi.as_view(),
        name="attendance-log-count-waiting",
    ),
    path(
        "attendance_log/man_power", lists.AttendanceLogManPowerApi.as_view(), name="attendance-log-man-power"
    ),
    path("setting/risk", risk_settings.RiskSettingsApi.as_view(), name="setting-risk"),
]

web_v2_urlpatterns: list[URLPattern] = [
    path("attendance_log/list", lists.AttendanceLogDayListApi.as_view(), name="attendance-log-list-v2"),
]
