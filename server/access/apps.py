from django.apps import AppConfig


class AccessConfig(AppConfig):
    """Migrations only (see the package's docstring)."""

    name = "server.access"
    label = "access"
