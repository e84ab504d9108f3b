import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")
django_asgi_app = get_asgi_application()

from server.config.startup import refuse_insecure_settings  # noqa: E402

refuse_insecure_settings()

from django.conf import settings  # noqa: E402

from server.jobs.reaper import reaper_start  # noqa: E402

if settings.JOBS_REAPER_THREAD:
    reaper_start()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from server.realtime.routing import websocket_urlpatterns  # noqa: E402
from server.realtime.ticket_endpoint import TicketEndpoint  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": TicketEndpoint(django_asgi_app),
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)
