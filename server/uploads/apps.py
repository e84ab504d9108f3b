from django.apps import AppConfig


class UploadsConfig(AppConfig):
    name = "server.uploads"
    label = "uploads"
    default_auto_field = "django.db.models.BigAutoField"
