from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "server.notifications"
    label = "notifications"

    def ready(self) -> None:
        from server.notifications.hooks import notifications_register

        # The jobs framework is below this app: it tells whoever registered when a job ended.
        notifications_register()
