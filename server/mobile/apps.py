from django.apps import AppConfig


class MobileConfig(AppConfig):
    name = "server.mobile"
    label = "mobile"

    def ready(self) -> None:
        from server.core.mobile import register_employee_token_lookup
        from server.mobile.services import employee_token_lookup

        register_employee_token_lookup(employee_token_lookup)
