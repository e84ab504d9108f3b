"""Seed a database for the live-server fault tests, run as its own process against the server's
database settings (`python -m server.realtime.tests.live_seed APPROVERS EMPLOYEES`).

Migrates, then creates APPROVERS approvers with every approve/reject right (emails
`approver{n}@example.com`), EMPLOYEES employees of one site placement (numbers `LIVE{n:04d}`) and one
waiting check-in of the first employee. Prints one JSON line: the emails, the employee numbers, the
shared password and the waiting log's hash id.
"""

from __future__ import annotations

import json
import sys
from datetime import timedelta
from decimal import Decimal

PASSWORD = "rahasia-live-123"
# Far from the placement, so that check-ins wait for approval.
FAR_AWAY = (0.0, 0.0)


def seed(approvers: int, employees: int) -> dict[str, object]:
    import django

    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    from server.accounts.models import User
    from server.attendance.models import AttendanceLog, LogStatus, LogType
    from server.core.clock import local_date
    from server.core.flags import APPROVE_ATTENDANCE, MAN_POWER_TYPES, REJECT_ATTENDANCE
    from server.workforce.models import Employee, ManPower, ManPowerType

    call_command("migrate", verbosity=0, interactive=False)
    rights = {
        f"{flag}{suffix}": 1
        for flag in (APPROVE_ATTENDANCE, REJECT_ATTENDANCE)
        for suffix in ("", *(f"_{t}" for t in MAN_POWER_TYPES))
    }
    emails = []
    for n in range(approvers):
        email = f"approver{n}@example.com"
        User.objects.create_user(
            email=email,
            password=PASSWORD,
            username=f"approver{n}",
            fullname=f"Approver {n}",
            special_rights=rights,
        )
        emails.append(email)
    site = ManPower.objects.create(
        type=ManPowerType.SITE, name="Site Uji", latitude=-1.27, longitude=116.83, max_radius=100
    )
    numbers = []
    people = []
    for n in range(employees):
        employee = Employee(
            employee_number=f"LIVE{n:04d}",
            employee_number_formatted=f"LIVE-{n:04d}",
            name=f"Karyawan Live {n}",
            man_power=site,
        )
        employee.set_mobile_password(PASSWORD)
        employee.save()
        numbers.append(employee.employee_number)
        people.append(employee)
    when = timezone.now() - timedelta(hours=1)
    log = AttendanceLog.objects.create(
        employee=people[0],
        log_type=LogType.CHECK_IN,
        log_datetime=when,
        log_date=local_date(when, site.timezone),
        attendance_date=timezone.localtime(when).date(),
        status=LogStatus.WAITING_APPROVAL,
        # At the placement but with a face that did not match: approvable without choosing a placement.
        latitude=site.latitude,
        longitude=site.longitude,
        distance=1.0,
        is_valid_location=True,
        man_power=site,
        man_power_type=site.type,
        fr_accuracy=Decimal("40.00"),
        fr_is_match=False,
    )
    return {"emails": emails, "employees": numbers, "password": PASSWORD, "log": log.hash_id}


if __name__ == "__main__":
    print(json.dumps(seed(int(sys.argv[1]), int(sys.argv[2]))), flush=True)
