from django.apps import AppConfig


class AdjustmentsConfig(AppConfig):
    name = "server.adjustments"
    label = "adjustments"
