from django.apps import AppConfig


class IzinConfig(AppConfig):
    name = "server.izin"
    label = "izin"

    def ready(self) -> None:
        from server.izin.sla import izin_sla_register

        izin_sla_register()
