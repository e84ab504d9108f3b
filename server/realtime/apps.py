from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class RealtimeConfig(AppConfig):
    name = "server.realtime"
    label = "realtime"

    def ready(self) -> None:
        # Every app declares its realtime topics in its own `topics.py` (see server.realtime.topics).
        autodiscover_modules("topics")
