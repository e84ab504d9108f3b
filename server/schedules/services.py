"""Settings writes (shifts, patterns, holidays, blacklisted apps, leave kinds, system trouble) and
how they ripple into the attendance days: every change that alters a day recomputes the affected
rows (in its transaction when small, in the background otherwise), then hints the dashboard; every
change tells the open settings screens of its kind (`settings.<kind>` topics)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, time, timedelta
from typing import Any, TypeVar

from django.db import IntegrityError, models, transaction
from django.db.models import Max
from rest_framework.exceptions import NotFound

from server.audit.services import Change, audit_record, audit_record_many, audit_snapshot
from server.core.clock import local_today
from server.core.days_changed import counts_changed, days_changed, days_changed_range, first_computed_day
from server.core.envelope import Conflict, Unprocessable
from server.jobs.runner import job_start
from server.realtime.publish import publish
from server.schedules import messages as msg
from server.schedules.models import (
    AdditionalLeave,
    BlacklistApp,
    Holiday,
    HolidayDate,
    LeaveKind,
    Shift,
    ShiftPattern,
    ShiftPatternContent,
    ShiftType,
    SpecialLeave,
    SystemTrouble,
)
from server.schedules.selectors import pattern_ids_using_shifts
from server.schedules.topics import settings_topic
from server.workforce.models import Employee

# Why the days changed (the dashboard hint's reason).
SCHEDULE_REASON = "schedule"
M = TypeVar("M", bound=models.Model)
K = TypeVar("K", bound=LeaveKind)


def schedule_changed_recompute(
    *,
    pattern_ids: Iterable[int] | None = None,
    dates: Iterable[date] | None = None,
    shift_ids: Iterable[int] | None = None,
    since: date | None = None,
) -> None:
    """Recompute the attendance days a schedule edit affects, up to today (bulk).

    - `dates` (holiday, collective leave or system trouble edits): those dates, for everyone (or only
      the employees of `pattern_ids`/`shift_ids` when given); past dates also settle collective
      leave, so a date that stops being cuti bersama gives the day back.
    - `pattern_ids` / `shift_ids` without dates (a pattern's items or start, a shift's hours): the
      employees on those patterns from `since` (default today) up to today.
    Future dates are left alone: their rows are made when they come.
    """
    today = local_today()
    patterns = set(pattern_ids or ())
    if shift_ids is not None:
        patterns |= pattern_ids_using_shifts(shift_ids=shift_ids)
    scoped = pattern_ids is not None or shift_ids is not None
    employee_ids: list[int] | None = None
    if scoped:
        if not patterns:
            return
        employee_ids = list(
            Employee.objects.filter(shift_pattern_id__in=patterns).values_list("pk", flat=True)
        )
        if not employee_ids:
            return
    if dates is not None:
        days = sorted({d for d in dates if d <= today})
        if not days:
            return
        # Everyone on scattered dates: bulk passes over runs of dates keep the loaded range tight.
        days_changed(
            employee_ids=employee_ids,
            dates=days,
            reason=SCHEDULE_REASON,
            bulk=employee_ids is None,
            collective_dates=[day for day in days if day < today],
        )
        return
    start = min(since or today, today)
    days_changed_range(employee_ids=employee_ids, start=start, end=today, reason=SCHEDULE_REASON)


# --- Applying a schedule change: inline when small, in the background otherwise -----------------

# Employee-days recomputed inside the request's transaction; anything bigger goes to a background
# job that starts once the change commits (the change itself stays atomic either way).
RECOMPUTE_INLINE_LIMIT = 5000
# The job kind that recomputes a big change (registered by server/schedules/jobs.py).
SCHEDULE_RECOMPUTE_KIND = "schedules.recompute"


@dataclass(frozen=True)
class RecomputeScope:
    """What a schedule change touches: dates for everyone, or the employees of some patterns."""

    dates: tuple[date, ...] = ()
    pattern_ids: tuple[int, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.dates and not self.pattern_ids


def pattern_since(pattern_ids: Iterable[int]) -> date:
    """A pattern or shift edit applies to every day already computed for its employees (the days
    mirror the schedule as it now stands), so recompute from the first of those days."""
    first = first_computed_day(pattern_ids=pattern_ids)
    today = local_today()
    return min(first, today) if first else today


def _scope_size(scope: RecomputeScope) -> int:
    today = local_today()
    if scope.dates:
        days = len({d for d in scope.dates if d <= today})
        return days * Employee.objects.filter(is_active=True).count()
    employees = Employee.objects.filter(shift_pattern_id__in=scope.pattern_ids).count()
    return employees * ((today - pattern_since(scope.pattern_ids)).days + 1)


def schedule_change_apply(*, scope: RecomputeScope) -> None:
    """Bring the attendance days in line with a schedule change (call inside the change's transaction).

    Small scopes are recomputed at once in the same transaction; big ones by a `schedules.recompute`
    job started once the change commits (live progress on the `jobs` topic). Either way the dashboard
    is hinted once the new days are committed.
    """
    if scope.is_empty:
        return
    if _scope_size(scope) <= RECOMPUTE_INLINE_LIMIT:
        if scope.dates:
            schedule_changed_recompute(dates=scope.dates)
        if scope.pattern_ids:
            schedule_changed_recompute(pattern_ids=scope.pattern_ids, since=pattern_since(scope.pattern_ids))
        counts_changed(reason=SCHEDULE_REASON)
        return
    job_start(
        kind=SCHEDULE_RECOMPUTE_KIND,
        params={
            "dates": [d.isoformat() for d in sorted(set(scope.dates))],
            "pattern_ids": sorted(set(scope.pattern_ids)),
        },
        user=None,
    )


def _changed(entity: str, action: str, hash_id: str) -> None:
    """Tell the open settings screens of `entity` (after commit) so their lists refresh."""
    publish(settings_topic(entity), "changed", {"action": action, "hash_id": hash_id})


# The fields each settings record shows in its audit entries (DESIGN §17).
AUDIT_FIELDS: dict[str, tuple[str, ...]] = {
    "shift": (
        "code",
        "name",
        "type",
        "time_in",
        "time_out",
        "break_start",
        "break_end",
        "late_in_minutes",
        "early_out_minutes",
        "minimum_check_in_time",
    ),
    "shift_pattern": ("code", "name", "type", "starting_date", "day_circle_number"),
    "holiday": ("name", "start_date", "end_date"),
    "blacklist_app": ("name", "package_id", "is_allow"),
    "special_leave": ("name", "code", "jumlah_hari"),
    "additional_leave": ("name", "code"),
    "system_trouble": ("date", "description"),
}


def _snapshot(kind: str, obj: models.Model | None) -> dict[str, Any]:
    return audit_snapshot(obj, AUDIT_FIELDS[kind]) if obj is not None else {}


def _audit(
    kind: str,
    action: str,
    obj: models.Model,
    before: dict[str, Any],
    *,
    object_id: str = "",
    after: dict[str, Any] | None = None,
) -> None:
    label = str(getattr(obj, "name", "") or getattr(obj, "date", "") or "")
    audit_record(
        action=action,
        object_type=kind,
        object_id=object_id or obj.hash_id,  # type: ignore[attr-defined]
        object_label=label,
        before=before,
        after=_snapshot(kind, obj) if after is None else after,
    )


def _delete(kind: str, obj: models.Model) -> str:
    """Delete the settings record `obj` with its audit entry (what it held before); its public id.
    Deleted through its queryset, so the caller's instance keeps its pk (and public id) after."""
    hash_id: str = obj.hash_id  # type: ignore[attr-defined]
    before = _snapshot(kind, obj)
    type(obj)._default_manager.filter(pk=obj.pk).delete()
    _audit(kind, "delete", obj, before, object_id=hash_id, after={})
    return hash_id


def _delete_unused(
    kind: str,
    obj: models.Model,
    *,
    used_by: tuple[type[models.Model], str] | str,
    in_use: str,
    topic: str = "",
) -> None:
    """Delete the settings record `obj` unless rows of `used_by` point at it: (model, field), or the
    name of the reverse relation of an app above this one (which schedules does not import). Refused
    with `in_use` (its `{count}` filled in), checked under the record's lock."""
    with transaction.atomic():
        locked = type(obj)._default_manager.select_for_update().get(pk=obj.pk)
        if isinstance(used_by, str):
            count = getattr(locked, used_by).count()
        else:
            model, field = used_by
            count = model._default_manager.filter(**{field: locked}).count()
        if count:
            raise Conflict(in_use.format(count=count))
        hash_id = _delete(kind, locked)
        _changed(topic or kind, "deleted", hash_id)


def _pattern_contents(pattern: ShiftPattern) -> dict[str, Any]:
    items = pattern.contents.select_related("shift").order_by("day_number")
    return {"contents": [f"{item.day_number}: {item.shift.name}" for item in items]}


def _require_unique(
    model: type[models.Model], field: str, value: str, message: str, *, exclude: int | None
) -> None:
    qs = model._default_manager.filter(**{f"{field}__iexact": value})
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    if qs.exists():
        raise Unprocessable(message, errors={field: [message]})


def _next_code(model: type[models.Model], prefix: str) -> str:
    taken = set(model._default_manager.filter(code__startswith=prefix).values_list("code", flat=True))
    n = model._default_manager.count() + 1
    while f"{prefix}{n:03d}" in taken:
        n += 1
    return f"{prefix}{n:03d}"


def _saved(obj: M, *, unique_field: str, message: str) -> M:
    """Save inside a savepoint: a concurrent duplicate of a unique field answers 422, not 500."""
    try:
        with transaction.atomic():
            obj.save()
    except IntegrityError:
        raise Unprocessable(message, errors={unique_field: [message]}) from None
    return obj


# --- Shifts (Jam Kerja) ---------------------------------------------------------------------------

MIDNIGHT = time(0, 0)


@dataclass(frozen=True)
class ShiftFields:
    name: str
    type: str
    time_in: time
    time_out: time
    break_start: time
    break_end: time
    late_in_minutes: int
    early_out_minutes: int
    minimum_check_in_time: int
    code: str = ""

    def normalized(self) -> ShiftFields:
        """A non-working shift has no hours: every time is 00:00 and every tolerance 0 (doc3 §4)."""
        if self.type == ShiftType.WORKING:
            return self
        return replace(
            self,
            time_in=MIDNIGHT,
            time_out=MIDNIGHT,
            break_start=MIDNIGHT,
            break_end=MIDNIGHT,
            late_in_minutes=0,
            early_out_minutes=0,
            minimum_check_in_time=0,
        )


def _shift_apply(shift: Shift, fields: ShiftFields) -> None:
    values = fields.normalized()
    shift.name = values.name.strip()
    shift.type = values.type
    shift.time_in = values.time_in
    shift.time_out = values.time_out
    shift.break_start = values.break_start
    shift.break_end = values.break_end
    shift.late_in_minutes = values.late_in_minutes
    shift.early_out_minutes = values.early_out_minutes
    shift.minimum_check_in_time = values.minimum_check_in_time


def shift_create(*, fields: ShiftFields) -> Shift:
    with transaction.atomic():
        code = fields.code.strip() or _next_code(Shift, "JK")
        _require_unique(Shift, "code", code, msg.CODE_TAKEN, exclude=None)
        shift = Shift(code=code)
        _shift_apply(shift, fields)
        _saved(shift, unique_field="code", message=msg.CODE_TAKEN)
        _audit("shift", "create", shift, {})
        _changed("shift", "created", shift.hash_id)
    return shift


def shift_update(*, shift: Shift, fields: ShiftFields) -> Shift:
    """Change a shift's hours; the days of every employee on a pattern using it follow."""
    with transaction.atomic():
        shift = Shift.objects.select_for_update().get(pk=shift.pk)
        before = _snapshot("shift", shift)
        code = fields.code.strip() or shift.code
        _require_unique(Shift, "code", code, msg.CODE_TAKEN, exclude=shift.pk)
        shift.code = code
        _shift_apply(shift, fields)
        _saved(shift, unique_field="code", message=msg.CODE_TAKEN)
        _audit("shift", "update", shift, before)
        schedule_change_apply(
            scope=RecomputeScope(pattern_ids=tuple(pattern_ids_using_shifts(shift_ids=[shift.pk])))
        )
        _changed("shift", "updated", shift.hash_id)
        # Pattern contents show the shift's name and hours.
        for pattern in ShiftPattern.objects.filter(contents__shift=shift).distinct():
            _changed("shift_pattern", "updated", pattern.hash_id)
    return shift


def shift_delete(*, shift: Shift) -> None:
    """Delete a shift no pattern uses (a used one is refused, naming the patterns)."""
    with transaction.atomic():
        shift = Shift.objects.select_for_update().get(pk=shift.pk)
        patterns = list(ShiftPattern.objects.filter(contents__shift=shift).distinct().order_by("code"))
        if patterns:
            names = ", ".join(f"{p.code} ({p.name})" for p in patterns)
            raise Conflict(msg.SHIFT_IN_USE.format(patterns=names))
        hash_id = _delete("shift", shift)
        _changed("shift", "deleted", hash_id)


# --- Shift patterns (Pola Kerja) and their content ------------------------------------------------


@dataclass(frozen=True)
class PatternFields:
    name: str
    starting_date: date
    day_circle_number: int
    type: str = "fix"
    code: str = ""


def shift_pattern_create(*, fields: PatternFields) -> ShiftPattern:
    with transaction.atomic():
        code = fields.code.strip() or _next_code(ShiftPattern, "PK")
        _require_unique(ShiftPattern, "code", code, msg.CODE_TAKEN, exclude=None)
        pattern = ShiftPattern(
            code=code,
            name=fields.name.strip(),
            type=fields.type or "fix",
            starting_date=fields.starting_date,
            day_circle_number=fields.day_circle_number,
        )
        _saved(pattern, unique_field="code", message=msg.CODE_TAKEN)
        _audit("shift_pattern", "create", pattern, {})
        _changed("shift_pattern", "created", pattern.hash_id)
    return pattern


def shift_pattern_update(*, pattern: ShiftPattern, fields: PatternFields) -> ShiftPattern:
    """Change a pattern; a cycle shorter than its content is refused. Its employees' days follow."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=pattern.pk)
        before = _snapshot("shift_pattern", pattern)
        highest = pattern.contents.aggregate(highest=Max("day_number"))["highest"] or 0
        if fields.day_circle_number < max(highest, pattern.contents.count()):
            raise Unprocessable(msg.CYCLE_TOO_SHORT, errors={"day_circle_number": [msg.CYCLE_TOO_SHORT]})
        code = fields.code.strip() or pattern.code
        _require_unique(ShiftPattern, "code", code, msg.CODE_TAKEN, exclude=pattern.pk)
        calendar_changed = (
            pattern.starting_date != fields.starting_date
            or pattern.day_circle_number != fields.day_circle_number
        )
        pattern.code = code
        pattern.name = fields.name.strip()
        pattern.type = fields.type or pattern.type
        pattern.starting_date = fields.starting_date
        pattern.day_circle_number = fields.day_circle_number
        _saved(pattern, unique_field="code", message=msg.CODE_TAKEN)
        _audit("shift_pattern", "update", pattern, before)
        if calendar_changed:
            schedule_change_apply(scope=RecomputeScope(pattern_ids=(pattern.pk,)))
        _changed("shift_pattern", "updated", pattern.hash_id)
    return pattern


def shift_pattern_delete(*, pattern: ShiftPattern) -> None:
    """Delete a pattern no employee is on (refused otherwise: their schedule would vanish)."""
    _delete_unused("shift_pattern", pattern, used_by=(Employee, "shift_pattern"), in_use=msg.PATTERN_IN_USE)


def _content_changed(pattern: ShiftPattern, before: dict[str, Any]) -> None:
    _audit("shift_pattern", "update", pattern, before, after=_pattern_contents(pattern))
    schedule_change_apply(scope=RecomputeScope(pattern_ids=(pattern.pk,)))
    _changed("shift_pattern", "updated", pattern.hash_id)


def shift_pattern_content_add(*, pattern: ShiftPattern, shift: Shift) -> ShiftPatternContent:
    """Put `shift` on the next day of the cycle; a full cycle is refused."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=pattern.pk)
        before = _pattern_contents(pattern)
        taken = set(pattern.contents.values_list("day_number", flat=True))
        if len(taken) >= pattern.day_circle_number:
            raise Unprocessable(msg.PATTERN_FULL)
        after_last = max(taken, default=0) + 1
        free = (
            after_last
            if after_last <= pattern.day_circle_number
            else min(n for n in range(1, pattern.day_circle_number + 1) if n not in taken)
        )
        content = ShiftPatternContent.objects.create(pattern=pattern, day_number=free, shift=shift)
        _content_changed(pattern, before)
    return content


def shift_pattern_content_move(*, content: ShiftPatternContent, step: int) -> ShiftPatternContent:
    """Move an item one day earlier (step -1) or later (+1) in the cycle, swapping with the item there."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=content.pattern_id)
        before = _pattern_contents(pattern)
        content = ShiftPatternContent.objects.get(pk=content.pk)
        target = content.day_number + step
        if target < 1:
            raise Unprocessable(msg.CONTENT_FIRST)
        if target > pattern.day_circle_number:
            raise Unprocessable(msg.CONTENT_LAST)
        other = ShiftPatternContent.objects.filter(pattern=pattern, day_number=target).first()
        origin = content.day_number
        if other is not None:
            # Day 0 is never used by the cycle: it parks the item while the two swap (unique day per pattern).
            ShiftPatternContent.objects.filter(pk=other.pk).update(day_number=0)
        ShiftPatternContent.objects.filter(pk=content.pk).update(day_number=target)
        if other is not None:
            ShiftPatternContent.objects.filter(pk=other.pk).update(day_number=origin)
        content.day_number = target
        _content_changed(pattern, before)
    return content


def shift_pattern_content_delete(*, content: ShiftPatternContent) -> None:
    """Remove an item; the items after it move one day earlier, so the list stays a list."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=content.pattern_id)
        before = _pattern_contents(pattern)
        removed = ShiftPatternContent.objects.filter(pk=content.pk).first()
        if removed is None:
            raise NotFound(msg.CONTENT_NOT_FOUND)
        day_number = removed.day_number
        removed.delete()
        for item in pattern.contents.filter(day_number__gt=day_number).order_by("day_number"):
            ShiftPatternContent.objects.filter(pk=item.pk).update(day_number=item.day_number - 1)
        _content_changed(pattern, before)


# --- Holidays (Hari Libur) -------------------------------------------------------------------------


def _days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=i) for i in range((end - start).days + 1)]


def holiday_save(
    *,
    holiday: Holiday | None,
    name: str,
    start: date,
    end: date,
    collective: Iterable[date] = (),
    year: int | None = None,
) -> Holiday:
    """Create or change a holiday over [start, end] (one calendar year, no overlap with another
    holiday), with the dates of it that are collective leave. The days of the old and the new dates
    are recomputed for everyone, and closed days settle their collective leave."""
    if end < start:
        raise Unprocessable(msg.HOLIDAY_RANGE_INVALID, errors={"date": [msg.HOLIDAY_RANGE_INVALID]})
    if start.year != end.year:
        raise Unprocessable(msg.HOLIDAY_ONE_YEAR, errors={"date": [msg.HOLIDAY_ONE_YEAR]})
    if year is not None and start.year != year:
        text = msg.HOLIDAY_OTHER_YEAR.format(year=year)
        raise Unprocessable(text, errors={"date": [text]})
    dates = _days(start, end)
    leave = set(collective)
    outside = sorted(leave - set(dates))
    if outside:
        text = msg.HOLIDAY_LEAVE_OUTSIDE.format(date=outside[0].isoformat())
        raise Unprocessable(text, errors={"leave": [text]})
    with transaction.atomic():
        previous: dict[date, bool] = {}
        before: dict[str, Any] = {}
        if holiday is not None:
            holiday = Holiday.objects.select_for_update().get(pk=holiday.pk)
            previous = dict(holiday.dates.values_list("date", "is_collective_leave"))
            before = {
                **_snapshot("holiday", holiday),
                "collective": sorted(d for d, c in previous.items() if c),
            }
        others = HolidayDate.objects.filter(date__range=(start, end))
        if holiday is not None:
            others = others.exclude(holiday=holiday)
        clash = others.select_related("holiday").order_by("date").first()
        if clash is not None:
            text = msg.HOLIDAY_OVERLAP.format(date=clash.date.isoformat(), name=clash.holiday.name)
            raise Unprocessable(text, errors={"date": [text]})
        created = holiday is None
        if holiday is None:
            holiday = Holiday(name=name.strip(), start_date=start, end_date=end)
        holiday.name, holiday.start_date, holiday.end_date = name.strip(), start, end
        holiday.save()
        current = {day: day in leave for day in dates}
        if current != previous:
            holiday.dates.all().delete()
            HolidayDate.objects.bulk_create(
                HolidayDate(holiday=holiday, date=day, is_collective_leave=flag)
                for day, flag in current.items()
            )
            changed = {d for d in set(previous) | set(current) if previous.get(d) != current.get(d)}
            schedule_change_apply(scope=RecomputeScope(dates=tuple(sorted(changed))))
        after = {**_snapshot("holiday", holiday), "collective": sorted(d for d, c in current.items() if c)}
        _audit("holiday", "create" if created else "update", holiday, before, after=after)
        _changed("holiday", "created" if created else "updated", holiday.hash_id)
    return holiday


def holiday_delete(*, holiday: Holiday) -> None:
    with transaction.atomic():
        holiday = Holiday.objects.select_for_update().get(pk=holiday.pk)
        dates = tuple(holiday.dates.values_list("date", flat=True))
        hash_id = _delete("holiday", holiday)
        schedule_change_apply(scope=RecomputeScope(dates=dates))
        _changed("holiday", "deleted", hash_id)


def holiday_year_delete(*, year: int) -> int:
    """Delete every holiday of a year; returns how many."""
    with transaction.atomic():
        holidays = list(Holiday.objects.select_for_update().filter(start_date__year=year))
        if not holidays:
            raise NotFound(msg.YEAR_EMPTY.format(year=year))
        dates = tuple(HolidayDate.objects.filter(holiday__in=holidays).values_list("date", flat=True))
        Holiday.objects.filter(pk__in=[h.pk for h in holidays]).delete()
        audit_record_many(
            [Change("delete", "holiday", h.hash_id, h.name, _snapshot("holiday", h), {}) for h in holidays]
        )
        schedule_change_apply(scope=RecomputeScope(dates=dates))
        _changed("holiday", "deleted", str(year))
    return len(holidays)


def _same_day_in(year: int, day: date) -> date:
    """The date with the same month and day in `year` (29 February becomes 28 February)."""
    try:
        return day.replace(year=year)
    except ValueError:
        return day.replace(year=year, day=28)


def holiday_year_duplicate(*, year: int) -> int:
    """Copy last year's holidays (with their collective-leave days) to `year`, same month and day.

    Refused when `year` already has holidays or the year before has none. Returns how many.
    """
    source = year - 1
    with transaction.atomic():
        if Holiday.objects.select_for_update().filter(start_date__year=year).exists():
            text = msg.DUPLICATE_TARGET_TAKEN.format(year=year)
            raise Conflict(text)
        originals = list(Holiday.objects.filter(start_date__year=source).prefetch_related("dates"))
        if not originals:
            raise Unprocessable(msg.DUPLICATE_SOURCE_EMPTY.format(year=source))
        dates: list[date] = []
        for original in originals:
            start = _same_day_in(year, original.start_date)
            end = max(start, _same_day_in(year, original.end_date))
            copy = Holiday.objects.create(name=original.name, start_date=start, end_date=end)
            _audit("holiday", "duplicate", copy, {})
            collective = {_same_day_in(year, d.date) for d in original.dates.all() if d.is_collective_leave}
            # Two source dates can land on one (29 Feb): keep each date once.
            rows = {day: day in collective for day in _days(start, end)}
            taken = set(HolidayDate.objects.filter(date__in=list(rows)).values_list("date", flat=True))
            HolidayDate.objects.bulk_create(
                HolidayDate(holiday=copy, date=day, is_collective_leave=flag)
                for day, flag in rows.items()
                if day not in taken
            )
            dates.extend(rows)
        schedule_change_apply(scope=RecomputeScope(dates=tuple(sorted(set(dates)))))
        _changed("holiday", "created", str(year))
    return len(originals)


# --- Blacklisted apps ------------------------------------------------------------------------------


def blacklist_app_save(
    *, app: BlacklistApp | None, name: str, package_id: str, is_allow: bool
) -> BlacklistApp:
    """Create (app None) or change a listed app; package ids are unique (case-insensitive)."""
    with transaction.atomic():
        package = package_id.strip()
        _require_unique(
            BlacklistApp,
            "package_id",
            package,
            msg.PACKAGE_ID_TAKEN,
            exclude=app.pk if app is not None else None,
        )
        created = app is None
        target = BlacklistApp() if app is None else BlacklistApp.objects.select_for_update().get(pk=app.pk)
        before = _snapshot("blacklist_app", app and target)
        target.name, target.package_id, target.is_allow = name.strip(), package, is_allow
        _saved(target, unique_field="package_id", message=msg.PACKAGE_ID_TAKEN)
        _audit("blacklist_app", "create" if created else "update", target, before)
        _changed("blacklist_app", "created" if created else "updated", target.hash_id)
    return target


def blacklist_app_delete(*, app: BlacklistApp) -> None:
    with transaction.atomic():
        hash_id = _delete("blacklist_app", app)
        _changed("blacklist_app", "deleted", hash_id)


# --- Leave kinds and system trouble ----------------------------------------------------------------


def _leave_kind_save(
    model: type[K], kind: str, topic: str, *, leave: K | None, name: str, code: str, **values: Any
) -> K:
    """Create (leave None) or change a leave kind; codes are unique (case-insensitive). `values` are
    the kind's own fields."""
    with transaction.atomic():
        code = code.strip()
        _require_unique(model, "code", code, msg.CODE_TAKEN, exclude=leave.pk if leave else None)
        created = leave is None
        target = model() if leave is None else model._default_manager.select_for_update().get(pk=leave.pk)
        before = _snapshot(kind, leave and target)
        target.name, target.code = name.strip(), code
        for field, value in values.items():
            setattr(target, field, value)
        _saved(target, unique_field="code", message=msg.CODE_TAKEN)
        _audit(kind, "create" if created else "update", target, before)
        _changed(topic, "created" if created else "updated", target.hash_id)
    return target


def special_leave_save(*, leave: SpecialLeave | None, name: str, code: str, jumlah_hari: int) -> SpecialLeave:
    return _leave_kind_save(
        SpecialLeave,
        "special_leave",
        "cuti_khusus",
        leave=leave,
        name=name,
        code=code,
        jumlah_hari=jumlah_hari,
    )


def special_leave_delete(*, leave: SpecialLeave) -> None:
    """Delete a special-leave kind no izin request uses."""
    _delete_unused(
        "special_leave",
        leave,
        # IzinRequest.special_leave (related_name "requests").
        used_by="requests",
        in_use=msg.SPECIAL_LEAVE_IN_USE,
        topic="cuti_khusus",
    )


def additional_leave_save(*, leave: AdditionalLeave | None, name: str, code: str) -> AdditionalLeave:
    return _leave_kind_save(
        AdditionalLeave, "additional_leave", "cuti_tambahan", leave=leave, name=name, code=code
    )


def additional_leave_delete(*, leave: AdditionalLeave) -> None:
    with transaction.atomic():
        hash_id = _delete("additional_leave", leave)
        _changed("cuti_tambahan", "deleted", hash_id)


def system_trouble_save(*, trouble: SystemTrouble | None, day: date, description: str) -> SystemTrouble:
    """Record (or move) a system-trouble day: a missing check-in that day is excused; the old and new
    dates are recomputed for everyone."""
    with transaction.atomic():
        clash = SystemTrouble.objects.filter(date=day)
        if trouble is not None:
            clash = clash.exclude(pk=trouble.pk)
        if clash.exists():
            raise Unprocessable(
                msg.SYSTEM_TROUBLE_DATE_TAKEN, errors={"date": [msg.SYSTEM_TROUBLE_DATE_TAKEN]}
            )
        created = trouble is None
        target = (
            SystemTrouble()
            if trouble is None
            else SystemTrouble.objects.select_for_update().get(pk=trouble.pk)
        )
        previous = target.date if not created else None
        before = _snapshot("system_trouble", trouble and target)
        target.date, target.description = day, description.strip()
        _saved(target, unique_field="date", message=msg.SYSTEM_TROUBLE_DATE_TAKEN)
        _audit("system_trouble", "create" if created else "update", target, before)
        dates = {day} | ({previous} if previous else set())
        if previous != day:
            schedule_change_apply(scope=RecomputeScope(dates=tuple(sorted(dates))))
        _changed("system_trouble", "created" if created else "updated", target.hash_id)
    return target


def system_trouble_delete(*, trouble: SystemTrouble) -> None:
    with transaction.atomic():
        trouble = SystemTrouble.objects.select_for_update().get(pk=trouble.pk)
        day = trouble.date
        hash_id = _delete("system_trouble", trouble)
        schedule_change_apply(scope=RecomputeScope(dates=(day,)))
        _changed("system_trouble", "deleted", hash_id)
