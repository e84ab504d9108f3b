"""API base classes of the server kit (HackSoft style): one view per operation, nested serializers.

    class ShiftListApi(ListApi):
        access = SHIFT.read                         # server.core.policy.flag_policies("allow_setting_shift")
        list_spec = ListSpec(searchable=..., orderable=..., global_search=...)

        class FilterSerializer(serializers.Serializer):   # optional extra query parameters
            type = serializers.ChoiceField(choices=..., required=False)

        class OutputSerializer(serializers.Serializer):   # one row
            no = RowNumberField()
            hash_id = serializers.CharField()
            name = serializers.CharField()

        def get_queryset(self, request, filters):
            return shift_list(filters=filters)      # a selector

`ListApi` serves the list protocol (server.core.listing) with the row serializer, `AllRowsApi` every
row unpaged (pickers); `DetailApi`, `CreateApi`, `UpdateApi` (PUT) and `DeleteApi` read the object
through `get_object` (a `*_for_user` selector or `get_by_hash_id`), validate `InputSerializer` and call
one service in `perform`; `SaveApi` serves both writes at one URL (POST creates, PUT updates the record
the body's `hash_id` names, as doc3's settings screens call them). Every
answer is the envelope; the OpenAPI schema (parameters, request body, envelope with the output
serializer, error statuses) is derived from the same serializers by `KitSchema`, so it cannot drift
from what the view accepts and answers. server/core/README.md has the whole recipe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from drf_spectacular.plumbing import get_doc
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core import messages
from server.core.envelope import Unprocessable, respond
from server.core.hashids import get_by_hash_id
from server.core.inputs import RequiredMonthYearInput, read_body, read_query
from server.core.listing import ListSpec, list_response
from server.core.policy import FlagPolicies, Policy
from server.core.schema import (
    ApiSchema,
    answers,
    envelope_schema,
    list_envelope_schema,
    list_parameters,
    requiring_id,
)


@extend_schema_field(OpenApiTypes.INT)
class RowNumberField(serializers.Field[Any, Any, Any, Any]):
    """The row's 1-based number in the whole filtered list ("No" columns)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.update(source="*", read_only=True)
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> int:
        number: int = self.context["row_numbers"][id(value)]
        return number


@extend_schema_field(OpenApiTypes.STR)
class MomentField(serializers.Field[Any, Any, Any, Any]):
    """A moment as local 'YYYY-MM-DD HH:mm:ss' (DESIGN §4), '' when empty."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def get_attribute(self, instance: Any) -> str:
        # Formatted here: DRF would emit null for an empty moment before to_representation runs.
        value = super().get_attribute(instance)
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S") if value is not None else ""

    def to_representation(self, value: str) -> str:
        return value


class _Computed:
    """A field whose value `compute(obj)` derives from the whole object (a label, a formatted range, a
    text that is '' when a relation is empty), rendered and documented as the value's own field."""

    def __init__(self, compute: Callable[[Any], Any], **kwargs: Any) -> None:
        self.compute = compute
        kwargs["source"] = "*"
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> Any:
        return super().to_representation(self.compute(value))  # type: ignore[misc]


class ComputedCharField(_Computed, serializers.CharField):
    pass


class ComputedIntegerField(_Computed, serializers.IntegerField):
    pass


class ComputedFloatField(_Computed, serializers.FloatField):
    pass


class ComputedDateField(_Computed, serializers.DateField):
    pass


class ComputedListField(_Computed, serializers.ListSerializer[Any]):
    """Rows `compute(obj)` reads (a selector), each through `child`:
    `ComputedListField(recent_of, child=RowOutput())`."""


class IdOutput(serializers.Serializer[Any]):
    """The public id, as `id` (the screens' name) and `hash_id`."""

    id = serializers.CharField(source="hash_id")
    hash_id = serializers.CharField()


@cache
def _update_input(
    input_class: type[serializers.Serializer[Any]], name: str, field: str
) -> type[serializers.Serializer[Any]]:
    """The documented PUT body of a SaveApi (one class per view, as the schema registry wants)."""
    return requiring_id(input_class, name, field)


class KitSchema(ApiSchema):
    """OpenAPI of the kit's views from their serializers (explicit `extend_schema` still wins)."""

    def _stem(self) -> str:
        return type(self.view).__name__.removesuffix("Api")

    def get_description(self) -> str:  # type: ignore[override]  # drf-spectacular narrows it
        """The view's own docstring: the kit bases' describe the kit, not the endpoint."""
        description: str = super().get_description()
        view = type(self.view)
        return "" if view.__doc__ is None and description == get_doc(view) else description

    def get_summary(self) -> str | None:
        summary = getattr(self.view, "summary", None)
        if isinstance(summary, Mapping):
            summary = summary.get(self.method)
        return super().get_summary() or summary

    def get_serializer_name(self, serializer: serializers.Serializer[Any], direction: Any) -> str:
        view = type(self.view)
        kind = type(serializer)
        if kind is getattr(view, "OutputSerializer", None):
            return f"{self._stem()}{'Row' if isinstance(self.view, ListApi) else 'Output'}"
        if kind is getattr(view, "InputSerializer", None):
            return f"{self._stem()}Input"
        if kind is getattr(view, "UpdateInputSerializer", None):
            return f"{self._stem()}UpdateInput"
        if kind is getattr(view, "FilterSerializer", None):
            return f"{self._stem()}Filter"
        return str(super().get_serializer_name(serializer, direction))

    def get_override_parameters(self) -> list[Any]:
        parameters = list(super().get_override_parameters())
        view = type(self.view)
        if issubclass(view, ListApi) and self.method == "GET":
            extra = [view.FilterSerializer] if view.FilterSerializer is not None else []
            parameters = [*list_parameters(view.list_spec), *extra, *parameters]
        return parameters

    def get_request_serializer(self) -> Any:
        view = type(self.view)
        input_serializer = getattr(view, "InputSerializer", None)
        if self.method == "PUT" and issubclass(view, SaveApi):
            return view.UpdateInputSerializer or _update_input(
                view.InputSerializer, f"{self._stem()}UpdateInput", view.id_field
            )
        if self.method in ("POST", "PUT", "PATCH") and input_serializer is not None:
            return input_serializer
        if issubclass(view, KitApi):
            return None
        return super().get_request_serializer()

    def get_response_serializers(self) -> Any:
        view = type(self.view)
        if not issubclass(view, KitApi):
            return super().get_response_serializers()
        # A delete answers no data, whatever its resource's OutputSerializer.
        output = None if issubclass(view, DeleteApi) else getattr(view, "OutputSerializer", None)
        stem = self._stem()
        errors = [403, *view.extra_errors]
        if issubclass(view, ListApi):
            assert output is not None, f"{view.__name__} needs an OutputSerializer"
            return answers(list_envelope_schema(f"{stem}Envelope", output(many=True)), 422, *errors)
        if issubclass(view, AllRowsApi):
            assert output is not None, f"{view.__name__} needs an OutputSerializer"
            return answers(envelope_schema(f"{stem}Envelope", output(many=True)), *errors)
        if issubclass(view, DetailApi | UpdateApi | DeleteApi) or (
            issubclass(view, SaveApi) and self.method == "PUT"
        ):
            errors.append(404)
        if issubclass(view, CreateApi | UpdateApi | SaveApi):
            errors.append(422)
        data = output() if output is not None else serializers.JSONField(allow_null=True)
        status = view.success_status if issubclass(view, CreateApi) else 200
        if issubclass(view, SaveApi):
            stem, status = (f"{stem}Create", 201) if self.method == "POST" else (f"{stem}Update", 200)
        return answers({status: envelope_schema(f"{stem}Envelope", data)}, *errors)


class KitApi(APIView):
    schema = KitSchema()
    OutputSerializer: ClassVar[type[serializers.Serializer[Any]] | None] = None
    # The operation's one-line summary in the schema (one per method where a view serves two), and the
    # error statuses it answers beyond those the kit derives (e.g. 409 for a state conflict).
    summary: ClassVar[str | Mapping[str, str] | None] = None
    extra_errors: ClassVar[tuple[int, ...]] = ()
    # Who may call it (server.core.policy.policy_for), derived from a Resource's `policies` when unset.
    access: ClassVar[Policy | Mapping[str, Policy]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        policies = getattr(cls, "policies", None)
        if policies is not None and "access" not in vars(cls):
            cls.access = cls.policy_of(policies)

    @classmethod
    def policy_of(cls, policies: FlagPolicies) -> Policy | Mapping[str, Policy]:
        """The view's access under its resource's `policies` (its operation's: reading here)."""
        return policies.read

    def resource_queryset(self) -> models.QuerySet[Any]:
        queryset = self.queryset if isinstance(self, Resource) else None
        if queryset is None:
            raise NotImplementedError(f"{type(self).__name__} needs a queryset or its own reader")
        return queryset.all()

    def output(self, instance: Any) -> Any:
        if self.OutputSerializer is None:
            return None
        return self.OutputSerializer(instance, context={"request": self.request}).data


class Resource(KitApi):
    """What the views of one CRUD resource share, declared once and mixed into each (as a DRF
    ViewSet's attributes):

        class ShiftResource(Resource):
            policies = SHIFT                       # flag_policies("allow_setting_shift")
            queryset = Shift.objects.all()
            not_found_message = msg.SHIFT_NOT_FOUND
            OutputSerializer = ShiftOutput

        class ShiftDeleteApi(ShiftResource, DeleteApi): ...

    Each view then reads its records from `queryset` (the list's rows, the object of `hash_id` with
    `not_found_message` when there is none) and is guarded by its operation's policy: the list,
    detail and pickers `read`, POST `create`, PUT `update`, DELETE `delete`. A view's own `access`,
    `get_queryset` or `get_object` still wins.
    """

    policies: ClassVar[FlagPolicies | None] = None
    queryset: ClassVar[models.QuerySet[Any] | None] = None
    not_found_message: ClassVar[str] = messages.NOT_FOUND


class ListApi(KitApi):
    """GET: the list protocol over `get_queryset(request, filters)`, one OutputSerializer per row."""

    list_spec: ClassVar[ListSpec]
    FilterSerializer: ClassVar[type[serializers.Serializer[Any]] | None] = None

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> models.QuerySet[Any]:
        return self.resource_queryset()

    def rows(self, rows: Iterable[models.Model], first: int) -> list[dict[str, Any]]:
        rows = list(rows)
        assert self.OutputSerializer is not None
        numbers = {id(row): first + index for index, row in enumerate(rows)}
        context = {"request": self.request, "row_numbers": numbers}
        return list(self.OutputSerializer(rows, many=True, context=context).data)

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        filters = read_query(self.FilterSerializer, request) if self.FilterSerializer is not None else {}
        return list_response(request, self.get_queryset(request, filters), self.list_spec, self.rows)


class AllRowsApi(KitApi):
    """GET: every row of `get_queryset(request)` through OutputSerializer, unpaged (pickers)."""

    def get_queryset(self, request: Request) -> models.QuerySet[Any]:
        return self.resource_queryset()

    def get(self, request: Request) -> Response:
        assert self.OutputSerializer is not None
        rows = self.OutputSerializer(self.get_queryset(request), many=True, context={"request": request})
        return respond(rows.data)


class _ObjectApi(KitApi):
    def get_object(self, request: Request, hash_id: str) -> Any:
        """The object of `hash_id` the caller may see: a selector that raises 404 (never None); the
        resource's `queryset` with its `not_found_message` unless the view says otherwise."""
        message = self.not_found_message if isinstance(self, Resource) else messages.NOT_FOUND
        return get_by_hash_id(self.resource_queryset(), hash_id, message=message)


class DetailApi(_ObjectApi):
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(self.output(self.get_object(request, hash_id)))


class CreateApi(KitApi):
    """POST: validate InputSerializer, `perform(request, data)` (one service call), answer 201 with the
    created object through OutputSerializer (or no data)."""

    InputSerializer: ClassVar[type[serializers.Serializer[Any]]]
    success_message: ClassVar[str] = messages.SAVED
    success_status: ClassVar[int] = 201

    @classmethod
    def policy_of(cls, policies: FlagPolicies) -> Policy | Mapping[str, Policy]:
        return {"POST": policies.create}

    def perform(self, request: Request, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def post(self, request: Request) -> Response:
        created = self.perform(request, read_body(self.InputSerializer, request))
        return respond(self.output(created), message=self.success_message, status_code=self.success_status)


class UpdateApi(_ObjectApi):
    """PUT `<hash_id>`: the object, validated InputSerializer, `perform(request, obj, data)`."""

    InputSerializer: ClassVar[type[serializers.Serializer[Any]]]
    success_message: ClassVar[str] = messages.UPDATED

    @classmethod
    def policy_of(cls, policies: FlagPolicies) -> Policy | Mapping[str, Policy]:
        return {"PUT": policies.update}

    def perform(self, request: Request, obj: Any, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def put(self, request: Request, hash_id: str) -> Response:
        obj = self.get_object(request, hash_id)
        updated = self.perform(request, obj, read_body(self.InputSerializer, request))
        return respond(self.output(updated), message=self.success_message)


class DeleteApi(_ObjectApi):
    """DELETE `<hash_id>`: the object, `perform(request, obj)`, the success message and no data."""

    success_message: ClassVar[str] = messages.DELETED

    @classmethod
    def policy_of(cls, policies: FlagPolicies) -> Policy | Mapping[str, Policy]:
        return {"DELETE": policies.delete}

    def perform(self, request: Request, obj: Any) -> None:
        raise NotImplementedError

    def delete(self, request: Request, hash_id: str) -> Response:
        self.perform(request, self.get_object(request, hash_id))
        return respond(None, message=self.success_message)


class SaveApi(_ObjectApi):
    """Both writes at one URL: POST validates InputSerializer and `create(request, data)` (201, SAVED);
    PUT validates it (or UpdateInputSerializer where PUT's body differs), reads the record the body's
    `id_field` (`hash_id`) names (`id_required_message` when blank, `get_object` 404 when unknown) and
    `update(request, obj, data)` (200, UPDATED). Both answer the record through OutputSerializer; the
    documented PUT body requires the id."""

    InputSerializer: ClassVar[type[serializers.Serializer[Any]]]
    # PUT's own body where it differs from POST's (it then requires the id itself), and the body key
    # naming the record.
    UpdateInputSerializer: ClassVar[type[serializers.Serializer[Any]] | None] = None
    id_field: ClassVar[str] = "hash_id"
    id_required_message: ClassVar[str] = messages.FIELD_REQUIRED

    @classmethod
    def policy_of(cls, policies: FlagPolicies) -> Policy | Mapping[str, Policy]:
        return {"POST": policies.create, "PUT": policies.update}

    def create(self, request: Request, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def update(self, request: Request, obj: Any, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def post(self, request: Request) -> Response:
        created = self.create(request, read_body(self.InputSerializer, request))
        return respond(self.output(created), message=messages.SAVED, status_code=201)

    def put(self, request: Request) -> Response:
        data = read_body(self.UpdateInputSerializer or self.InputSerializer, request)
        hash_id = str(data.get(self.id_field) or "").strip()
        if not hash_id:
            raise Unprocessable(self.id_required_message, errors={self.id_field: [self.id_required_message]})
        updated = self.update(request, self.get_object(request, hash_id), data)
        return respond(self.output(updated), message=messages.UPDATED)


def month_schema(envelope: str, data: Any, summary: str) -> Any:
    """The schema of a MonthApi view (decorates the class): `?month&year`, `data` in the envelope."""
    return extend_schema(
        parameters=[RequiredMonthYearInput],
        responses=answers(envelope_schema(envelope, data), 422),
        summary=summary,
    )


class MonthApi(APIView):
    # GET ?month=&year= (both required): `answer(month, year)` in the envelope; `month_schema` documents it.

    def answer(self, month: int, year: int) -> Any:
        raise NotImplementedError

    def get(self, request: Request) -> Response:
        month, year = RequiredMonthYearInput.read(request)
        return respond(self.answer(month, year))
