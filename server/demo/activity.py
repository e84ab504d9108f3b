"""The demo's daily life as plain rows: izin requests and check-in/out logs over a window of days.

Pure Python over a `WorkforcePlan` and the database ids of what it became; `seeding.py` writes the
rows. The stream of logs is generated lazily so 10,000 employees x 60 days never sit in memory.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from server.demo import catalogue as cat
from server.demo.plan import PersonSpec, WorkforcePlan

FULL_DAY_CODES = ("cuti", "sakit", "cuti_tidak_berbayar", "cuti_khusus", "izin")
IZIN_CODES = (*FULL_DAY_CODES, "lupa_absen_datang", "lupa_absen_pulang")
IZIN_STATUSES = ("waiting_approval", "approved", "rejected")
IZIN_WEIGHTS = {
    "cuti": 34,
    "sakit": 22,
    "lupa_absen_pulang": 11,
    "lupa_absen_datang": 7,
    "izin": 10,
    "cuti_tidak_berbayar": 5,
    "cuti_khusus": 11,
}
IZIN_PER_EMPLOYEE_DAY = 0.009
WAITING_SHARE = 0.05  # of logs waiting for an approver (bad location or low face score)
MANUAL_APPROVED_SHARE = 0.012
REJECTED_SHARE = 0.004
ABSENT_SHARE = 0.015
FORGOT_CHECK_OUT_SHARE = 0.01
# Of the logs out of radius, the share that is GPS drift just past the radius (within the risk's
# default 50 m margin: low risk); the rest lie 1.3 to 12 radii away (at least medium).
DRIFT_SHARE = 0.5
DRIFT_METRES = (5.0, 45.0)
SYSTEM_TROUBLE_DAYS_AGO = 17
SYSTEM_TROUBLE_MISSED = 0.5
EARTH_METRES_PER_DEGREE = 111_320.0

# Columns of a log row, in the order `log_rows` yields them.
LOG_COLUMNS = (
    "employee_id",
    "log_type",
    "log_datetime",
    "log_date",
    "attendance_date",
    "photo",
    "latitude",
    "longitude",
    "distance",
    "is_valid_location",
    "man_power_id",
    "man_power_type",
    "fr_accuracy",
    "fr_is_match",
    "shift_id",
    "is_valid_shift",
    "is_different_day",
    "service_type",
    "note",
    "status",
    "decided_by_id",
    "decided_at",
    "rejected_note",
    "created",
    "gps_accuracy",
)


@dataclass(frozen=True)
class Ids:
    """Database ids of what the plan became."""

    employees: dict[int, int]  # seq → Employee.pk
    placements: dict[int, int]  # catalogue index → ManPower.pk
    shifts: dict[str, int]  # shift code → Shift.pk
    izin_deciders: tuple[int, ...]  # User.pk of back-office users who decide izin requests
    log_deciders: dict[str, tuple[int, ...]]  # man power type → users who decide its logs
    default_decider: int
    face_threshold: float = 75.0


@dataclass
class IzinSpec:
    seq: int
    code: str
    status: str
    start: date
    end: date
    special_leave: str
    description: str
    approver: int | None  # seq of the addressed employee
    created: datetime
    decided_by: int | None = None  # User.pk
    decided_at: datetime | None = None
    decision_note: str = ""
    attachment: bool = False

    @property
    def total_days(self) -> int:
        return (self.end - self.start).days + 1


@dataclass
class Calendar:
    """The window and the schedule facts every generator shares."""

    today: date
    days: int
    now: datetime
    holidays: set[date] = field(default_factory=set)
    collective_leave: set[date] = field(default_factory=set)

    def __post_init__(self) -> None:
        for spec in cat.HOLIDAYS_2026:
            self.holidays.update(spec.holidays)
            self.collective_leave.update(spec.collective_leave)
        self.shifts = {s.code: s for s in cat.SHIFTS}
        self.patterns = {p.code: p for p in cat.PATTERNS}

    @property
    def first(self) -> date:
        return self.today - timedelta(days=self.days - 1)

    @property
    def trouble_date(self) -> date | None:
        day = self.today - timedelta(days=SYSTEM_TROUBLE_DAYS_AGO)
        return day if day >= self.first else None

    def shift_on(self, pattern_code: str, day: date) -> cat.ShiftSpec | None:
        pattern = self.patterns[pattern_code]
        code = pattern.days[(day - pattern.starting_date).days % len(pattern.days)]
        return self.shifts[code] if code is not None else None

    def leave_day(self, pattern_code: str, day: date) -> bool:
        """A day annual leave is taken on: a working shift on no holiday (as the leave service counts)."""
        shift = self.shift_on(pattern_code, day)
        working = shift is not None and shift.working
        return working and day not in self.holidays and day not in self.collective_leave

    def works(self, person: PersonSpec, day: date) -> cat.ShiftSpec | None:
        """The working shift the person is expected on, or None (off day, or a holiday they keep)."""
        shift = self.shift_on(person.pattern, day)
        if shift is None or not shift.working:
            return None
        if person.type in ("office", "pool") and (day in self.holidays or day in self.collective_leave):
            return None
        return shift


def izin_plan(plan: WorkforcePlan, calendar: Calendar, *, seed: int, ids: Ids) -> list[IzinSpec]:
    """Izin requests of every code and status, addressed to each employee's supervisor (or the owner)."""
    rng = random.Random(f"kehadiran-demo:{seed}:{calendar.today.isoformat()}:{calendar.days}:izin")
    people = [p for p in plan.people if not p.attendance_disabled and p.resigned_date is None]
    owner = next((p.seq for p in plan.people if p.role == "owner"), None)
    taken: dict[int, set[date]] = {}
    requests: list[IzinSpec] = []
    if not people:
        return requests

    def add(person: PersonSpec, code: str, status: str | None) -> bool:
        spec = _izin_for(rng, person, code, status, calendar, taken.setdefault(person.seq, set()), ids)
        if spec is None:
            return False
        spec.approver = owner if person.force_approval or person.supervisor is None else person.supervisor
        if spec.approver == person.seq:
            spec.approver = None
        requests.append(spec)
        return True

    # Every code in every status at least once (the first employee who has a free working day),
    # then a realistic amount at random.
    for k, (code, status) in enumerate((c, s) for c in IZIN_CODES for s in IZIN_STATUSES):
        start = k * 7 + 3
        any(add(people[(start + i) % len(people)], code, status) for i in range(len(people)))
    codes, weights = zip(*IZIN_WEIGHTS.items(), strict=True)
    expected = IZIN_PER_EMPLOYEE_DAY * calendar.days
    for person in people:
        for _ in range(int(expected) + (1 if rng.random() < expected - int(expected) else 0)):
            add(person, rng.choices(codes, weights)[0], None)
    return requests


def _izin_for(
    rng: random.Random,
    person: PersonSpec,
    code: str,
    status: str | None,
    calendar: Calendar,
    taken: set[date],
    ids: Ids,
) -> IzinSpec | None:
    today = calendar.today
    forgot = code.startswith("lupa_absen")
    special = ""
    length = 1
    if code == "cuti":
        length = rng.choice((1, 1, 1, 2, 2, 3, 5))
    elif code in ("sakit", "cuti_tidak_berbayar"):
        length = rng.choice((1, 1, 2, 3))
    elif code == "cuti_khusus":
        special, _, length = rng.choice(cat.SPECIAL_LEAVES)
    future = not forgot and code != "sakit" and rng.random() < 0.3
    for _ in range(8):
        if future:
            start = today + timedelta(days=rng.randint(1, 21))
        else:
            start = today - timedelta(days=rng.randint(1, max(1, calendar.days - length)))
        if start < person.joined_date or calendar.works(person, start) is None:
            continue
        covered = {start + timedelta(days=i) for i in range(length)}
        if covered & taken:
            continue
        taken.update(covered)
        break
    else:
        return None
    end = start + timedelta(days=length - 1)
    if status is None:
        roll = rng.random()
        if start > today:
            status = "waiting_approval" if roll < 0.8 else "approved" if roll < 0.95 else "rejected"
        else:
            status = "approved" if roll < 0.72 else "rejected" if roll < 0.82 else "waiting_approval"
    local_now = calendar.now
    if start > today or code == "cuti":
        created_day = start - timedelta(days=rng.randint(1, 10))
    else:
        created_day = start + timedelta(days=rng.randint(0, 2))
    created = _at(created_day, rng.randint(7 * 60, 21 * 60), ZoneInfo("Asia/Jakarta"))
    created = min(created, local_now - timedelta(minutes=rng.randint(5, 600)))
    spec = IzinSpec(
        seq=person.seq,
        code=code,
        status=status,
        start=start,
        end=end,
        special_leave=special,
        description=rng.choice(cat.IZIN_DESCRIPTIONS[code]),
        approver=None,
        created=created,
        attachment=code in ("sakit", "cuti_khusus"),
    )
    if status != "waiting_approval":
        spec.decided_by = rng.choice(ids.izin_deciders)
        spec.decided_at = min(created + timedelta(minutes=rng.randint(20, 48 * 60)), local_now)
        if status == "rejected":
            spec.decision_note = rng.choice(cat.IZIN_REJECT_NOTES)
        elif rng.random() < 0.3:
            spec.decision_note = "Disetujui, semoga lancar."
    return spec


def izin_effects(requests: list[IzinSpec], today: date) -> dict[tuple[int, date], str]:
    """(seq, day) → what the request means for that day's logs: absent, no_in or no_out."""
    effects: dict[tuple[int, date], str] = {}
    for spec in requests:
        effect = {"lupa_absen_datang": "no_in", "lupa_absen_pulang": "no_out"}.get(spec.code, "absent")
        day = spec.start
        while day <= min(spec.end, today):
            effects[(spec.seq, day)] = effect
            day += timedelta(days=1)
    return effects


def _at(day: date, minutes: int, tz: ZoneInfo) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=tz) + timedelta(minutes=minutes)


def _distance(radius: float, draw: float, *, bad_location: bool) -> float:
    """Metres from the placement for one uniform draw (one draw whatever the case, so the rest of the
    generated month stays the same): inside 0.85 of the radius, else drift just past it or far out."""
    if not bad_location:
        return radius * 0.85 * math.sqrt(draw)
    if draw < DRIFT_SHARE:
        low, high = DRIFT_METRES
        return radius + low + (high - low) * draw / DRIFT_SHARE
    return radius * (1.3 + (12.0 - 1.3) * (draw - DRIFT_SHARE) / (1 - DRIFT_SHARE))


@dataclass(frozen=True)
class _Where:
    """One employee's fixed facts for the log loop."""

    person: PersonSpec
    employee_id: int
    man_power_id: int
    latitude: float
    longitude: float
    radius: int
    metres_per_degree_longitude: float
    offset_seconds: float


class LogGenerator:
    """Check-in/out rows (LOG_COLUMNS order) for every employee and day of the window, up to now."""

    def __init__(
        self, plan: WorkforcePlan, calendar: Calendar, *, seed: int, ids: Ids, photos: list[str]
    ) -> None:
        self.plan, self.calendar, self.ids, self.photos = plan, calendar, ids, photos
        self.rng = random.Random(f"kehadiran-demo:{seed}:{calendar.today.isoformat()}:{calendar.days}:logs")
        self.now_ts = calendar.now.timestamp()
        # Its own stream: the GPS fix quality leaves every other value of the seed as it was.
        self.gps_rng = random.Random(
            f"kehadiran-demo:{seed}:{calendar.today.isoformat()}:{calendar.days}:gps"
        )
        self.logs = 0
        self.waiting = 0

    def rows(self, effects: dict[tuple[int, date], str]) -> Iterator[tuple[object, ...]]:
        rng, calendar = self.rng, self.calendar
        window = [calendar.first + timedelta(days=i) for i in range(calendar.days)]
        trouble = calendar.trouble_date
        for person in self.plan.people:
            if person.attendance_disabled:
                continue
            placement = cat.PLACEMENTS[person.placement]
            # Indonesian zones keep one offset all year.
            offset = ZoneInfo(placement.timezone).utcoffset(datetime(calendar.today.year, 1, 1))
            offset_seconds = offset.total_seconds() if offset is not None else 0.0
            where = _Where(
                person=person,
                employee_id=self.ids.employees[person.seq],
                man_power_id=self.ids.placements[person.placement],
                latitude=placement.latitude,
                longitude=placement.longitude,
                radius=placement.max_radius,
                metres_per_degree_longitude=EARTH_METRES_PER_DEGREE
                * math.cos(math.radians(placement.latitude)),
                offset_seconds=offset_seconds,
            )
            for day in window:
                if day < person.joined_date or (person.resigned_date and day > person.resigned_date):
                    continue
                midnight = datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() - offset_seconds
                shift = calendar.works(person, day)
                if shift is None:
                    # Now and then office staff come in on a Saturday to finish work (holiday overtime).
                    if (
                        person.type == "office"
                        and calendar.shift_on(person.pattern, day)
                        and rng.random() < 0.03
                    ):
                        start = 9 * 60 + rng.randint(-20, 30)
                        stop = start + rng.randint(180, 330)
                        events = [
                            (start, "check_in", ""),
                            (stop, "check_out", rng.choice(cat.OVERTIME_NOTES)),
                        ]
                        yield from self._emit(where, day, midnight, None, events)
                    continue
                effect = effects.get((person.seq, day))
                if effect == "absent" or rng.random() < ABSENT_SHARE:
                    continue
                if day == trouble and rng.random() < SYSTEM_TROUBLE_MISSED:
                    continue
                yield from self._emit(where, day, midnight, shift, self._day_events(person, shift, effect))

    def _day_events(
        self, person: PersonSpec, shift: cat.ShiftSpec, effect: str | None
    ) -> list[tuple[int, str, str]]:
        rng = self.rng
        time_in = shift.time_in.hour * 60 + shift.time_in.minute
        time_out = shift.time_out.hour * 60 + shift.time_out.minute
        if time_out <= time_in:
            time_out += 24 * 60
        if rng.random() < person.lateness:
            late = rng.randint(1, 40) if rng.random() < 0.85 else rng.randint(41, 120)
            check_in = time_in + shift.late_in_minutes + late
            in_note = rng.choice(cat.LATE_NOTES) if rng.random() < 0.4 else ""
        else:
            check_in = time_in - round(rng.triangular(0, 55, 12))
            in_note = ""
        roll = rng.random()
        out_note = ""
        if roll < 0.03:
            check_out = time_out - rng.randint(5, 90)
        elif roll < (0.2 if person.type == "site" else 0.1):
            check_out = time_out + rng.randint(30, 180)
            out_note = rng.choice(cat.OVERTIME_NOTES) if rng.random() < 0.3 else ""
        else:
            check_out = time_out + rng.randint(0, 35)
        events: list[tuple[int, str, str]] = []
        if effect != "no_in":
            events.append((check_in, "check_in", in_note))
        if effect != "no_out" and rng.random() >= FORGOT_CHECK_OUT_SHARE:
            events.append((check_out, "check_out", out_note))
        return events

    def _status(self, *, in_shift: bool) -> str:
        roll = self.rng.random()
        if roll < WAITING_SHARE:
            return "waiting_approval"
        if roll < WAITING_SHARE + MANUAL_APPROVED_SHARE or not in_shift:
            return "manual_approved"
        if roll < WAITING_SHARE + MANUAL_APPROVED_SHARE + REJECTED_SHARE:
            return "rejected"
        return "approved"

    def _emit(
        self,
        where: _Where,
        day: date,
        midnight: float,
        shift: cat.ShiftSpec | None,
        events: list[tuple[int, str, str]],
    ) -> Iterator[tuple[object, ...]]:
        rng, ids, person = self.rng, self.ids, where.person
        shift_id = ids.shifts[shift.code] if shift is not None else None
        for minutes, log_type, note in events:
            ts = midnight + minutes * 60 + rng.randint(0, 59)
            if ts > self.now_ts:
                continue
            status = self._status(in_shift=shift is not None)
            bad_location = bad_face = False
            if status != "approved" and shift is not None:
                cause = rng.random()
                bad_location = cause < 0.65 and not person.anywhere
                bad_face = not bad_location or cause > 0.9
            radius = where.radius
            distance = _distance(radius, rng.random(), bad_location=bad_location)
            bearing = rng.random() * 2 * math.pi
            latitude = where.latitude + distance * math.cos(bearing) / EARTH_METRES_PER_DEGREE
            longitude = where.longitude + distance * math.sin(bearing) / where.metres_per_degree_longitude
            face = round(rng.uniform(35.0, 74.5) if bad_face else rng.uniform(80.0, 99.6), 2)
            when = datetime.fromtimestamp(ts, tz=UTC)
            decided_by = decided_at = None
            rejected_note = ""
            if status in ("manual_approved", "rejected"):
                decided = ts + rng.randint(10 * 60, 30 * 3600)
                if decided > self.now_ts:
                    status = "waiting_approval"
                else:
                    decided_by = rng.choice(ids.log_deciders.get(person.type, (ids.default_decider,)))
                    decided_at = datetime.fromtimestamp(decided, tz=UTC)
                    if status == "rejected":
                        rejected_note = cat.REJECT_NOTES[0] if bad_location else cat.REJECT_NOTES[1]
            gps_accuracy = self._gps_accuracy(bad_location=bad_location)
            self.logs += 1
            if status == "waiting_approval":
                self.waiting += 1
            yield (
                where.employee_id,
                log_type,
                when,
                datetime.fromtimestamp(ts + where.offset_seconds, tz=UTC).date(),
                day,
                rng.choice(self.photos) if self.photos else "",
                round(latitude, 6),
                round(longitude, 6),
                round(distance, 2),
                person.anywhere or not bad_location,
                where.man_power_id,
                person.type,
                face,
                face >= ids.face_threshold,
                shift_id,
                shift is not None,
                False,
                "personal",
                note,
                status,
                decided_by,
                decided_at,
                rejected_note,
                when,
                gps_accuracy,
            )

    def _gps_accuracy(self, *, bad_location: bool) -> float:
        """Metres: a good fix mostly; an out-of-radius log is often a poor fix near the site (drift)."""
        rng = self.gps_rng
        if bad_location and rng.random() < 0.45:
            return round(rng.uniform(110, 420), 1)
        return round(rng.triangular(3, 60, 12), 1)
