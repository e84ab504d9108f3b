from server.attendance.apis import actions, bulk, lists, rejection_notes, risk_settings, undo
from server.core.routes import api_paths

web_urlpatterns = api_paths(
    ("attendance_log/list", lists.AttendanceLogListApi, "attendance-log-list"),
    ("attendance_log/detail/<str:hash_id>", lists.AttendanceLogDetailApi, "attendance-log-detail"),
    ("attendance_log/approve", actions.AttendanceLogApproveApi, "attendance-log-approve"),
    ("attendance_log/reject", actions.AttendanceLogRejectApi, "attendance-log-reject"),
    ("attendance_log/approve_many", bulk.AttendanceLogApproveManyApi, "attendance-log-approve-many"),
    (
        "attendance_log/approve_many/preview",
        bulk.AttendanceLogApproveManyPreviewApi,
        "attendance-log-approve-many-preview",
    ),
    (
        "attendance_log/approve_low_risk/preview",
        bulk.AttendanceLogLowRiskPreviewApi,
        "attendance-log-approve-low-risk-preview",
    ),
    ("attendance_log/reject_many", bulk.AttendanceLogRejectManyApi, "attendance-log-reject-many"),
    (
        "attendance_log/approve_low_risk",
        bulk.AttendanceLogApproveLowRiskApi,
        "attendance-log-approve-low-risk",
    ),
    ("attendance_log/undo_many", bulk.AttendanceLogUndoManyApi, "attendance-log-undo-many"),
    ("attendance_log/last_decision", undo.AttendanceLastDecisionApi, "attendance-log-last-decision"),
    ("attendance_log/undo", actions.AttendanceLogUndoApi, "attendance-log-undo"),
    ("attendance_log/reject_valid", actions.AttendanceLogRejectValidApi, "attendance-log-reject-valid"),
    (
        "attendance_log/set_non_working_shift",
        actions.AttendanceLogSetNonWorkingShiftApi,
        "attendance-log-set-non-working-shift",
    ),
    ("attendance_log/count", lists.AttendanceLogCountApi, "attendance-log-count"),
    (
        "attendance_log/count_waiting_approval",
        lists.AttendanceLogCountWaitingApi,
        "attendance-log-count-waiting",
    ),
    ("attendance_log/man_power", lists.AttendanceLogManPowerApi, "attendance-log-man-power"),
    ("setting/risk", risk_settings.RiskSettingsApi, "setting-risk"),
    ("setting/risk/preview", risk_settings.RiskSettingsPreviewApi, "setting-risk-preview"),
    ("setting/rejection_notes", rejection_notes.RejectionNotesApi, "setting-rejection-notes"),
)

web_v2_urlpatterns = api_paths(
    ("attendance_log/list", lists.AttendanceLogDayListApi, "attendance-log-list-v2"),
)
