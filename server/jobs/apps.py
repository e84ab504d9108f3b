from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class JobsConfig(AppConfig):
    name = "server.jobs"
    label = "jobs"

    def ready(self) -> None:
        # Every app declares its job kinds in its own `jobs.py` (see server.jobs.kinds).
        autodiscover_modules("jobs")
