from django.apps import AppConfig


class AnnouncementsConfig(AppConfig):
    name = "server.announcements"
    label = "announcements"
