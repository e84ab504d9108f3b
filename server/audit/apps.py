from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "server.audit"
    label = "audit"
