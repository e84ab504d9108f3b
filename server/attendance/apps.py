from django.apps import AppConfig


class AttendanceConfig(AppConfig):
    name = "server.attendance"
    label = "attendance"

    def ready(self) -> None:
        from server.attendance.days import attendance_days_changed
        from server.core.days_changed import register_days_recompute

        register_days_recompute(attendance_days_changed)
