"""Report file names (doc2 §5, doc3 §5): `{KIND}_{name}_{start}_sd_{end}`, the name part cleaned."""

from __future__ import annotations

import re
from datetime import date

# doc2 §5, doc3 §5: the characters removed from the name part of a report file name.
FILE_NAME_SPECIAL = re.compile(r"[~!@#$%^&*()`;<>?,\[\]{}'\"|]")
FILE_NAME_PART_LENGTH = 30
SEVERAL_EMPLOYEES = "Karyawan"


def file_name_part(name: str, *, special: re.Pattern[str] = FILE_NAME_SPECIAL, space: str = "-") -> str:
    """The name inside a file name (doc2 §5, doc3 §5): `special` characters removed, spaces collapsed,
    cut to 30 characters and trimmed, the spaces left turned to `space`."""
    return " ".join(special.sub("", name).split())[:FILE_NAME_PART_LENGTH].strip().replace(" ", space)


def report_file_name(kind: str, name: str, start: date, end: date) -> str:
    """`{KIND}_{name}_{start}_sd_{end}` (doc2 §5, doc3 §5), the name as `file_name_part`; 'Karyawan'
    when nothing is left of it."""
    return f"{kind}_{file_name_part(name) or SEVERAL_EMPLOYEES}_{start.isoformat()}_sd_{end.isoformat()}"
