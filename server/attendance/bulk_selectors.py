"""What a bulk approve would do, before it runs (DESIGN §21: a bulk action says what it includes before
it runs, with a breakdown the user can narrow): the rows it would approve, each with its risk and the
placement an out-of-radius row would be approved at, and a breakdown by risk factor (for the distance
factor also per placement) so the approver can leave the rows of a factor out (`exclude_factors`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db.models import QuerySet

from server.attendance.log_fields import local_datetime_text, placement_zone_abbreviation
from server.attendance.models import AttendanceLog, LogStatus, RiskLevel
from server.attendance.placements import approval_placements, placement_ref
from server.attendance.risk import FACTORS, RULES
from server.attendance.risk_selectors import log_risk
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


def bulk_preview_row(log: AttendanceLog, approve_at: ManPower | None, left_out: list[str]) -> dict[str, Any]:
    employee = log.employee
    return {
        "hash_id": log.hash_id,
        "employee_name": employee.name,
        "employee_number_formatted": employee.employee_number_formatted,
        "log_datetime": local_datetime_text(log.log_datetime, log.man_power),
        "log_timezone": placement_zone_abbreviation(log.man_power),
        "log_type": log.log_type,
        "man_power_name": log.man_power.name if log.man_power is not None else "",
        "location": 1 if log.is_valid_location else 0,
        "risk": log_risk(log),
        "factors": log_factor_codes(log),
        "approve_at": placement_ref(approve_at) if not log.is_valid_location else None,
        "left_out": bool(left_out),
    }


def bulk_breakdown(logs: Sequence[AttendanceLog], approve_at: Mapping[int, ManPower]) -> list[dict[str, Any]]:
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
    breakdown = []
    for code in FACTOR_CODES:
        if not counts[code]:
            continue
        entry: dict[str, Any] = {"code": code, "label": labels.get(code, code), "count": counts[code]}
        if code == DISTANCE:
            entry["placements"] = [
                {"hash_id": hash_id, "name": name, "count": count}
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
) -> dict[str, Any]:
    """The preview of approving `logs` (read with QUEUE_ROW_RELATED): every row (oldest first), the
    breakdown by factor over all of them, and how many `exclude_factors` leaves out. `matching`: how
    many rows the filter holds (more than `logs` when capped); `missing`: asked-for ids not found."""
    logs = sorted(logs, key=lambda log: (log.log_datetime, log.pk))
    approve_at = approval_placements(
        logs, near_man_power=near_man_power, near_man_power_all=near_man_power_all
    )
    rows = [bulk_preview_row(log, approve_at.get(log.pk), left_out_by(log, exclude_factors)) for log in logs]
    left_out = sum(1 for row in rows if row["left_out"])
    return {
        "rows": rows,
        "factors": bulk_breakdown(logs, approve_at),
        "total": len(rows),
        "matching": len(rows) if matching is None else matching,
        "without_factors": sum(1 for row in rows if not row["factors"]),
        "exclude_factors": [code for code in FACTOR_CODES if code in set(exclude_factors)],
        "left_out": left_out,
        "to_approve": len(rows) - left_out,
        "missing": list(missing),
    }


def waiting_low_risk(logs: QuerySet[AttendanceLog]) -> QuerySet[AttendanceLog]:
    """The waiting low-risk logs of a filtered queue, oldest first."""
    return logs.filter(status=LogStatus.WAITING_APPROVAL, risk_level=RiskLevel.LOW).order_by(
        "log_datetime", "pk"
    )


def attendance_low_risk_preview(
    *, logs: QuerySet[AttendanceLog], exclude_factors: Sequence[str] = ()
) -> dict[str, Any]:
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
