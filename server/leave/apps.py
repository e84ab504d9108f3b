from django.apps import AppConfig


class LeaveConfig(AppConfig):
    name = "server.leave"
    label = "leave"
