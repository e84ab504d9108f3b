"""Decisions on rows with a status (approve, reject, undo): one way to lock, check and answer 409.

Every decision locks its row (SELECT ... FOR UPDATE) and checks the status under the lock, so of two
people deciding the same row exactly one wins. The loser gets 409 with the row's current state (who
decided it and how), so the screen can show it without another request. Bulk decisions run each row in
its own transaction through the same path and report each row's outcome; a row someone else decided
first is one outcome among others, not an error for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from django.db import transaction
from django.db.models import Model, QuerySet
from rest_framework.exceptions import APIException
from rest_framework.response import Response

from server.core.envelope import ApiError, Conflict, respond

M = TypeVar("M", bound=Model)
T = TypeVar("T")

BULK_LIMIT = 100


class DecisionConflict(Conflict):
    """The row is no longer in a state the decision starts from; `state` is what it is now."""

    def __init__(self, message: str, *, state: dict[str, Any]):
        super().__init__(message)
        self.state = state


def locked_for_decision(
    queryset: QuerySet[M],
    pk: Any,
    *,
    sources: Collection[str],
    conflict: Callable[[M], DecisionConflict],
    status_field: str = "status",
) -> M:
    """The row `pk`, locked until the transaction ends, when its status is one of `sources`; else
    raises `conflict(row)`. Call inside transaction.atomic()."""
    row = queryset.select_for_update().get(pk=pk)
    if getattr(row, status_field) not in sources:
        raise conflict(row)
    return row


def decision_response(
    decide: Callable[[], T], *, state: Callable[[T], dict[str, Any]], message: str
) -> Response:
    """The new state with `message`, or 409 with the conflict's message and the current state."""
    try:
        decided = decide()
    except DecisionConflict as lost:
        return respond(lost.state, message=lost.message, status_code=409, errors={})
    return respond(state(decided), message=message)


# left_out: a row of a bulk the approver chose to leave out (by a risk factor), not tried.
Outcome = Literal["decided", "conflict", "refused", "left_out"]


@dataclass(frozen=True)
class BulkOutcome:
    """What happened to one row of a bulk decision."""

    hash_id: str
    outcome: Outcome
    message: str
    state: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {
            "hash_id": self.hash_id,
            "outcome": self.outcome,
            "message": self.message,
            "state": self.state,
        }


def decide_each(
    rows: Iterable[M],
    *,
    hash_id: Callable[[M], str],
    decide: Callable[[M], T],
    state: Callable[[T], dict[str, Any]],
    message: str,
) -> list[BulkOutcome]:
    """Decide each row on its own (its own transaction and row lock, in the order given) and report
    each outcome: decided, a conflict (someone decided it first: the current state), or refused (the
    decision's own 4xx for this row, e.g. a missing right or choice)."""
    outcomes: list[BulkOutcome] = []
    for row in rows:
        try:
            with transaction.atomic():
                decided = decide(row)
        except DecisionConflict as lost:
            outcomes.append(BulkOutcome(hash_id(row), "conflict", lost.message, lost.state))
        except APIException as refused:
            outcomes.append(BulkOutcome(hash_id(row), "refused", _text(refused), {}))
        else:
            outcomes.append(BulkOutcome(hash_id(row), "decided", message, state(decided)))
    return outcomes


def _text(error: APIException) -> str:
    if isinstance(error, ApiError):
        return error.message
    detail = error.detail
    if isinstance(detail, list) and detail:
        return str(detail[0])
    return str(detail)
