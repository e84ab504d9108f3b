from django.apps import AppConfig


class AttendanceConfig(AppConfig):
    name = "server.attendance"
    label = "attendance"
