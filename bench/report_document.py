#!/usr/bin/env python
"""The report document's answer on the wire (issue [5/7]): one JSON line with the bytes of the detail
report of one week of one placement, the v1 answer (`report`) and the lean one (`report/lean`, which
the document reads), each raw and as the server sends it to a client that accepts gzip
(CompressedAnswersMiddleware), and the rows both carry (the same).

Runs in process through Django's test client (the whole middleware stack) on an existing database,
normally a seeded demo (`KEHADIRAN_DEMO=1 manage.py seed_demo`, 300 x 60): DATABASE_URL as for
manage.py. The placement defaults to the one with the most employees in the week, the week to the last
seven days of the data. The DOM figures of the document: `node bench/report_document_dom.mjs URL`
against a server on the same database (`make run`).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<demo> KEHADIRAN_DEMO=1 \\
        .venv/bin/python bench/report_document.py [--man-power-name NAME] [--days 7]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--man-power-name", default="")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--email", default="admin@example.com")
    parser.add_argument("--password", default="admin12345")
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")
    import django

    django.setup()
    from django.db.models import Count
    from django.test import Client

    from server.attendance.models import AttendanceDay

    end = AttendanceDay.objects.order_by("-date").values_list("date", flat=True).first()
    assert end is not None, "no attendance days: seed the demo first"
    start = end - timedelta(days=args.days - 1)
    days = AttendanceDay.objects.filter(date__gte=start, date__lte=end)
    if args.man_power_name:
        days = days.filter(man_power__name=args.man_power_name)
    place = (
        days.values("man_power__type", "man_power__name")
        .annotate(n=Count("employee_id", distinct=True))
        .order_by("-n")
        .first()
    )
    assert place is not None, "no placement in the range"

    client = Client(SERVER_NAME="127.0.0.1")
    signed = client.post(
        "/api/web/v1/auth/",
        {"email": args.email, "password": args.password},
        content_type="application/json",
    )
    assert signed.status_code == 200, signed.content[:200]
    token = signed.json()["data"]["token"]
    query = {
        "man_power": place["man_power__type"],
        "man_power_name": place["man_power__name"],
        "man_power_team_name": "",
        "man_power_group_name": "",
        "man_power_status": "0",
        "start_date": start.isoformat(),
        "end_date": end.isoformat(),
    }

    def fetch(path: str, accept_gzip: bool) -> tuple[bytes, str]:
        headers = {"HTTP_AUTHORIZATION": token}
        if accept_gzip:
            headers["HTTP_ACCEPT_ENCODING"] = "gzip, deflate, br"
        response = client.get(f"/api/web/v1/{path}", query, **headers)
        assert response.status_code == 200, response.content[:200]
        return response.content, response.get("Content-Encoding", "")

    out: dict[str, object] = {
        "bench": "report_document",
        "man_power": place["man_power__name"],
        "start": start.isoformat(),
        "end": end.isoformat(),
    }
    for name, path in (("v1", "report"), ("lean", "report/lean")):
        raw, raw_encoding = fetch(path, accept_gzip=False)
        wire, encoding = fetch(path, accept_gzip=True)
        assert raw_encoding == "", raw_encoding
        body = json.loads(gzip.decompress(wire) if encoding == "gzip" else wire)["data"]
        out[name] = {
            "raw_bytes": len(raw),
            "wire_bytes": len(wire),
            "content_encoding": encoding,
            "employees": len(body["employees"]),
            "rows": sum(len(employee["log"]) for employee in body["employees"]),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
