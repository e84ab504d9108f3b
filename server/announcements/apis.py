"""Announcement endpoints: the back office (spec doc1 §7.3) and the employee app's list.

Web: list, tag, detail, attachment (allow_announcement); create (allow_announcement_create),
update of a draft or a scheduled announcement and the important toggle (allow_announcement_update), delete
(allow_announcement_delete). Mobile: the published, due announcements of the employee's man power
type, and their attachments. Attachments are never on a public URL.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.announcements import messages as msg
from server.announcements import selectors, services
from server.announcements.models import Announcement
from server.announcements.tags import ALL, TYPES, UnknownTag, tag_catalogue, tags_parse
from server.core.attachments import CONTENT_TYPES
from server.core.crud import DetailApi
from server.core.envelope import Unprocessable, respond
from server.core.files import FileResponse, file_response, stored_file
from server.core.inputs import FilledTextField, SchemaPattern, query_choice, read_body
from server.core.listing import ListSpec, list_response, pagination_info, parse_list_query
from server.core.mobile import MobileApiView
from server.core.policy import AllFlags
from server.core.schema import (
    MessageEnvelope,
    answers,
    envelope_schema,
    list_envelope_schema,
    page_parameters,
)
from server.mobile.policies import signed_in_employee

PER_PAGE = 9
ANNOUNCEMENT_LIST = ListSpec(
    orderable={"created": "created", "published_date": "published_date", "title": "title"},
    global_search=("title",),
    default_order=("created", "desc"),
    default_per_page=PER_PAGE,
    per_page_choices=(PER_PAGE,),
    tie_breaker="-pk",
)
MOBILE_LIST = ListSpec(default_per_page=10)
FLAG_NUMBER_SCHEMA = {"type": "integer", "enum": [0, 1]}
# The schema's pattern of `tag` (tags separated by commas; `tags_parse` reads it, also with blanks and
# capitals, and refuses an unknown tag). Documents only: a text it does not match is left to tags_parse.
_TAG = f"({'|'.join((ALL, *TYPES))})"
TAG_LIST_SCHEMA = SchemaPattern(rf"^{_TAG}?(,{_TAG})*$")
# `published_date` (`_published_date`: ISO date and time, years 2000-2100; the pattern shows days to
# 28 and years to 2099, a part of what it takes) and `url` (`_url`: host, port, path; scheme optional).
PUBLISHED_DATE_SCHEMA = SchemaPattern(
    r"^(20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8]) ([01][0-9]|2[0-3]):[0-5][0-9])?$"
)
# One text for both: host, port, then a path without blanks, control characters, quotes or brackets.
# Control characters are named: Python's `\s` covers \x1c-\x1f and \x85, a schema's (ECMA) does not.
_URL_REST = r"[A-Za-z0-9._~%-]+(:[0-9]{1,5})?([/?#][^\s\x00-\x1f\x7f-\x9f<>\"'`\\]*)?"
URL_SCHEMA = SchemaPattern(rf"^((https?://)?{_URL_REST})?$")

_SCHEME = re.compile(r"^\s*https?://", re.IGNORECASE)
_URL = re.compile(rf"^{_URL_REST}$")

VIEW = AllFlags("allow_announcement")
CREATE = AllFlags("allow_announcement", "allow_announcement_create")
UPDATE = AllFlags("allow_announcement", "allow_announcement_update")
DELETE = AllFlags("allow_announcement", "allow_announcement_delete")


class AnnouncementRow(serializers.Serializer[Any]):
    # server.announcements.selectors.announcement_row.
    id = serializers.CharField()
    hash_id = serializers.CharField()
    title = serializers.CharField()
    snippet = serializers.CharField(help_text="teks tanpa markup, 60 karakter")
    is_published = serializers.IntegerField(help_text="0 draft, 1 terbit")
    is_important = serializers.IntegerField(help_text="0/1")
    status = serializers.CharField(help_text="draft, scheduled atau published")
    published_date = serializers.CharField(help_text="'YYYY-MM-DD HH:mm:ss' atau ''")
    tag = serializers.ListField(child=serializers.CharField(), help_text="all atau tipe man power")
    url_title = serializers.CharField()
    url = serializers.CharField(help_text="tanpa http://")
    attachment = serializers.CharField(help_text="URL lampiran (perlu token) atau ''")
    attachment_name = serializers.CharField()
    created = serializers.CharField(help_text="'YYYY-MM-DD HH:mm:ss'")
    creator_user_name = serializers.CharField()


class AnnouncementListRow(AnnouncementRow):
    # A row of the list (its component name; the fields are the row's).
    pass


class AnnouncementDetail(AnnouncementRow):
    # server.announcements.selectors.announcement_detail.
    content = serializers.CharField()


class MobileAnnouncementRow(AnnouncementDetail):
    # server.announcements.selectors.mobile_announcement_row.
    url_full = serializers.CharField()


class AnnouncementTag(serializers.Serializer[Any]):
    # server.announcements.tags.tag_catalogue.
    id = serializers.IntegerField()
    value = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label


RowEnvelope = envelope_schema("AnnouncementRowEnvelope", AnnouncementRow())
FILE_RESPONSES = {
    (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY),
    404: MessageEnvelope,
}


def _flag(value: Any, field: str) -> bool:
    text = str(value).strip().lower()
    if text in ("1", "true"):
        return True
    if text in ("0", "false", ""):
        return False
    raise Unprocessable(msg.FLAG_INVALID, errors={field: [msg.FLAG_INVALID]})


def _rows(rows: Iterable[Announcement], first: int) -> list[dict[str, Any]]:
    return [selectors.announcement_row(announcement) for announcement in rows]


class AnnouncementListApi(APIView):
    access = VIEW

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "tag",
                {"type": "string", "enum": ["", ALL, *TYPES]},
                description="office, pool, site, tug_boat; '' atau all: semua",
            ),
            OpenApiParameter("important", FLAG_NUMBER_SCHEMA, description="1: hanya yang penting"),
            OpenApiParameter("page", {"type": "integer", "minimum": 1}, description="halaman, mulai 1"),
            OpenApiParameter("per_page", {"type": "integer", "enum": [PER_PAGE]}, description="9"),
        ],
        responses=answers(
            list_envelope_schema("AnnouncementListEnvelope", AnnouncementListRow(many=True)),
            403,
            422,
        ),
        summary="Daftar pengumuman (9 per halaman, terbaru dahulu)",
    )
    def get(self, request: Request) -> Response:
        tag = query_choice(request, "tag", (ALL, *TYPES), msg.TAG_FILTER_UNKNOWN, lower=True)
        important = _flag(request.query_params.get("important", ""), "important")
        queryset = selectors.announcement_list(tag=tag, important=important)
        return list_response(request, queryset, ANNOUNCEMENT_LIST, _rows)


class AnnouncementTagListApi(APIView):
    access = VIEW

    @extend_schema(
        responses=envelope_schema(
            "AnnouncementTagListEnvelope",
            AnnouncementTag(many=True),
        ),
        summary="Tag pengumuman (all = Semua)",
    )
    def get(self, request: Request) -> Response:
        return respond(tag_catalogue())


class AnnouncementDetailApi(DetailApi):
    access = VIEW
    summary = "Detail pengumuman"

    class OutputSerializer(AnnouncementDetail):
        def to_representation(self, instance: Announcement) -> dict[str, Any]:
            return selectors.announcement_detail(instance)

    def get_object(self, request: Request, hash_id: str) -> Announcement:
        return selectors.announcement_get(hash_id)


def attachment_response(announcement: Announcement) -> FileResponse:
    found = stored_file(announcement.attachment.name or "")
    if found is None:
        raise NotFound(msg.ATTACHMENT_MISSING)
    content_type = CONTENT_TYPES.get(found.suffix.lstrip(".").lower(), "application/octet-stream")
    return file_response(
        found, filename=announcement.attachment_name or found.name, content_type=content_type, max_age=3600
    )


class AnnouncementAttachmentApi(APIView):
    access = VIEW

    @extend_schema(responses=FILE_RESPONSES, summary="Lampiran pengumuman (perlu masuk)")
    def get(self, request: Request, hash_id: str) -> FileResponse:
        return attachment_response(selectors.announcement_get(hash_id))


def _published_date(raw: str) -> datetime | None:
    text = raw.strip()
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise Unprocessable(msg.DATE_INVALID, errors={"published_date": [msg.DATE_INVALID]}) from None
    if not 2000 <= moment.year <= 2100:
        raise Unprocessable(msg.DATE_INVALID, errors={"published_date": [msg.DATE_INVALID]})
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


def _url(raw: str) -> str:
    text = _SCHEME.sub("", raw.strip()).strip()
    if text and not _URL.match(text):
        raise Unprocessable(msg.URL_INVALID, errors={"url": [msg.URL_INVALID]})
    return text


@extend_schema_field({"type": "string", "enum": ["0", "1"]})
class FormFlagField(serializers.CharField):
    """A 0/1 flag of the form (read by `_flag`, which also takes true/false and a blank as 0)."""


@extend_schema_field(FLAG_NUMBER_SCHEMA)
class NumberFlagField(serializers.CharField):
    """A 0/1 flag of a JSON body (read by `_flag`, which also takes "0"/"1" and true/false text)."""


def _flag_field(field_class: type[serializers.CharField] = FormFlagField, **kwargs: Any) -> Any:
    return field_class(
        max_length=5,
        error_messages={
            key: msg.FLAG_INVALID for key in ("required", "blank", "null", "invalid", "max_length")
        },
        **kwargs,
    )


def _text(max_length: int, too_long: str, **kwargs: Any) -> serializers.CharField:
    return serializers.CharField(
        max_length=max_length,
        required=False,
        allow_blank=True,
        default="",
        trim_whitespace=False,
        error_messages={"max_length": too_long, "invalid": too_long},
        **kwargs,
    )


class AnnouncementForm(serializers.Serializer[Any]):
    """The multipart form of create and update (spec doc1 §7.3); flags are 0/1."""

    title = FilledTextField(
        max_length=200,
        trim_whitespace=False,
        error_messages={
            "required": msg.TITLE_REQUIRED,
            "null": msg.TITLE_REQUIRED,
            "invalid": msg.TITLE_TOO_LONG,
            "max_length": msg.TITLE_TOO_LONG,
        },
    )
    content = _text(services.MAX_CONTENT, msg.CONTENT_TOO_LONG)
    is_published = _flag_field(required=False, allow_blank=True, default="")
    is_important = _flag_field(required=False, allow_blank=True, default="")
    published_date = _text(40, msg.DATE_INVALID, validators=[PUBLISHED_DATE_SCHEMA])
    tag = _text(200, msg.TAG_FILTER_UNKNOWN, validators=[TAG_LIST_SCHEMA])
    url_title = _text(200, msg.URL_TITLE_TOO_LONG)
    url = _text(500, msg.URL_INVALID, validators=[URL_SCHEMA])
    remove_attachment = _flag_field(required=False, allow_blank=True, default="")
    attachment = serializers.FileField(
        required=False,
        allow_null=True,
        default=None,
        error_messages={
            key: msg.ATTACHMENT_INVALID_FIELD for key in ("invalid", "empty", "no_name", "max_length")
        },
    )

    def to_input(self) -> services.AnnouncementInput:
        values = self.validated_data
        try:
            tags = tags_parse(values["tag"])
        except UnknownTag as unknown:
            message = msg.TAG_UNKNOWN.format(tags=str(unknown))
            raise Unprocessable(message, errors={"tag": [message]}) from None
        return services.AnnouncementInput(
            title=values["title"],
            content=values["content"],
            publish=_flag(values["is_published"], "is_published"),
            is_important=_flag(values["is_important"], "is_important"),
            published_date=_published_date(values["published_date"]),
            tags=tags,
            url_title=values["url_title"],
            url=_url(values["url"]),
            attachment=values["attachment"],
            remove_attachment=_flag(values["remove_attachment"], "remove_attachment"),
        )


def _saved_message(announcement: Announcement, *, created: bool) -> str:
    if announcement.is_published and announcement.published_date is not None:
        return msg.PUBLISHED.format(when=selectors.moment_id(announcement.published_date))
    return msg.SAVED_DRAFT if created else msg.UPDATED


class AnnouncementCreateApi(APIView):
    access = CREATE

    @extend_schema(
        request={"multipart/form-data": AnnouncementForm},
        responses=answers({201: RowEnvelope}, 403, 422),
        summary="Buat pengumuman (draft atau terbitkan)",
    )
    def post(self, request: Request) -> Response:
        form = AnnouncementForm(data=request.data)
        form.is_valid(raise_exception=True)
        announcement = services.announcement_create(creator=request_user(request), values=form.to_input())
        return respond(
            selectors.announcement_row(announcement),
            message=_saved_message(announcement, created=True),
            status_code=201,
        )


class AnnouncementUpdateForm(AnnouncementForm):
    hash_id = serializers.CharField(
        max_length=64,
        error_messages={
            key: msg.ID_REQUIRED for key in ("required", "blank", "null", "invalid", "max_length")
        },
    )


class AnnouncementUpdateApi(APIView):
    access = UPDATE

    @extend_schema(
        request={"multipart/form-data": AnnouncementUpdateForm},
        responses=answers(RowEnvelope, 403, 404, 409, 422),
        summary=(
            "Ubah draft atau pengumuman terjadwal (dan terbitkan); yang sudah terbit tidak dapat diubah (409)"
        ),
    )
    def put(self, request: Request) -> Response:
        form = AnnouncementUpdateForm(data=request.data)
        form.is_valid(raise_exception=True)
        announcement = services.announcement_update(
            hash_id=form.validated_data["hash_id"], values=form.to_input()
        )
        return respond(
            selectors.announcement_row(announcement), message=_saved_message(announcement, created=False)
        )


class AnnouncementImportantApi(APIView):
    access = UPDATE

    class AnnouncementImportantInput(serializers.Serializer[Any]):
        id = serializers.CharField(
            max_length=64,
            error_messages={
                key: msg.ID_REQUIRED for key in ("required", "blank", "null", "invalid", "max_length")
            },
        )
        important = _flag_field(NumberFlagField)

    @extend_schema(
        request=AnnouncementImportantInput,
        responses=answers(RowEnvelope, 403, 404, 422),
        summary="Tandai atau hapus tanda penting",
    )
    def patch(self, request: Request) -> Response:
        data = read_body(self.AnnouncementImportantInput, request)
        important = _flag(data["important"], "important")
        announcement = services.announcement_important_set(hash_id=data["id"], important=important)
        return respond(
            selectors.announcement_row(announcement),
            message=msg.MARKED_IMPORTANT if important else msg.UNMARKED_IMPORTANT,
        )


class AnnouncementDeleteApi(APIView):
    access = DELETE

    @extend_schema(
        responses=answers(MessageEnvelope, 403, 404),
        summary="Hapus pengumuman",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.announcement_delete(hash_id=hash_id)
        return respond(None, message=msg.DELETED)


class MobileAnnouncementListApi(MobileApiView):
    @extend_schema(
        parameters=page_parameters(MOBILE_LIST),
        responses=answers(
            list_envelope_schema(
                "MobileAnnouncementListEnvelope",
                MobileAnnouncementRow(many=True),
            ),
            422,
        ),
        summary="Pengumuman untuk karyawan: yang penting dahulu, lalu yang terbaru",
    )
    def get(self, request: Request) -> Response:
        query = parse_list_query(request, MOBILE_LIST)
        queryset = selectors.announcements_for_employee(employee=signed_in_employee(request))
        total = queryset.count()
        last_page = max(1, math.ceil(total / query.per_page))
        offset = (query.page - 1) * query.per_page
        rows = [selectors.mobile_announcement_row(a) for a in queryset[offset : offset + query.per_page]]
        return respond(
            rows, recordsTotal=total, recordsFiltered=total, pagination=pagination_info(query.page, last_page)
        )


class MobileAnnouncementAttachmentApi(MobileApiView):
    @extend_schema(responses=FILE_RESPONSES, summary="Lampiran pengumuman untuk karyawan")
    def get(self, request: Request, hash_id: str) -> FileResponse:
        employee = signed_in_employee(request)
        return attachment_response(selectors.announcement_for_employee(employee=employee, hash_id=hash_id))
