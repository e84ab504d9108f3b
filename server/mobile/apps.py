from django.apps import AppConfig


class MobileConfig(AppConfig):
    name = "server.mobile"
    label = "mobile"
