from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "server.core"
    label = "core"

    def ready(self) -> None:
        from server.core.clock import clock_from_settings

        clock_from_settings()
