"""The preset rejection notes (`GET/PUT setting/rejection_notes`): a short list the system admin keeps
and every approver picks from when rejecting a check-in (single, bulk, a valid log), free text still
possible. Read by whoever may reject; changed with the system settings' update flag, audited, and
published after commit as `settings.rejection_notes` "changed" `{"action": "updated"}` so open note
fields and settings screens refetch.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from server.attendance.models import RejectionNotes
from server.attendance.topics import REJECTION_NOTES_TOPIC
from server.audit.services import audit_record
from server.core.envelope import Unprocessable
from server.realtime.publish import publish

MAX_NOTES = 20
MAX_NOTE_LENGTH = 200

NOTE_EMPTY = "Catatan penolakan ke-{n} masih kosong."
NOTE_TOO_LONG = "Catatan penolakan ke-{n} lebih dari {max} karakter."
NOTE_TWICE = "Catatan penolakan '{note}' tercantum lebih dari sekali."
TOO_MANY = "Catatan penolakan siap pakai paling banyak {max}."


def rejection_notes_get() -> list[str]:
    row, _ = RejectionNotes.objects.get_or_create(pk=1)
    return list(row.notes)


def _checked(notes: Sequence[str]) -> list[str]:
    """The notes trimmed; 422 (on `notes`) for an empty one, a long one, one listed twice (case
    aside) or more than MAX_NOTES."""
    problems: list[str] = []
    if len(notes) > MAX_NOTES:
        problems.append(TOO_MANY.format(max=MAX_NOTES))
    cleaned = [note.strip() for note in notes]
    seen: set[str] = set()
    for n, note in enumerate(cleaned, start=1):
        if not note:
            problems.append(NOTE_EMPTY.format(n=n))
        elif len(note) > MAX_NOTE_LENGTH:
            problems.append(NOTE_TOO_LONG.format(n=n, max=MAX_NOTE_LENGTH))
        elif note.casefold() in seen:
            problems.append(NOTE_TWICE.format(note=note))
        seen.add(note.casefold())
    if problems:
        raise Unprocessable(problems[0], errors={"notes": problems})
    return cleaned


def rejection_notes_update(*, notes: Sequence[str]) -> list[str]:
    """Replace the list (its order kept); audited, and told to the readers after commit."""
    cleaned = _checked(notes)
    with transaction.atomic():
        row, _ = RejectionNotes.objects.select_for_update().get_or_create(pk=1)
        before = list(row.notes)
        row.notes = cleaned
        row.save()
        audit_record(
            action="update",
            object_type="rejection_notes",
            object_id=str(row.pk),
            object_label="Catatan Penolakan Siap Pakai",
            before={"notes": before},
            after={"notes": cleaned},
        )
        publish(REJECTION_NOTES_TOPIC, "changed", {"action": "updated"})
    return cleaned
