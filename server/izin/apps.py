from django.apps import AppConfig


class IzinConfig(AppConfig):
    name = "server.izin"
    label = "izin"
