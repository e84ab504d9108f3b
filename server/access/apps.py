from django.apps import AppConfig


class AccessConfig(AppConfig):
    name = "server.access"
    label = "access"
