"""The delegation endpoints (DESIGN §20): create, list (mine given/received, all for the user-login
admin), end, and the picker of colleagues to delegate to. Any signed-in user login may call them; the
service decides what they may give (their own approval rights) and the selectors what they may see."""

from __future__ import annotations

from datetime import date
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request

from server.accounts import delegation as kit
from server.accounts import messages as msg
from server.accounts.models import Delegation, User
from server.accounts.rights import ALLOW_PERMISSION
from server.accounts.selectors import request_user
from server.core.clock import local_today
from server.core.crud import CreateApi, DeleteApi, DetailApi, KitApi, ListApi, MomentField, RowNumberField
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.core.hashids import decode_id
from server.core.inputs import date_field, error_messages
from server.core.listing import ListSpec
from server.core.policy import AnyFlag, SignedIn

SIGNED_IN = SignedIn()
# Who may create one: an approver (their own rights go; a delegate is told that received rights do
# not go onward) or the user-login admin (for anyone). Reading and ending are anyone's own.
MAY_DELEGATE = AnyFlag(
    APPROVE_ATTENDANCE,
    REJECT_ATTENDANCE,
    ALLOW_PERMISSION,
    kit.ADMIN_FLAG,
    denied_message=msg.DELEGATION_NO_RIGHTS,
)


class PersonOutput(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    fullname = serializers.CharField()
    username = serializers.CharField()


class DelegationOutput(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    delegator = PersonOutput()
    delegate = PersonOutput()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    note = serializers.CharField()
    # active | upcoming | ended
    status = serializers.CharField()
    status_label = serializers.CharField()
    # The rights it gives today, in words (empty once ended).
    rights = serializers.ListField(child=serializers.CharField())
    created = MomentField()
    creator_name = serializers.CharField()
    ended_at = serializers.DateTimeField(allow_null=True)
    ended_by_name = serializers.CharField()
    # Whether the reader may end it (its delegator, its delegate or the user-login admin; not ended).
    can_end = serializers.BooleanField()


class _Rows(KitApi):
    """Serialize delegations through `delegation_row` (their status, rights and the reader's rights)."""

    def output(self, instance: Any) -> Any:
        row = kit.delegation_row(instance, viewer=request_user(self.request))
        return DelegationOutput(row).data


class DelegationListApi(ListApi):
    summary = "Daftar delegasi (diberikan, diterima; semua untuk admin user login)"
    access = SIGNED_IN
    list_spec = ListSpec(
        searchable={
            "delegator": "delegator__fullname__icontains",
            "delegate": "delegate__fullname__icontains",
        },
        orderable={"start_date": "start_date", "end_date": "end_date", "created": "created"},
        global_search=(
            "delegator__fullname",
            "delegate__fullname",
            "delegator__username",
            "delegate__username",
            "note",
        ),
        default_order=("start_date", "desc"),
    )

    class FilterSerializer(serializers.Serializer[Any]):
        scope = serializers.ChoiceField(
            choices=list(kit.SCOPES),
            required=False,
            default="mine",
            error_messages=error_messages(
                msg.DELEGATION_SCOPE_INVALID, invalid_choice=msg.DELEGATION_SCOPE_INVALID
            ),
        )
        status = serializers.ChoiceField(
            choices=["", *kit.STATUS_LABELS],
            required=False,
            default="",
            error_messages=error_messages(
                msg.DELEGATION_STATUS_INVALID, invalid_choice=msg.DELEGATION_STATUS_INVALID
            ),
        )

    class OutputSerializer(DelegationOutput):
        no = RowNumberField()

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> Any:
        return kit.delegations_for(
            user=request_user(request), scope=filters["scope"], status=filters["status"]
        )

    def rows(self, rows: Any, first: int) -> list[dict[str, Any]]:
        viewer, today = request_user(self.request), local_today()
        out = []
        for index, delegation in enumerate(rows):
            row = kit.delegation_row(delegation, viewer=viewer, today=today)
            out.append({**DelegationOutput(row).data, "no": first + index})
        return out


class DelegationDetailApi(_Rows, DetailApi):
    summary = "Detail delegasi"
    access = SIGNED_IN
    OutputSerializer = DelegationOutput

    def get_object(self, request: Request, hash_id: str) -> Delegation:
        return kit.delegation_for_user(user=request_user(request), hash_id=hash_id)


def _user_of(hash_id: str, message: str) -> User:
    pk = decode_id(User._meta.label, hash_id.strip())
    user = User.objects.select_related("level").filter(pk=pk).first() if pk is not None else None
    if user is None:
        raise serializers.ValidationError(message)
    return user


class DelegationCreateApi(_Rows, CreateApi):
    summary = "Buat delegasi hak persetujuan"
    access = {"POST": MAY_DELEGATE}
    success_message = msg.DELEGATION_CREATED
    OutputSerializer = DelegationOutput

    class InputSerializer(serializers.Serializer[Any]):
        delegate = serializers.CharField(
            max_length=32,
            error_messages=error_messages(msg.DELEGATE_REQUIRED, max_length=msg.DELEGATE_NOT_FOUND),
        )
        # The user-login admin only: whose rights are delegated (default: the signed-in user's own).
        delegator = serializers.CharField(
            max_length=32,
            required=False,
            allow_blank=True,
            default="",
            error_messages=error_messages(msg.DELEGATOR_NOT_FOUND, max_length=msg.DELEGATOR_NOT_FOUND),
        )
        start_date = date_field(msg.DELEGATION_START_REQUIRED)
        end_date = date_field(msg.DELEGATION_END_REQUIRED)
        note = serializers.CharField(
            max_length=255,
            required=False,
            allow_blank=True,
            default="",
            error_messages=error_messages(
                msg.DELEGATION_NOTE_TOO_LONG, max_length=msg.DELEGATION_NOTE_TOO_LONG
            ),
        )

        def validate_delegate(self, value: str) -> User:
            return _user_of(value, msg.DELEGATE_NOT_FOUND)

        def validate_delegator(self, value: str) -> User | None:
            return _user_of(value, msg.DELEGATOR_NOT_FOUND) if value else None

    def perform(self, request: Request, data: dict[str, Any]) -> Delegation:
        user = request_user(request)
        delegator: User = data.get("delegator") or user
        if delegator.pk != user.pk and not kit.is_admin(user):
            raise PermissionDenied(msg.DELEGATOR_ADMIN_ONLY)
        start: date = data["start_date"]
        end: date = data["end_date"]
        return kit.delegation_create(
            data=kit.DelegationInput(
                delegator=delegator,
                delegate=data["delegate"],
                start_date=start,
                end_date=end,
                note=data["note"],
            ),
            creator=user,
        )


class DelegationEndApi(DeleteApi):
    summary = "Akhiri delegasi sekarang"
    access = {"DELETE": SIGNED_IN}
    success_message = msg.DELEGATION_ENDED
    extra_errors = (409,)

    def get_object(self, request: Request, hash_id: str) -> Delegation:
        user = request_user(request)
        delegation = kit.delegation_for_user(user=user, hash_id=hash_id)
        return delegation

    def perform(self, request: Request, obj: Delegation) -> None:
        kit.delegation_end(delegation=obj, user=request_user(request))


class DelegationCandidateApi(ListApi):
    summary = "Pengguna yang dapat menerima delegasi"
    access = SIGNED_IN
    # Names only: a signed-in user learns no colleague's e-mail here. The picker lists every active
    # login in one page (up to 1,000): with 100 a colleague past the first hundred names was unreachable.
    list_spec = ListSpec(
        global_search=("fullname", "username"),
        orderable={"fullname": "fullname"},
        default_order=("fullname", "asc"),
        per_page_choices=(10, 25, 50, 100, 1000),
    )

    class OutputSerializer(PersonOutput):
        pass

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> Any:
        return kit.delegation_candidates(user=request_user(request))
