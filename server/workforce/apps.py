from django.apps import AppConfig


class WorkforceConfig(AppConfig):
    name = "server.workforce"
    label = "workforce"
