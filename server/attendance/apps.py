from django.apps import AppConfig


class AttendanceConfig(AppConfig):
    name = "server.attendance"
    label = "attendance"

    def ready(self) -> None:
        from server.attendance.days import attendance_days_changed, attendance_first_day
        from server.attendance.sla import attendance_sla_register
        from server.core.days_changed import register_days_recompute, register_first_computed_day

        register_days_recompute(attendance_days_changed)
        register_first_computed_day(attendance_first_day)
        attendance_sla_register()
