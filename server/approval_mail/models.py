"""E-mailed approval links (single use, bound to one approver, short-lived) and the daily digest's
record of who was sent it on which day."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin


class LinkDecision(models.TextChoices):
    APPROVE = "approve", "Setujui"
    REJECT = "reject", "Tolak"


class ApprovalLink(HashIdMixin, models.Model):
    """One link of one e-mail: the approver it was sent to, the request, the decision its button
    suggests. The URL carries the row's id and a random secret, signed; only the secret's digest is
    kept. Using any link of an (approver, request) pair spends them all."""

    approver = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    izin = models.ForeignKey("izin.IzinRequest", on_delete=models.CASCADE, related_name="+")
    decision = models.CharField(max_length=10, choices=LinkDecision.choices)
    secret_digest = models.CharField(max_length=64)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["izin", "approver"])]

    def __str__(self) -> str:
        return f"link {self.decision} {self.izin_id} for {self.approver_id}"


class DigestSent(models.Model):
    """The daily digest went to `user` for `day` (local): at most one a day, whatever beat does."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="approval_mail_digest_once")]

    def __str__(self) -> str:
        return f"digest {self.day} for {self.user_id}"
