from django.apps import AppConfig


class SchedulesConfig(AppConfig):
    name = "server.schedules"
    label = "schedules"
