"""The term list (client/src/i18n/terms.id.ts) in the server's texts: every message, e-mail and label the
server writes is read in the UI or the mobile app, and 'Anda' is capitalised there as in the client's
texts (src/i18n/__tests__/terms.test.ts)."""

from __future__ import annotations

import io
import re
import subprocess
import tokenize
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SELF = "server/core/tests/test_ui_terms.py"  # names the wrong words to forbid them
LOWERCASE_ANDA = re.compile(r"\banda\b")
# The wrong word and the right one (a spelling the term list retires).
WRONG_WORDS: list[tuple[re.Pattern[str], str]] = [
    (LOWERCASE_ANDA, "Anda"),
    (re.compile(r"\bLayar Dinding\b"), "Tampilan Dinding"),
    # Retired second names of a screen (the flags' and the audit's labels name the screens alike).
    (re.compile(r"\bPola Jam Kerja\b"), "Pola Kerja"),
    (re.compile(r"\bBlacklist Aplikasi\b"), "Blacklist App"),
    (re.compile(r"\bSync Penggajian\b"), "Sinkronisasi ke Penggajian"),
    (re.compile(r"\bSinkronisasi HR\b"), "Sinkronisasi dari HRM"),
]


def server_texts() -> list[tuple[str, int, str]]:
    """(path, line, text) of every string literal in the server's tracked Python sources."""
    paths = subprocess.run(
        ["git", "ls-files", "server/*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    texts = []
    for path in paths:
        if "/migrations/" in path or path == SELF or not (ROOT / path).exists():
            continue
        source = (ROOT / path).read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING:
                texts.append((path, token.start[0], token.string))
    return texts


def problems_in(texts: list[tuple[str, int, str]]) -> list[str]:
    return [
        f"{path}:{line}: write '{right}'"
        for path, line, text in texts
        for wrong, right in WRONG_WORDS
        if wrong.search(text)
    ]


def test_server_texts_follow_the_term_list():
    texts = server_texts()
    assert len(texts) > 1000
    assert problems_in(texts) == []


def test_the_check_finds_a_lowercase_anda():
    assert problems_in([("x.py", 1, '"Akun anda tidak aktif."')]) == ["x.py:1: write 'Anda'"]
    assert problems_in([("x.py", 1, '"Akun Anda tidak aktif."'), ("y.py", 2, '"pandang"')]) == []
