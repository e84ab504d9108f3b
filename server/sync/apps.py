from django.apps import AppConfig


class SyncConfig(AppConfig):
    name = "server.sync"
    label = "sync"
