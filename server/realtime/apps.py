from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class RealtimeConfig(AppConfig):
    name = "server.realtime"
    label = "realtime"

    def ready(self) -> None:
        from server.core.health import register_health_counter
        from server.realtime.publish import publish_failures

        # The realtime events this process could not send since it started (they never fail a request).
        register_health_counter("publish_failures", publish_failures)
        # Every app declares its realtime topics in its own `topics.py` (see server.realtime.topics).
        autodiscover_modules("topics")
