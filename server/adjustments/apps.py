from django.apps import AppConfig


class AdjustmentsConfig(AppConfig):
    name = "server.adjustments"
    label = "adjustments"

    def ready(self) -> None:
        from server.adjustments.selectors import manual_leave_days, manual_leave_overlapping
        from server.attendance.hooks import register_leave_days
        from server.izin.hooks import register_manual_leave_overlap

        register_leave_days(manual_leave_days)
        register_manual_leave_overlap(manual_leave_overlapping)
