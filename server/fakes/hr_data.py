"""The fake HR application's employees: the demo workforce (`server.demo.plan`, same seed and size as
`seed_demo`) plus what an HR team changed since: a few new hires, transfers, title changes and
resignations, all drawn from one seeded generator (deterministic for a seed, size and day).

Plain data, no Django: the fake runs as its own process.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from server.demo import catalogue as cat
from server.demo.plan import EMAIL_DOMAIN, NUMBER_BASE, anchor_people, build_workforce

DEFAULT_SEED = 2026
DEFAULT_EMPLOYEES = 300
DEFAULT_DAYS = 60


def hr_employees(
    *, seed: int = DEFAULT_SEED, employees: int = DEFAULT_EMPLOYEES, days: int = DEFAULT_DAYS, today: date
) -> list[dict[str, Any]]:
    """Every employee the HR application knows, in employee number order."""
    plan = build_workforce(seed=seed, employees=employees)
    anchor_people(plan, seed=seed, today=today, days=max(days, 2))
    number_of = {person.seq: person.employee_number for person in plan.people}
    rows: list[dict[str, Any]] = []
    for person in plan.people:
        placement = cat.PLACEMENTS[person.placement]
        rows.append(
            {
                "employee_number": person.employee_number,
                "employee_number_formatted": person.employee_number_formatted,
                "name": person.name,
                "email": person.email,
                "job_title": person.job_title,
                "birth_date": person.birth_date.isoformat(),
                "joined_date": person.joined_date.isoformat(),
                "resigned_date": person.resigned_date.isoformat() if person.resigned_date else None,
                "man_power_type": placement.type,
                "man_power_name": placement.name,
                "man_power_team": person.team,
                "man_power_group": person.group,
                "supervisor_number": number_of.get(person.supervisor) if person.supervisor else None,
                "group_head_number": number_of.get(person.group_head) if person.group_head else None,
            }
        )
    _apply_hr_changes(rows, seed=seed, today=today)
    return rows


def _apply_hr_changes(rows: list[dict[str, Any]], *, seed: int, today: date) -> None:
    rng = random.Random(f"kehadiran-hr:{seed}:{len(rows)}")
    members = [row for row in rows if row["resigned_date"] is None and row["group_head_number"]]
    if not members:
        return
    changes = max(2, len(rows) // 100)
    picked = rng.sample(members, k=min(len(members), changes * 3))
    transfers, retitled, resigning = picked[:changes], picked[changes : changes * 2], picked[changes * 2 :]
    placements_in_use = {(row["man_power_type"], row["man_power_name"]) for row in rows}
    for row in transfers:
        placement = next(
            p for p in cat.PLACEMENTS if (p.type, p.name) == (row["man_power_type"], row["man_power_name"])
        )
        other_teams = [team for team in placement.teams if team != row["man_power_team"]]
        if other_teams:
            row["man_power_team"] = rng.choice(other_teams)
        row["man_power_group"] = rng.choice(placement.groups)
        row["group_head_number"] = None
    for row in retitled:
        row["job_title"] = f"Senior {row['job_title']}"
    for row in resigning[: max(1, changes // 2)]:
        row["resigned_date"] = (today - timedelta(days=rng.randint(1, 10))).isoformat()
    templates = [
        row for row in members if (row["man_power_type"], row["man_power_name"]) in placements_in_use
    ]
    next_seq = len(rows) + 1
    for offset in range(max(3, len(rows) // 200)):
        template = rng.choice(templates)
        seq = next_seq + offset
        gender_names = cat.MALE_FIRST_NAMES if rng.random() < 0.6 else cat.FEMALE_FIRST_NAMES
        first, last = rng.choice(gender_names), rng.choice(cat.FAMILY_NAMES)
        joined = today - timedelta(days=rng.randint(0, 14))
        rows.append(
            {
                "employee_number": str(NUMBER_BASE + seq),
                "employee_number_formatted": f"{joined:%Y}.{seq:05d}",
                "name": f"{first} {last}",
                "email": f"{first.lower().replace(' ', '')}.{last.lower()}{seq}@{EMAIL_DOMAIN}",
                "job_title": template["job_title"],
                "birth_date": date(
                    today.year - rng.randint(19, 35), rng.randint(1, 12), rng.randint(1, 28)
                ).isoformat(),
                "joined_date": joined.isoformat(),
                "resigned_date": None,
                "man_power_type": template["man_power_type"],
                "man_power_name": template["man_power_name"],
                "man_power_team": template["man_power_team"],
                "man_power_group": template["man_power_group"],
                "supervisor_number": template["supervisor_number"],
                "group_head_number": template["group_head_number"],
            }
        )
