from django.apps import AppConfig


class PeopleConfig(AppConfig):
    """People and access: the employee directory, user levels and user logins (issue 10)."""

    name = "server.people"
    label = "people"

    def ready(self) -> None:
        from server.people import topics  # noqa: F401  (registers the live topics)
