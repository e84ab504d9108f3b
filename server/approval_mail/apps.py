from django.apps import AppConfig


class ApprovalMailConfig(AppConfig):
    name = "server.approval_mail"
    label = "approval_mail"

    def ready(self) -> None:
        from server.approval_mail.tasks import izin_request_mail_after_commit
        from server.izin.hooks import register_izin_created

        register_izin_created(izin_request_mail_after_commit)
