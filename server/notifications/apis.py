"""The signed-in user's notification centre (DESIGN §20): the list of their own notifications with the
unread count, and marking them read. Nobody reads or marks another's rows."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.crud import ListApi, MomentField
from server.core.envelope import Unprocessable, respond
from server.core.inputs import HashIdListField, read_body, read_query
from server.core.listing import ListSpec, list_response
from server.core.policy import SignedIn
from server.core.schema import answers, envelope_schema, inline_serializer, list_envelope_schema
from server.notifications import messages as msg
from server.notifications import selectors, services
from server.notifications.models import Notification

# The most ids one PATCH marks (the panel shows a page of them).
READ_IDS_MAX = 100


class NotificationRow(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    kind = serializers.CharField(help_text="queue.new, sla.escalation, delegation.received, job.ended, ...")
    title = serializers.CharField()
    body = serializers.CharField()
    link = serializers.CharField(help_text="a page of the client ('' for none)")
    count = serializers.IntegerField(help_text="events folded into this row")
    created = MomentField()
    read = serializers.BooleanField(source="read_at", help_text="already read")
    read_at = MomentField()

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # `data` (the notification's own) is added here: a class attribute would hide Serializer.data.
        fields: dict[str, serializers.Field[Any, Any, Any, Any]] = super().get_fields()
        fields["data"] = serializers.DictField(help_text="what the kind carries (a job's id, a queue's key)")
        return fields

    def to_representation(self, instance: Notification) -> dict[str, Any]:
        return selectors.notification_row(instance)


def _user_id(request: Request) -> int:
    """The signed-in caller's id (every view here is SignedIn)."""
    user_id = request.user.pk
    assert user_id is not None
    return int(user_id)


class NotificationListApi(ListApi):
    """The caller's own notifications, newest first; `unread` in the answer counts the unread ones."""

    access = SignedIn()
    summary = "Notifikasi saya"
    list_spec = ListSpec(
        searchable={"kind": "kind"},
        orderable={"created": "created"},
        global_search=("title", "body"),
        default_order=("created", "desc"),
    )
    OutputSerializer = NotificationRow

    class FilterSerializer(serializers.Serializer[Any]):
        unread = serializers.ChoiceField(
            choices=["0", "1"],
            required=False,
            help_text="1: only the unread ones",
            error_messages={"invalid_choice": msg.UNREAD_INVALID},
        )

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> Any:
        rows = selectors.notification_list(user_id=_user_id(request))
        return rows.filter(read_at__isnull=True) if filters.get("unread") == "1" else rows

    @extend_schema(
        responses=answers(
            list_envelope_schema(
                "NotificationListEnvelope",
                NotificationRow(many=True),
                extra={"unread": serializers.IntegerField(help_text="the caller's unread notifications")},
            ),
            422,
        ),
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        filters = read_query(self.FilterSerializer, request)
        user_id = _user_id(request)
        return list_response(
            request,
            self.get_queryset(request, filters),
            self.list_spec,
            self.rows,
            extra=lambda _: {"unread": selectors.notification_unread_count(user_id=user_id)},
        )


class NotificationReadInput(serializers.Serializer[Any]):
    ids = HashIdListField(max_length=READ_IDS_MAX, required=False, help_text="the notifications to mark read")
    all = serializers.BooleanField(required=False, help_text="true: every unread notification of mine")


NotificationReadEnvelope = envelope_schema(
    "NotificationReadEnvelope",
    inline_serializer(
        "NotificationReadResult",
        {
            "marked": serializers.IntegerField(help_text="notifications marked read now"),
            "unread": serializers.IntegerField(help_text="the caller's unread notifications after it"),
        },
    ),
)


class NotificationReadApi(APIView):
    access = SignedIn()

    @extend_schema(
        request=NotificationReadInput,
        responses=answers(NotificationReadEnvelope, 422),
        summary="Tandai notifikasi saya sudah dibaca (ids, atau all: true)",
    )
    def patch(self, request: Request) -> Response:
        data = read_body(NotificationReadInput, request)
        everything = data.get("all") is True
        if not everything and not data.get("ids"):
            raise Unprocessable(msg.READ_INPUT, errors={"ids": [msg.READ_INPUT]})
        user_id = _user_id(request)
        marked = services.notification_read(user_id=user_id, hash_ids=None if everything else data["ids"])
        unread = selectors.notification_unread_count(user_id=user_id)
        return respond({"marked": marked, "unread": unread}, message=msg.MARKED_READ)
