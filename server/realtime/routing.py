from django.urls import URLPattern, path

from server.realtime.consumers import RealtimeConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/v1/", RealtimeConsumer.as_asgi(), name="realtime-socket"),
]
