"""Writing the demo to the database: settings lists, the workforce, izin, leave, logs, then one bulk
recompute of the attendance days by the engine.

Idempotent: settings rows are created only when missing (an edited shift or holiday is kept), and
the workforce with its history is written only when no demo workforce exists yet (the first demo
employee number is the marker). Logs go in with PostgreSQL's COPY when the database is PostgreSQL
and with bulk_create otherwise.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import connection, transaction
from django.db.models import DateTimeField, Model
from django.utils import timezone

from server.announcements.demo import demo_announcements_seed
from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, AttendanceLog, BlacklistAttempt, LogStatus
from server.attendance.risk_services import attendance_risk_rescore_waiting
from server.core import clock
from server.demo import catalogue as cat
from server.demo.activity import LOG_COLUMNS, Calendar, Ids, IzinSpec, LogGenerator, izin_effects, izin_plan
from server.demo.images import write_pictures
from server.demo.plan import AVATAR_COUNT, NUMBER_BASE, WorkforcePlan, anchor_people, build_workforce
from server.demo.users import demo_users_seed
from server.izin.models import IzinRequest, IzinType
from server.leave.models import LeaveReason
from server.leave.services import BalanceRequest, leave_balance_change_many
from server.schedules.models import (
    AdditionalLeave,
    BlacklistApp,
    Holiday,
    HolidayDate,
    Shift,
    ShiftPattern,
    ShiftPatternContent,
    ShiftType,
    SpecialLeave,
    SystemTrouble,
)
from server.workforce.models import AttendanceLocationType, Employee, ManPower, ManPowerGroup, ManPowerTeam

EMPLOYEE_PASSWORD = "karyawan123"
MEDIA_FOLDER = "demo"
SELFIE_COUNT = 16
DOCUMENT_COUNT = 4
BATCH = 5000
SYSTEM_TROUBLE_TEXT = "Server aplikasi absensi tidak dapat diakses (pemeliharaan darurat pusat data)."


@dataclass
class SeedResult:
    employees: int
    days: int
    logs: int
    waiting_logs: int
    attendance_days: int
    izin: int
    users_created: int
    workforce_created: bool
    elapsed: float = 0.0


def demo_reference_seed() -> dict[str, int]:
    """Shifts, patterns, 2026 holidays, izin types, special/additional leave, apps; the shift ids by code."""
    shifts: dict[str, int] = {}
    for spec in cat.SHIFTS:
        shift, _ = Shift.objects.get_or_create(
            code=spec.code,
            defaults={
                "name": spec.name,
                "type": ShiftType.WORKING if spec.working else ShiftType.NON_WORKING,
                "time_in": spec.time_in,
                "time_out": spec.time_out,
                "break_start": spec.break_start,
                "break_end": spec.break_end,
                "late_in_minutes": spec.late_in_minutes,
                "early_out_minutes": spec.early_out_minutes,
                "minimum_check_in_time": spec.minimum_check_in_time,
                "maximum_check_out_time": spec.maximum_check_out_time,
            },
        )
        shifts[spec.code] = shift.pk
    for pattern_spec in cat.PATTERNS:
        pattern, created = ShiftPattern.objects.get_or_create(
            code=pattern_spec.code,
            defaults={
                "name": pattern_spec.name,
                "starting_date": pattern_spec.starting_date,
                "day_circle_number": len(pattern_spec.days),
            },
        )
        if created:
            ShiftPatternContent.objects.bulk_create(
                ShiftPatternContent(pattern=pattern, day_number=number, shift_id=shifts[code])
                for number, code in enumerate(pattern_spec.days, start=1)
                if code is not None
            )
    for holiday_spec in cat.HOLIDAYS_2026:
        dates = sorted([*holiday_spec.holidays, *holiday_spec.collective_leave])
        holiday, created = Holiday.objects.get_or_create(
            name=holiday_spec.name,
            start_date=dates[0],
            defaults={"end_date": dates[-1]},
        )
        if created:
            HolidayDate.objects.bulk_create(
                HolidayDate(
                    holiday=holiday, date=day, is_collective_leave=day in holiday_spec.collective_leave
                )
                for day in dates
            )
    for code, name, deducts, attachment in cat.IZIN_TYPES:
        IzinType.objects.get_or_create(
            code=code, defaults={"name": name, "deducts_leave": deducts, "requires_attachment": attachment}
        )
    for code, name, days in cat.SPECIAL_LEAVES:
        SpecialLeave.objects.get_or_create(code=code, defaults={"name": name, "jumlah_hari": days})
    for code, name in cat.ADDITIONAL_LEAVES:
        AdditionalLeave.objects.get_or_create(code=code, defaults={"name": name})
    for package, name, allowed in cat.APPS:
        BlacklistApp.objects.get_or_create(package_id=package, defaults={"name": name, "is_allow": allowed})
    return shifts


def demo_workforce_exists() -> bool:
    return Employee.objects.filter(employee_number=str(NUMBER_BASE + 1)).exists()


def demo_seed(
    *,
    employees: int,
    days: int,
    seed: int,
    now: datetime | None = None,
    progress: Callable[[str], None] | None = None,
) -> SeedResult:
    """Seed users, settings and (when absent) a workforce of `employees` with `days` days of history."""
    started = time.monotonic()
    say = progress or (lambda _: None)
    now = now or clock.now()
    today = timezone.localtime(now).date()
    with transaction.atomic():
        users, users_created = demo_users_seed()
        shift_ids = demo_reference_seed()
        demo_announcements_seed(creator=users["admin@example.com"], now=now)
        result = SeedResult(
            employees=0,
            days=days,
            logs=0,
            waiting_logs=0,
            attendance_days=0,
            izin=0,
            users_created=users_created,
            workforce_created=False,
        )
        if employees > 0 and not demo_workforce_exists():
            _seed_workforce(
                result,
                employees=employees,
                days=days,
                seed=seed,
                now=now,
                today=today,
                shift_ids=shift_ids,
                admin=users["admin@example.com"].pk,
                office_approver=users["approver.office@example.com"].pk,
                say=say,
            )
        elif employees > 0:
            say("tenaga kerja demo sudah ada: tidak ditambah")
            result.employees = Employee.objects.count()
            result.logs = AttendanceLog.objects.count()
            result.attendance_days = AttendanceDay.objects.count()
            result.izin = IzinRequest.objects.count()
        committing = time.monotonic()
    if result.workforce_created:
        # Foreign keys are checked at commit (deferred constraints): a large share of a big seed.
        say(f"commit ({time.monotonic() - committing:.1f} s)")
    result.elapsed = time.monotonic() - started
    return result


def _seed_workforce(
    result: SeedResult,
    *,
    employees: int,
    days: int,
    seed: int,
    now: datetime,
    today: date,
    shift_ids: dict[str, int],
    admin: int,
    office_approver: int,
    say: Callable[[str], None],
) -> None:
    clock = time.monotonic()

    def step(text: str) -> None:
        nonlocal clock
        say(f"{text} ({time.monotonic() - clock:.1f} s)")
        clock = time.monotonic()

    plan = build_workforce(seed=seed, employees=employees)
    anchor_people(plan, seed=seed, today=today, days=max(days, 2))
    avatars = _pictures("avatars", "avatar", AVATAR_COUNT, seed, rows=12, columns=12)
    selfies = _pictures("selfies", "selfie", SELFIE_COUNT, seed, rows=20, columns=15)
    documents = _pictures("attachments", "surat", DOCUMENT_COUNT, seed, rows=16, columns=12, kind="document")
    placement_ids, team_ids, group_ids = _placements(plan)
    employee_ids = _employees(plan, placement_ids, team_ids, group_ids, avatars)
    result.employees = len(employee_ids)
    step(f"{len(employee_ids)} karyawan")

    ids = Ids(
        employees=employee_ids,
        placements=placement_ids,
        shifts=shift_ids,
        izin_deciders=(admin, office_approver),
        # The office approver holds approve/reject rights on office logs only.
        log_deciders={"office": (admin, office_approver)},
        default_decider=admin,
        face_threshold=float(getattr(settings, "FACE_MATCH_THRESHOLD", 75)),
    )
    calendar = Calendar(today=today, days=days, now=now)
    if calendar.trouble_date is not None:
        SystemTrouble.objects.get_or_create(
            date=calendar.trouble_date, defaults={"description": SYSTEM_TROUBLE_TEXT}
        )
    requests = izin_plan(plan, calendar, seed=seed, ids=ids) if days > 0 else []
    izin_ids = _izin(requests, ids, documents)
    result.izin = len(izin_ids)
    _leave(plan, calendar, requests, izin_ids, ids)
    step(f"{len(izin_ids)} izin dan saldo cuti")

    if days <= 0:
        return
    generator = LogGenerator(plan, calendar, seed=seed, ids=ids, photos=selfies)
    rows = generator.rows(izin_effects(requests, today))
    if connection.vendor == "postgresql":
        _copy_logs(rows)
    else:
        _bulk_create_logs(rows)
    result.logs, result.waiting_logs = generator.logs, generator.waiting
    step(f"{generator.logs} log absen ({generator.waiting} menunggu persetujuan)")
    _blacklist_attempts()
    # Statistics before the per-row steps below plan their reads (DESIGN §19): the tables were empty
    # when the transaction began, and autovacuum cannot see its rows.
    _analyze_now(Employee, ManPower, AttendanceLog, BlacklistAttempt)
    step("ANALYZE")
    attendance_risk_rescore_waiting(measure=True)
    step("risiko absen yang menunggu persetujuan")

    attendance_days_recompute_range(employee_ids=list(employee_ids.values()), start=calendar.first, end=today)
    # The workforce went in with one bulk insert: its ids are one range.
    first_id, last_id = min(employee_ids.values()), max(employee_ids.values())
    result.attendance_days = AttendanceDay.objects.filter(
        employee_id__gte=first_id, employee_id__lte=last_id, date__range=(calendar.first, today)
    ).count()
    step(f"{result.attendance_days} hari kehadiran dihitung")
    result.workforce_created = True


# One waiting log in BLACKLIST_ATTEMPT_EVERY had a check-in refused for a fake-GPS app shortly before.
BLACKLIST_ATTEMPT_EVERY = 60


def _analyze_now(*models: type[Model]) -> None:
    """ANALYZE the models' tables at once, inside the seed's transaction (PostgreSQL counts the rows
    the transaction itself inserted; core.analyze.analyze waits for the commit)."""
    if connection.vendor != "postgresql":
        return
    tables = ", ".join(connection.ops.quote_name(model._meta.db_table) for model in models)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {tables}")


def _blacklist_attempts() -> None:
    name, package = next((n, p) for p, n, allowed in cat.APPS if not allowed)
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).order_by("pk")
    BlacklistAttempt.objects.bulk_create(
        BlacklistAttempt(
            employee_id=employee_id,
            app_name=name,
            package_id=package,
            attempted_at=logged - timedelta(days=k % 5, minutes=20),
        )
        for k, (employee_id, logged) in enumerate(
            list(waiting.values_list("employee_id", "log_datetime"))[::BLACKLIST_ATTEMPT_EVERY]
        )
    )


def _pictures(
    folder: str, prefix: str, count: int, seed: int, *, rows: int, columns: int, kind: str = "portrait"
) -> list[str]:
    """Placeholder pictures under MEDIA_ROOT/demo/<folder>/, as paths relative to MEDIA_ROOT."""
    media = Path(settings.MEDIA_ROOT)
    paths = write_pictures(
        media / MEDIA_FOLDER / folder, prefix, count, seed, rows=rows, columns=columns, kind=kind
    )
    return [str(path.relative_to(media)) for path in paths]


def _placements(
    plan: WorkforcePlan,
) -> tuple[dict[int, int], dict[tuple[int, str], int], dict[tuple[int, str, str], int]]:
    placement_ids: dict[int, int] = {}
    for index in plan.placements:
        spec = cat.PLACEMENTS[index]
        man_power, _ = ManPower.objects.get_or_create(
            type=spec.type,
            name=spec.name,
            defaults={
                "latitude": spec.latitude,
                "longitude": spec.longitude,
                "max_radius": spec.max_radius,
                "timezone": spec.timezone,
            },
        )
        placement_ids[index] = man_power.pk
    team_ids: dict[tuple[int, str], int] = {}
    for index, team_name in plan.teams:
        team, _ = ManPowerTeam.objects.get_or_create(man_power_id=placement_ids[index], name=team_name)
        team_ids[(index, team_name)] = team.pk
    group_ids: dict[tuple[int, str, str], int] = {}
    for index, team_name, group_name in plan.groups:
        group, _ = ManPowerGroup.objects.get_or_create(team_id=team_ids[(index, team_name)], name=group_name)
        group_ids[(index, team_name, group_name)] = group.pk
    return placement_ids, team_ids, group_ids


ROLE_ORDER = ("owner", "manager", "supervisor", "group_head", "member")


def _employees(
    plan: WorkforcePlan,
    placement_ids: dict[int, int],
    team_ids: dict[tuple[int, str], int],
    group_ids: dict[tuple[int, str, str], int],
    avatars: list[str],
) -> dict[int, int]:
    """Insert the people one hierarchy level at a time, so supervisors and group heads already have ids.

    Everyone shares one password hash: hashing 10,000 passwords would take minutes.
    """
    password = make_password(EMPLOYEE_PASSWORD)
    patterns = dict(ShiftPattern.objects.values_list("code", "pk"))
    ids: dict[int, int] = {}
    for role in ROLE_ORDER:
        people = [person for person in plan.people if person.role == role]
        rows = [
            Employee(
                employee_number=person.employee_number,
                employee_number_formatted=person.employee_number_formatted,
                name=person.name,
                email=person.email,
                photo=avatars[person.avatar - 1] if person.avatar and avatars else "",
                birth_date=person.birth_date,
                joined_date=person.joined_date,
                job_title=person.job_title,
                man_power_id=placement_ids[person.placement],
                man_power_team_id=team_ids[(person.placement, person.team)],
                man_power_group_id=group_ids[(person.placement, person.team, person.group)],
                supervisor_id=ids[person.supervisor] if person.supervisor else None,
                group_head_id=ids[person.group_head] if person.group_head else None,
                shift_pattern_id=patterns[person.pattern],
                attendance_location_type=(
                    AttendanceLocationType.ANYWHERE if person.anywhere else AttendanceLocationType.PLACEMENT
                ),
                is_active=person.resigned_date is None,
                resigned_date=person.resigned_date,
                is_owner=role == "owner",
                attendance_disabled=person.attendance_disabled,
                force_approval_permission=person.force_approval,
                mobile_password=password,
            )
            for person in people
        ]
        Employee.objects.bulk_create(rows, batch_size=BATCH)
        ids.update((person.seq, row.pk) for person, row in zip(people, rows, strict=True))
    return ids


def _izin(requests: list[IzinSpec], ids: Ids, documents: list[str]) -> list[int]:
    types = dict(IzinType.objects.values_list("code", "pk"))
    specials = dict(SpecialLeave.objects.values_list("code", "pk"))
    rows = [
        IzinRequest(
            employee_id=ids.employees[spec.seq],
            izin_type_id=types[spec.code],
            special_leave_id=specials.get(spec.special_leave) if spec.special_leave else None,
            start_date=spec.start,
            end_date=spec.end,
            total_days=spec.total_days,
            description=spec.description,
            attachment=documents[index % len(documents)] if spec.attachment and documents else "",
            status=spec.status,
            approver_id=ids.employees[spec.approver] if spec.approver else None,
            decided_by_id=spec.decided_by,
            decided_at=spec.decided_at,
            decision_note=spec.decision_note,
            created=spec.created,
        )
        for index, spec in enumerate(requests)
    ]
    with _own_timestamps(IzinRequest):
        IzinRequest.objects.bulk_create(rows, batch_size=BATCH)
    return [row.pk for row in rows]


def _leave(
    plan: WorkforcePlan, calendar: Calendar, requests: list[IzinSpec], izin_ids: list[int], ids: Ids
) -> None:
    """An opening balance for everyone, then the working days of each approved annual-leave request."""
    opening_day = calendar.first - timedelta(days=1)
    balance: list[BalanceRequest] = [
        BalanceRequest(
            employee_id=ids.employees[person.seq],
            reason=LeaveReason.OPENING,
            date=max(opening_day, person.joined_date),
            reference="opening",
            saldo=0 if person.opening_hutang else person.opening_saldo,
            terpakai=person.opening_terpakai,
            hutang=person.opening_hutang,
            description="Saldo awal",
        )
        for person in plan.people
    ]
    deducting = {code for code, _, deducts, _ in cat.IZIN_TYPES if deducts}
    names = {code: name for code, name, _, _ in cat.IZIN_TYPES}
    people = {person.seq: person for person in plan.people}
    for spec, pk in zip(requests, izin_ids, strict=True):
        if spec.status != "approved" or spec.code not in deducting:
            continue
        person = people[spec.seq]
        working = sum(
            1
            for i in range(spec.total_days)
            if calendar.leave_day(person.pattern, spec.start + timedelta(days=i))
        )
        if working:
            balance.append(
                BalanceRequest(
                    employee_id=ids.employees[spec.seq],
                    reason=LeaveReason.IZIN,
                    date=spec.start,
                    reference=f"izin:{pk}",
                    saldo=-working,
                    terpakai=working,
                    description=f"{names[spec.code]} {spec.start:%d-%m-%Y} s.d. {spec.end:%d-%m-%Y}",
                )
            )
    leave_balance_change_many(requests=balance)


def _copy_logs(rows: Iterator[tuple[object, ...]]) -> None:
    table = connection.ops.quote_name(AttendanceLog._meta.db_table)
    column_of = {f.attname: str(f.column) for f in AttendanceLog._meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(column_of[name]) for name in LOG_COLUMNS)
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def _bulk_create_logs(rows: Iterator[tuple[object, ...]]) -> None:
    with _own_timestamps(AttendanceLog):
        while batch := list(itertools.islice(rows, BATCH)):
            AttendanceLog.objects.bulk_create(
                [AttendanceLog(**dict(zip(LOG_COLUMNS, row, strict=True))) for row in batch], batch_size=BATCH
            )


@contextmanager
def _own_timestamps(model: type[Model]) -> Iterator[None]:
    """Let bulk_create keep the `created` each row carries (when the phone sent it, when the request was
    made) instead of auto_now_add stamping the moment of seeding. Only for this single-threaded command."""
    field = model._meta.get_field("created")
    assert isinstance(field, DateTimeField)
    previous = field.auto_now_add
    field.auto_now_add = False
    try:
        yield
    finally:
        field.auto_now_add = previous
