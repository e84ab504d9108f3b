"""The demo workforce as plain data, drawn from one seeded random generator (no database).

The same seed and size give the same people: names, numbers, placements, hierarchy, schedules,
joined and birth years. What depends on the day the seed runs (birthdays around today, resignations
inside the window) is drawn by `anchor_people` from a separate generator, so it cannot shift them.
"""

from __future__ import annotations

import math
import random
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta

from server.demo import catalogue as cat

NUMBER_BASE = 100000
EMAIL_DOMAIN = "karyawan.example.com"
AVATAR_COUNT = 24


@dataclass
class PersonSpec:
    seq: int  # 1-based, in seniority order: the employee number is NUMBER_BASE + seq
    name: str
    gender: str
    email: str
    birth_date: date
    joined_date: date
    job_title: str
    placement: int  # index into catalogue.PLACEMENTS
    team: str
    group: str
    pattern: str
    role: str  # owner, manager, supervisor, group_head, member
    supervisor: int | None = None  # seq of the supervisor
    group_head: int | None = None  # seq of the group head
    anywhere: bool = False
    attendance_disabled: bool = False
    force_approval: bool = False
    resigns: bool = False
    resigned_date: date | None = None
    avatar: int | None = None  # 1-based avatar picture, None: the UI shows initials
    lateness: float = 0.05  # chance of arriving after the tolerance on a working day
    opening_saldo: int = 12
    opening_terpakai: int = 0
    opening_hutang: int = 0

    @property
    def employee_number(self) -> str:
        return str(NUMBER_BASE + self.seq)

    @property
    def employee_number_formatted(self) -> str:
        return f"{self.joined_date:%Y}.{self.seq:05d}"

    @property
    def type(self) -> str:
        return cat.PLACEMENTS[self.placement].type


@dataclass
class WorkforcePlan:
    people: list[PersonSpec]
    placements: list[int] = field(default_factory=list)  # indexes of catalogue.PLACEMENTS in use
    teams: list[tuple[int, str]] = field(default_factory=list)  # (placement, team)
    groups: list[tuple[int, str, str]] = field(default_factory=list)  # (placement, team, group)


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c for c in ascii_text.lower() if c.isalnum())


def _name(rng: random.Random, gender: str) -> tuple[str, str, str]:
    """(full name, first part, last part) in one of the usual Indonesian shapes."""
    shape = rng.random()
    if shape < 0.12:
        single = rng.choice(cat.SINGLE_NAMES)
        return single, single, ""
    first = rng.choice(cat.MALE_FIRST_NAMES if gender == "L" else cat.FEMALE_FIRST_NAMES)
    last = rng.choice(cat.FAMILY_NAMES if gender == "L" else cat.FEMALE_FAMILY_NAMES)
    if shape < 0.35:
        middle = rng.choice(cat.MIDDLE_NAMES)
        if middle not in (first, last):
            return f"{first} {middle} {last}", first, last
    return f"{first} {last}", first, last


def _split(items: list[int], parts: int) -> list[list[int]]:
    size, extra = divmod(len(items), parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(items[start:end])
        start = end
    return out


def _type_counts(total: int) -> dict[str, int]:
    counts = {t: math.floor(total * share) for t, share in cat.TYPE_SHARES.items()}
    if total >= len(counts):
        for t in counts:
            counts[t] = max(1, counts[t])
    order = sorted(cat.TYPE_SHARES, key=lambda t: -cat.TYPE_SHARES[t])
    i = 0
    while sum(counts.values()) < total:
        counts[order[i % len(order)]] += 1
        i += 1
    while sum(counts.values()) > total:
        largest = max(counts, key=lambda t: counts[t])
        counts[largest] -= 1
    return counts


def _date_between(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randint(0, max(0, (end - start).days)))


def build_workforce(*, seed: int, employees: int) -> WorkforcePlan:
    """The people of the demo company for a seed and size; deterministic, without the database."""
    rng = random.Random(f"kehadiran-demo:{seed}:{employees}")
    plan = WorkforcePlan(people=[])
    if employees <= 0:
        return plan
    counts = _type_counts(employees)
    # Slots: (placement, team, group, role, pattern) in hierarchy order; people are drawn afterwards.
    slots: list[dict[str, object]] = []
    for type_ in cat.TYPE_SHARES:
        available = [i for i, p in enumerate(cat.PLACEMENTS) if p.type == type_]
        wanted = counts[type_]
        if not wanted:
            continue
        used = available[
            : max(1, min(len(available), math.ceil(wanted / cat.EMPLOYEES_PER_PLACEMENT[type_])))
        ]
        for placement_index, members in zip(used, _split(list(range(wanted)), len(used)), strict=True):
            if not members:
                continue
            plan.placements.append(placement_index)
            slots.extend(_placement_slots(placement_index, len(members), owner=not slots))
    people: list[PersonSpec] = []
    for slot in slots:
        type_ = cat.PLACEMENTS[int(slot["placement"])].type  # type: ignore[call-overload]
        role = str(slot["role"])
        male_share = 0.5 if type_ == "office" else 0.9
        gender = "L" if rng.random() < male_share else "P"
        name, first, last = _name(rng, gender)
        age_years = {"owner": (48, 60), "manager": (38, 55), "supervisor": (30, 50), "group_head": (27, 48)}
        low, high = age_years.get(role, (19, 55))
        age = rng.randint(low, high) if rng.random() > 0.05 or role != "member" else rng.randint(18, 19)
        birth = date(2026 - age, rng.randint(1, 12), rng.randint(1, 28))
        earliest = {"owner": date(2008, 1, 2), "manager": date(2009, 1, 5)}.get(role, date(2011, 1, 3))
        joined = _date_between(rng, max(earliest, date(birth.year + 18, 7, 1)), date(2026, 6, 30))
        people.append(
            PersonSpec(
                seq=0,
                name=name,
                gender=gender,
                email=".".join(filter(None, (_slug(first), _slug(last)))) if rng.random() < 0.9 else "",
                birth_date=birth,
                joined_date=joined,
                job_title=_job_title(rng, type_, role, str(slot["team"])),
                placement=int(slot["placement"]),  # type: ignore[call-overload]
                team=str(slot["team"]),
                group=str(slot["group"]),
                pattern=str(slot["pattern"]),
                role=role,
                avatar=rng.randint(1, AVATAR_COUNT) if rng.random() < 0.75 else None,
                lateness=rng.uniform(0.15, 0.4) if rng.random() < 0.1 else rng.uniform(0.01, 0.07),
                anywhere=type_ == "office" and role == "member" and rng.random() < 0.1,
                attendance_disabled=role == "member" and rng.random() < 0.006,
                force_approval=role == "member" and rng.random() < 0.02,
                resigns=role == "member" and rng.random() < 0.01,
                opening_saldo=rng.randint(0, 14),
                opening_terpakai=rng.randint(0, 8),
                opening_hutang=rng.randint(1, 3) if rng.random() < 0.04 else 0,
            )
        )
    _link_hierarchy(people, slots)
    # Employee numbers follow seniority (who joined first has the lowest number).
    order = sorted(range(len(people)), key=lambda i: (people[i].joined_date, i))
    old_to_new = {old: new + 1 for new, old in enumerate(order)}
    for old, person in enumerate(people):
        person.seq = old_to_new[old]
        if person.supervisor is not None:
            person.supervisor = old_to_new[person.supervisor]
        if person.group_head is not None:
            person.group_head = old_to_new[person.group_head]
        if person.email:
            person.email = f"{person.email}{person.seq}@{EMAIL_DOMAIN}"
    people.sort(key=lambda p: p.seq)
    plan.people = people
    plan.teams = list(dict.fromkeys((p.placement, p.team) for p in people))
    plan.groups = list(dict.fromkeys((p.placement, p.team, p.group) for p in people))
    return plan


def _placement_slots(placement_index: int, size: int, *, owner: bool) -> list[dict[str, object]]:
    """Slots of one placement: (owner,) manager, then per team a supervisor, group heads, members."""
    placement = cat.PLACEMENTS[placement_index]
    patterns = cat.PATTERN_BY_TYPE[placement.type]
    slots: list[dict[str, object]] = []

    def slot(team: str, group_index: int, role: str) -> dict[str, object]:
        group = placement.groups[group_index]
        return {
            "placement": placement_index,
            "team": team,
            "group": group,
            "role": role,
            "pattern": patterns[min(group_index, len(patterns) - 1)],
        }

    remaining = size
    if owner:
        slots.append(slot(placement.teams[0], 0, "owner"))
        remaining -= 1
    if remaining <= 0:
        return slots
    slots.append(slot(placement.teams[0], 0, "manager"))
    remaining -= 1
    team_count = max(1, min(len(placement.teams), remaining // 8))
    for team, members in zip(placement.teams, _split(list(range(remaining)), team_count), strict=False):
        if not members:
            continue
        slots.append(slot(team, 0, "supervisor"))
        rest = len(members) - 1
        group_count = len(placement.groups) if rest >= 2 else 1
        for group_index, group_members in enumerate(_split(list(range(rest)), group_count)):
            if not group_members:
                continue
            slots.append(slot(team, group_index, "group_head"))
            slots.extend(slot(team, group_index, "member") for _ in group_members[1:])
    return slots


def _link_hierarchy(people: list[PersonSpec], slots: list[dict[str, object]]) -> None:
    """Supervisor and group head by position (indexes into `people`; renumbered to seqs later)."""
    owner = next((i for i, s in enumerate(slots) if s["role"] == "owner"), None)
    manager_of: dict[object, int] = {}
    supervisor_of: dict[tuple[object, object], int] = {}
    head_of: dict[tuple[object, object, object], int] = {}
    for i, s in enumerate(slots):
        key_team = (s["placement"], s["team"])
        key_group = (s["placement"], s["team"], s["group"])
        role = s["role"]
        person = people[i]
        if role == "owner":
            continue
        if role == "manager":
            manager_of[s["placement"]] = i
            person.supervisor = owner
        elif role == "supervisor":
            supervisor_of[key_team] = i
            person.supervisor = manager_of.get(s["placement"], owner)
        elif role == "group_head":
            head_of[key_group] = i
            person.supervisor = supervisor_of.get(key_team, manager_of.get(s["placement"], owner))
        else:
            person.supervisor = supervisor_of.get(key_team, manager_of.get(s["placement"], owner))
            person.group_head = head_of.get(key_group)


def _job_title(rng: random.Random, type_: str, role: str, team: str) -> str:
    if role == "owner":
        return cat.OWNER_TITLE
    if role == "manager":
        return cat.MANAGER_TITLES[type_]
    if role == "supervisor":
        return cat.SUPERVISOR_TITLES[type_].format(team=team)
    if role == "group_head":
        return cat.GROUP_HEAD_TITLES[type_]
    return rng.choice(cat.MEMBER_TITLES[type_]).format(team=team)


def anchor_people(plan: WorkforcePlan, *, seed: int, today: date, days: int) -> None:
    """What depends on the day the seed runs: birthdays around today and resignation dates."""
    rng = random.Random(f"kehadiran-demo:{seed}:{today.isoformat()}:birthdays")
    people = plan.people
    if not people:
        return
    offsets = [0, 0, 1, 1] + [rng.choice((0, 1, 1, 2, 3, 4, 5, 6)) for _ in range(max(0, len(people) // 60))]
    chosen = rng.sample(range(len(people)), k=min(len(people), len(offsets)))
    for index, offset in zip(chosen, offsets, strict=False):
        person = people[index]
        day = today + timedelta(days=offset)
        year = person.birth_date.year
        while True:
            try:
                person.birth_date = date(year, day.month, day.day)
                break
            except ValueError:  # 29 February in a common year
                year -= 1
    for person in people:
        if person.resigns:
            person.resigned_date = today - timedelta(days=rng.randint(1, max(1, days - 1)))
