from django.apps import AppConfig
from django.db.backends.signals import connection_created


class AuditConfig(AppConfig):
    name = "server.audit"
    label = "audit"

    def ready(self) -> None:
        from server.audit.guard import register_sqlite_function

        # The SQLite triggers of the audit tables ask this connection whether it may change them.
        connection_created.connect(register_sqlite_function, dispatch_uid="audit_sqlite_guard")
