from django.urls import URLPattern, path

from server.realtime.apis import RealtimeTicketApi

web_urlpatterns: list[URLPattern] = [
    path("realtime/ticket", RealtimeTicketApi.as_view(), name="realtime-ticket"),
]
