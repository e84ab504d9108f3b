"""The audit trail over REST (DESIGN §17): the list protocol on `audit/list` (also one object's
history, 'Riwayat'), its xlsx/csv export. No write: PUT, PATCH and DELETE answer 405.

Access: `allow_audit`; the history of one object (`object_type` given) also to whoever may read
objects of that type (the flag of its screen)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.audit import selectors
from server.audit.labels import ACTION_LABELS, OBJECT_TYPE_LABELS, action_label, object_type_label
from server.audit.models import AuditEntry
from server.audit.topics import AUDIT_FLAG
from server.core.clock import date_id
from server.core.crud import ListApi, MomentField, RowNumberField
from server.core.export_titles import TitleBlock, user_name
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.core.inputs import export_format_field, read_query
from server.core.listing import ListSpec, apply_list_query, parse_list_query
from server.core.negotiation import FirstRendererNegotiation
from server.core.policy import AllFlags, AnyFlag, ByQuery, Policy
from server.core.schema import MessageEnvelope, list_parameters
from server.core.spreadsheets import XLSX_CONTENT_TYPE, table_download

# Who may read one object's history besides allow_audit: the readers of that object's screen.
OBJECT_READERS: dict[str, tuple[str, ...]] = {
    "attendance_log": (APPROVE_ATTENDANCE, REJECT_ATTENDANCE, "allow_reset_attendance"),
    "izin": ("allow_permission",),
    "employee": ("allow_employee",),
    "shift": ("allow_setting_shift",),
    "shift_pattern": ("allow_setting_shift_pattern",),
    "holiday": ("allow_setting_holiday",),
    "blacklist_app": ("allow_blacklist_app",),
    "special_leave": ("allow_cuti_khusus",),
    "additional_leave": ("allow_cuti_tambahan",),
    "system_trouble": ("allow_system_trouble",),
    "user_level": ("allow_user_level",),
    "user_login": ("allow_user_login",),
    "wall_display": ("allow_user_login",),
    "announcement": ("allow_announcement",),
}
AUDIT_READ: Policy = ByQuery(
    "object_type",
    {kind: AnyFlag(AUDIT_FLAG, *flags) for kind, flags in OBJECT_READERS.items()},
    AllFlags(AUDIT_FLAG),
)

DATE_SCHEMA = {"type": "string", "format": "date"}
AUDIT_LIST = ListSpec(
    searchable={
        "actor": "actor_name__icontains",
        "action": "action",
        "object_type": "object_type",
        "object": "object_label__icontains",
        "start_date": selectors.entries_since,
        "end_date": selectors.entries_until,
    },
    orderable={"at": "at"},
    global_search=("actor_name", "object_label", "object_id", "request_id"),
    default_order=("at", "desc"),
    default_per_page=25,
    search_schemas={
        "start_date": DATE_SCHEMA,
        "end_date": DATE_SCHEMA,
        "action": {"type": "string", "enum": list(ACTION_LABELS)},
        "object_type": {"type": "string", "enum": list(OBJECT_TYPE_LABELS)},
    },
)


# The title block's lines for the list filters of an export (labels, never codes).
AUDIT_FILTER_TITLES = {
    "actor": "Pengguna",
    "action": "Aksi",
    "object_type": "Jenis Objek",
    "object": "Objek",
}


def _day_text(value: str | None) -> str:
    """'5 Januari 2026' for an ISO date, '…' for none (the text as given when it is no date)."""
    if not value:
        return "…"
    try:
        return date_id(date.fromisoformat(value))
    except ValueError:
        return value


def audit_filters(data: dict[str, Any], query: Any) -> list[tuple[str, str]]:
    """What the export was narrowed to: the period, the list filters and the search, as labels."""
    search = dict(query.search)
    if data.get("object_type"):
        search.setdefault("object_type", data["object_type"])
    lines = []
    if search.get("start_date") or search.get("end_date"):
        ends = [_day_text(search.get("start_date")), _day_text(search.get("end_date"))]
        lines.append(("Periode", " s.d. ".join(ends)))
    for key, title in AUDIT_FILTER_TITLES.items():
        value = search.get(key)
        if not value:
            continue
        if key == "action":
            value = action_label(value)
        elif key == "object_type":
            value = object_type_label(value)
        lines.append((title, str(value)))
    if data.get("object_id"):
        lines.append(("ID Objek", str(data["object_id"])))
    if query.global_search:
        lines.append(("Cari", query.global_search))
    return lines


class AuditObjectFilter(serializers.Serializer[Any]):
    object_type = serializers.ChoiceField(choices=list(OBJECT_TYPE_LABELS), required=False)
    object_id = serializers.CharField(required=False, max_length=64)


class AuditChangeSerializer(serializers.Serializer[Any]):
    field = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


def _changes(entry: AuditEntry) -> list[dict[str, Any]]:
    keys = list(dict.fromkeys([*entry.before, *entry.after]))
    return [{"field": k, "before": entry.before.get(k), "after": entry.after.get(k)} for k in keys]


class AuditListApi(ListApi):
    """Audit trail: who changed what, when, from what (newest first)."""

    access = AUDIT_READ
    summary = "Jejak audit (list protocol; satu objek dengan object_type dan object_id)"
    list_spec = AUDIT_LIST
    FilterSerializer = AuditObjectFilter

    class OutputSerializer(serializers.Serializer[Any]):
        no = RowNumberField()
        hash_id = serializers.CharField()
        at = MomentField()
        actor = serializers.SerializerMethodField()
        actor_name = serializers.CharField()
        job_id = serializers.CharField()
        job_kind = serializers.CharField()
        action = serializers.CharField()
        action_label = serializers.SerializerMethodField()
        object_type = serializers.CharField()
        object_type_label = serializers.SerializerMethodField()
        object_id = serializers.CharField()
        object_label = serializers.CharField()
        changes = serializers.SerializerMethodField()
        request_id = serializers.CharField()

        def get_actor(self, entry: AuditEntry) -> str:
            return selectors.audit_actor(entry)

        def get_action_label(self, entry: AuditEntry) -> str:
            return action_label(entry.action)

        def get_object_type_label(self, entry: AuditEntry) -> str:
            return object_type_label(entry.object_type)

        @extend_schema_field(AuditChangeSerializer(many=True))
        def get_changes(self, entry: AuditEntry) -> list[dict[str, Any]]:
            return _changes(entry)

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> Any:
        return selectors.audit_entries(
            object_type=filters.get("object_type", ""), object_id=filters.get("object_id", "")
        )


class AuditExportInput(AuditObjectFilter):
    format = export_format_field()


class AuditExportApi(APIView):
    access = AUDIT_READ
    content_negotiation_class = FirstRendererNegotiation

    @extend_schema(
        summary="Unduh jejak audit (xlsx atau csv), dengan pencarian dan urutan daftar",
        parameters=[*list_parameters(AUDIT_LIST), AuditExportInput],
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY),
            (422, "application/json"): MessageEnvelope,
        },
    )
    def get(self, request: Request) -> Response:
        data = read_query(AuditExportInput, request)
        query = parse_list_query(request, AUDIT_LIST)
        queryset = apply_list_query(
            selectors.audit_entries(
                object_type=data.get("object_type", ""), object_id=data.get("object_id", "")
            ),
            query,
            AUDIT_LIST,
        )
        name = f"audit-{timezone.localdate():%Y%m%d}"
        return table_download(  # type: ignore[return-value]
            selectors.EXPORT_COLUMNS,
            selectors.audit_export_rows(queryset),
            name=name,
            file_format=data["format"],
            title=TitleBlock(
                report="Jejak Audit",
                filters=audit_filters(data, query),
                printed_by=user_name(request.user),
            ),
        )
