"""What a bulk approve would do, before it runs (DESIGN §21: a bulk action says what it includes before
it runs, with a breakdown the user can narrow): the rows it would approve, each with its risk and the
placement an out-of-radius row would be approved at, and a breakdown by risk factor (for the distance
factor also per placement) so the approver can leave the rows of a factor out (`exclude_factors`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from django.db.models import QuerySet

from server.attendance.models import AttendanceLog, LogStatus, RiskLevel
from server.attendance.placements import approval_placements
from server.attendance.risk import FACTORS, RULES
from server.attendance.selectors import (
    LOW_RISK_LIMIT,
    QUEUE_ROW_RELATED,
    attendance_viewer_types,
)
from server.core.hashids import decode_id
from server.workforce.models import ManPower

FACTOR_CODES: tuple[str, ...] = tuple(code for code, _ in FACTORS)
DISTANCE = "distance"
EXCLUDE_FACTORS_INVALID = "Faktor risiko tidak dikenal: {codes}."
LEFT_OUT = "Disisihkan: {labels}."


def factor_labels() -> dict[str, str]:
    """The label of each factor code (the thresholds screen's words)."""
    return {rule[0]: rule[1] for rule in RULES}


def log_factor_codes(log: AttendanceLog) -> list[str]:
    """The factor codes of a log's risk, in the order of FACTORS."""
    found = {reason.get("code", "") for reason in (log.risk_reasons or []) if isinstance(reason, dict)}
    return [code for code in FACTOR_CODES if code in found]


def left_out_by(log: AttendanceLog, exclude_factors: Iterable[str]) -> list[str]:
    """The factors of `log` the approver chose to leave out ([] = it is approved)."""
    excluded = set(exclude_factors)
    return [code for code in log_factor_codes(log) if code in excluded]


def left_out_message(codes: Sequence[str]) -> str:
    labels = factor_labels()
    return LEFT_OUT.format(labels=", ".join(labels.get(code, code) for code in codes))


@dataclass(frozen=True)
class PreviewRow:
    """A log a bulk approve would take: its risk factors, the placement it would be approved at (None
    within the radius, or when it has none: refused) and whether the approver's `exclude_factors`
    leave it out."""

    log: AttendanceLog
    factors: list[str]
    approve_at: ManPower | None
    left_out: bool


class PlacementCount(TypedDict):
    hash_id: str  # '' = none: refused
    name: str
    count: int


class FactorCount(TypedDict):
    code: str
    label: str
    count: int
    placements: NotRequired[list[PlacementCount]]  # the distance factor's, per placement


@dataclass(frozen=True)
class BulkPreview:
    """What a bulk approve would do (AttendanceLogBulkPreview): its rows, the breakdown by factor and
    the counts."""

    rows: list[PreviewRow]
    factors: list[FactorCount]
    total: int
    matching: int
    without_factors: int
    exclude_factors: list[str]
    left_out: int
    to_approve: int
    missing: list[str]


def preview_row(
    log: AttendanceLog, approve_at: ManPower | None, exclude_factors: Iterable[str]
) -> PreviewRow:
    return PreviewRow(
        log=log,
        factors=log_factor_codes(log),
        approve_at=approve_at if not log.is_valid_location else None,
        left_out=bool(left_out_by(log, exclude_factors)),
    )


def bulk_breakdown(logs: Sequence[AttendanceLog], approve_at: Mapping[int, ManPower]) -> list[FactorCount]:
    """Per factor present among `logs`: its code, label and how many rows have it; the distance factor
    also per placement those rows would be approved at (`hash_id` '' = none: refused)."""
    labels = factor_labels()
    counts: Counter[str] = Counter()
    at: Counter[tuple[str, str]] = Counter()
    for log in logs:
        codes = log_factor_codes(log)
        counts.update(codes)
        if DISTANCE in codes:
            place = approve_at.get(log.pk)
            at[(place.hash_id, place.name) if place is not None else ("", "")] += 1
    breakdown: list[FactorCount] = []
    for code in FACTOR_CODES:
        if not counts[code]:
            continue
        entry = FactorCount(code=code, label=labels.get(code, code), count=counts[code])
        if code == DISTANCE:
            entry["placements"] = [
                PlacementCount(hash_id=hash_id, name=name, count=count)
                for (hash_id, name), count in sorted(at.items(), key=lambda item: (-item[1], item[0][1]))
            ]
        breakdown.append(entry)
    return breakdown


def attendance_bulk_preview(
    *,
    logs: Sequence[AttendanceLog],
    exclude_factors: Sequence[str] = (),
    near_man_power: Mapping[str, ManPower] | None = None,
    near_man_power_all: ManPower | None = None,
    matching: int | None = None,
    missing: Sequence[str] = (),
) -> BulkPreview:
    """The preview of approving `logs` (read with QUEUE_ROW_RELATED): every row (oldest first), the
    breakdown by factor over all of them, and how many `exclude_factors` leaves out. `matching`: how
    many rows the filter holds (more than `logs` when capped); `missing`: asked-for ids not found."""
    logs = sorted(logs, key=lambda log: (log.log_datetime, log.pk))
    approve_at = approval_placements(
        logs, near_man_power=near_man_power, near_man_power_all=near_man_power_all
    )
    rows = [preview_row(log, approve_at.get(log.pk), exclude_factors) for log in logs]
    left_out = sum(1 for row in rows if row.left_out)
    return BulkPreview(
        rows=rows,
        factors=bulk_breakdown(logs, approve_at),
        total=len(rows),
        matching=len(rows) if matching is None else matching,
        without_factors=sum(1 for row in rows if not row.factors),
        exclude_factors=[code for code in FACTOR_CODES if code in set(exclude_factors)],
        left_out=left_out,
        to_approve=len(rows) - left_out,
        missing=list(missing),
    )


def waiting_low_risk(logs: QuerySet[AttendanceLog]) -> QuerySet[AttendanceLog]:
    """The waiting low-risk logs of a filtered queue, oldest first."""
    return logs.filter(status=LogStatus.WAITING_APPROVAL, risk_level=RiskLevel.LOW).order_by(
        "log_datetime", "pk"
    )


def attendance_low_risk_preview(
    *, logs: QuerySet[AttendanceLog], exclude_factors: Sequence[str] = ()
) -> BulkPreview:
    """'Setujui semua risiko rendah' before it runs: the oldest LOW_RISK_LIMIT waiting low-risk logs of
    the queue's filter `logs`, as attendance_bulk_preview, with how many the filter holds in all."""
    low = waiting_low_risk(logs)
    matching = low.count()
    rows = list(low.select_related(*QUEUE_ROW_RELATED)[:LOW_RISK_LIMIT])
    return attendance_bulk_preview(logs=rows, exclude_factors=exclude_factors, matching=matching)


def bulk_preview_logs(
    *, access: Mapping[str, int], hash_ids: Sequence[str]
) -> tuple[list[AttendanceLog], list[str]]:
    """The waiting logs of a selection the user may see (read with QUEUE_ROW_RELATED), and the ids
    asked for that are not among them (unknown, invisible or no longer waiting)."""
    label = AttendanceLog._meta.label
    pks = {hash_id: decode_id(label, hash_id) for hash_id in dict.fromkeys(hash_ids)}
    found = (
        AttendanceLog.objects.select_related(*QUEUE_ROW_RELATED)
        .filter(
            pk__in=[pk for pk in pks.values() if pk is not None],
            status=LogStatus.WAITING_APPROVAL,
            man_power_type__in=attendance_viewer_types(access),
        )
        .in_bulk()
    )
    missing = [hash_id for hash_id, pk in pks.items() if pk is None or pk not in found]
    return list(found.values()), missing


def hash_ids_among(logs: QuerySet[AttendanceLog], hash_ids: Sequence[str]) -> set[str]:
    """Which of `hash_ids` name a log of `logs` (a filtered queue)."""
    label = AttendanceLog._meta.label
    pks = {pk: hash_id for hash_id in hash_ids if (pk := decode_id(label, hash_id)) is not None}
    found = logs.filter(pk__in=list(pks)).order_by().values_list("pk", flat=True)
    return {pks[pk] for pk in found}
