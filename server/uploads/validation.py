"""Row rules of the upload (doc2 §5): each bad cell gives one error naming its row and column; the
file is imported only when no row has any (all or nothing)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, time
from decimal import Decimal
from typing import Any

from django.db.models import Q

from server.core.clock import date_id
from server.core.export_titles import period_text
from server.schedules.models import Shift
from server.schedules.rules import shift_for, working_shift
from server.schedules.selectors import holiday_dates_between, shift_patterns_with_contents
from server.uploads import messages as msg
from server.uploads.models import UploadCode
from server.uploads.reader import LETTERS, RawRow, UploadTarget, parse_date, parse_hours, parse_time, text_of
from server.uploads.selectors import HeldKind, held_days
from server.uploads.template import COLUMNS, held_text
from server.workforce.models import Employee
from server.workforce.selectors import employee_attends

EMPLOYEE, NAME, DATE, CHECK_IN, CHECK_OUT, CODE, OVERTIME = range(7)
MIDNIGHT = time(0)
CODES = {c.value for c in UploadCode}


@dataclass(frozen=True)
class RowError:
    row: int
    column: int
    message: str

    @property
    def column_title(self) -> str:
        return COLUMNS[self.column]

    @property
    def cell_text(self) -> str:
        """The error without its row (shown beside 'Baris {row}')."""
        return f"Kolom {COLUMNS[self.column]} ({LETTERS[self.column]}): {self.message}"

    @property
    def text(self) -> str:
        return msg.ROW_PREFIX.format(
            row=self.row, column=f"{COLUMNS[self.column]} ({LETTERS[self.column]})", message=self.message
        )


@dataclass
class UploadRow:
    number: int
    employee_id: int
    day: date
    check_in: time | None
    check_out: time | None
    code: str
    lembur: Decimal | None
    shift: Shift | None
    crosses_midnight: bool


@dataclass
class Validated:
    rows: list[UploadRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    raw: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    # Rows that carry attendance (or a bad cell): the rows an import would write; blank (Alpa) rows
    # are left out.
    filled: int = 0

    @property
    def bad_rows(self) -> int:
        return len({e.row for e in self.errors})


@dataclass
class _Parsed:
    raw: RawRow
    number_text: str
    day: date | None
    check_in: time | None
    check_out: time | None
    code: str
    lembur: Decimal | None


def _parse(raw: RawRow, errors: list[RowError]) -> _Parsed | None:
    """The row's cells, or None when it is blank apart from the template's own columns (Alpa)."""
    values = raw.values
    bad = False
    for column in raw.formulas:
        errors.append(RowError(raw.number, column, msg.FORMULA))
        bad = True
    if bad:
        return None
    number_text = text_of(values[EMPLOYEE])

    def cell(column: int, parse: Callable[[Any], Any], message: str) -> Any:
        nonlocal bad
        try:
            return parse(values[column])
        except (ValueError, TypeError, OverflowError):
            errors.append(RowError(raw.number, column, message))
            bad = True
            return None

    check_in = cell(CHECK_IN, parse_time, msg.TIME_FORMAT)
    check_out = cell(CHECK_OUT, parse_time, msg.TIME_FORMAT)
    code = text_of(values[CODE]).lower()
    if code not in CODES:
        errors.append(RowError(raw.number, CODE, msg.CODE_UNKNOWN))
        bad = True
    lembur = cell(OVERTIME, parse_hours, msg.OVERTIME_FORMAT)
    filled = bad or check_in is not None or check_out is not None or bool(code) or lembur is not None
    if not filled:
        return None  # Alpa (absent): left empty, nothing imported
    day = cell(DATE, parse_date, msg.DATE_FORMAT)
    if values[DATE] is None or text_of(values[DATE]) == "":
        errors.append(RowError(raw.number, DATE, msg.DATE_REQUIRED))
        bad = True
    if not number_text:
        errors.append(RowError(raw.number, EMPLOYEE, msg.EMPLOYEE_REQUIRED))
        bad = True
    if bad:
        return None
    return _Parsed(raw, number_text, day, check_in, check_out, code, lembur)


def validate_rows(
    *, target: UploadTarget, raws: Iterable[RawRow], progress: Callable[[int], None] = lambda n: None
) -> Validated:
    result = Validated()
    errors = result.errors
    parsed: list[_Parsed] = []
    for count, raw in enumerate(raws, start=1):
        result.raw[raw.number] = raw.values
        before = len(errors)
        row = _parse(raw, errors)
        if row is not None:
            parsed.append(row)
        if row is not None or len(errors) > before:
            result.filled += 1
        if count % 500 == 0:
            progress(500)
    progress(len(result.raw) % 500)

    numbers = {p.number_text for p in parsed}
    employees = {
        e.employee_number_formatted: e
        for e in Employee.objects.filter(
            Q(employee_number_formatted__in=numbers) | Q(employee_number__in=numbers)
        ).select_related("man_power")
    }
    by_plain = {e.employee_number: e for e in employees.values()}
    employee_ids = [e.pk for e in employees.values()]
    start, end = target.start, target.end
    held = held_days(employee_ids=employee_ids, start=start, end=end)
    patterns, contents = shift_patterns_with_contents(
        pattern_ids={e.shift_pattern_id for e in employees.values() if e.shift_pattern_id is not None}
    )
    holidays = holiday_dates_between(start=start, end=end)
    seen: dict[tuple[int, date], int] = {}
    man_power = target.man_power

    for p in parsed:
        number = p.raw.number
        employee = employees.get(p.number_text) or by_plain.get(p.number_text)
        assert p.day is not None
        day = p.day
        shown = date_id(day)
        if employee is None:
            errors.append(RowError(number, EMPLOYEE, msg.EMPLOYEE_UNKNOWN.format(number=p.number_text)))
            continue
        label = employee.employee_number_formatted
        if employee.man_power_id != man_power.pk:
            errors.append(
                RowError(
                    number, EMPLOYEE, msg.EMPLOYEE_OTHER_PLACEMENT.format(number=label, name=man_power.name)
                )
            )
            continue
        if not start <= day <= end:
            errors.append(
                RowError(
                    number,
                    DATE,
                    msg.DATE_OUT_OF_RANGE.format(date=shown, period=period_text(start, end)),
                )
            )
            continue
        if not employee_attends(employee, day):
            errors.append(
                RowError(number, EMPLOYEE, msg.EMPLOYEE_NOT_ACTIVE.format(number=label, date=shown))
            )
            continue
        key = (employee.pk, day)
        if key in seen:
            errors.append(
                RowError(number, DATE, msg.DUPLICATE_ROW.format(number=label, date=shown, other=seen[key]))
            )
            continue
        seen[key] = number
        mark = held.get(key)
        if mark is not None and mark.kind == HeldKind.UPLOADED:
            errors.append(
                RowError(
                    number,
                    DATE,
                    msg.ALREADY_UPLOADED.format(number=label, date=shown, form_number=mark.form_number),
                )
            )
            continue
        if mark is not None:
            errors.append(
                RowError(
                    number, DATE, msg.ALREADY_FILLED.format(number=label, date=shown, what=held_text(mark))
                )
            )
            continue

        pattern = patterns.get(employee.shift_pattern_id) if employee.shift_pattern_id else None
        shift = working_shift(
            shift_for(pattern=pattern, day=day, contents=contents.get(employee.shift_pattern_id or 0, {}))
        )
        off_day = shift is None
        holiday = day in holidays
        check_in, check_out, code = p.check_in, p.check_out, p.code
        crosses = False
        if code == UploadCode.SAKIT:
            if check_in != MIDNIGHT or check_out != MIDNIGHT:
                errors.append(
                    RowError(number, CHECK_IN if check_in != MIDNIGHT else CHECK_OUT, msg.SICK_TIMES)
                )
                continue
            if off_day or holiday:
                errors.append(RowError(number, CODE, msg.SICK_NOT_WORKDAY.format(date=shown)))
                continue
            if p.lembur is not None:
                errors.append(RowError(number, OVERTIME, msg.OVERTIME_WITHOUT_ATTENDANCE))
                continue
        else:
            if check_in is None or check_out is None:
                column = CHECK_IN if check_in is None else CHECK_OUT
                if check_in is None and check_out is None and p.lembur is not None and not code:
                    errors.append(RowError(number, OVERTIME, msg.OVERTIME_WITHOUT_ATTENDANCE))
                else:
                    errors.append(RowError(number, column, msg.TIME_BOTH))
                continue
            if holiday and not off_day and code:
                errors.append(RowError(number, CODE, msg.HOLIDAY_CODE.format(date=shown)))
                continue
            if code == UploadCode.SHIFT_OFF and not off_day:
                errors.append(RowError(number, CODE, msg.SHIFT_OFF_WORKDAY.format(date=shown)))
                continue
            if not code and off_day:
                errors.append(RowError(number, CODE, msg.SHIFT_OFF_REQUIRED.format(date=shown)))
                continue
            if check_out <= check_in:
                night = shift is not None and shift.time_out < shift.time_in
                if not night:
                    errors.append(RowError(number, CHECK_OUT, msg.CHECK_OUT_BEFORE_IN))
                    continue
                crosses = True
        result.rows.append(
            UploadRow(
                number=number,
                employee_id=employee.pk,
                day=day,
                check_in=check_in,
                check_out=check_out,
                code=code,
                lembur=p.lembur,
                shift=shift,
                crosses_midnight=crosses,
            )
        )
    errors.sort(key=lambda e: (e.row, e.column))
    return result
