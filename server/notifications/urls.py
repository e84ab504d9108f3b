from django.urls import URLPattern, path

from server.notifications import apis

web_urlpatterns: list[URLPattern] = [
    path("notification/list", apis.NotificationListApi.as_view(), name="notification-list"),
    path("notification/read", apis.NotificationReadApi.as_view(), name="notification-read"),
]
