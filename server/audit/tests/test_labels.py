"""The audit catalogue has a label for every code, on the server (exports) and on the screen: every
action, object type and field of server/audit/labels.py (the codes an entry may hold: the walk over
the API's writes checks each new entry against it, server/core/tests/test_openapi_audit.py) has its
label in the client's client/src/i18n/audit.id.ts `audit.actions`, `audit.objectTypes` and `audit.fields`,
so the audit screen never falls back to showing a raw code or field name."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from server.audit.labels import ACTION_LABELS, FIELD_LABELS, OBJECT_TYPE_LABELS

I18N = settings.BASE_DIR / "client" / "src" / "i18n" / "audit.id.ts"


def client_labels(section: str) -> dict[str, str]:
    """The `key: 'label'` pairs of `audit.<section>` in audit.id.ts (`auditText`, id.ts's `audit`)."""
    audit = I18N.read_text(encoding="utf-8")
    start = audit.index(f"\n  {section}: {{")
    block = audit[start : audit.index("\n  }", start)]
    return dict(re.findall(r"^\s+(\w+): '([^']*)',?$", block, re.M))


@pytest.mark.parametrize(
    ("section", "catalogue"),
    [("actions", ACTION_LABELS), ("objectTypes", OBJECT_TYPE_LABELS), ("fields", FIELD_LABELS)],
)
def test_every_code_of_the_catalogue_has_its_label_on_the_screen(
    section: str, catalogue: dict[str, str]
) -> None:
    labels = client_labels(section)
    assert len(labels) > 10, f"audit.{section} not found in {I18N}"
    missing = sorted(set(catalogue) - set(labels))
    assert not missing, f"codes without a label in audit.id.ts {section}: {missing}"
    for code, label in catalogue.items():
        assert label and label != code, (section, code)
        assert labels[code] and labels[code] != code, (section, code)


def test_the_server_labels_every_code_too() -> None:
    for catalogue in (ACTION_LABELS, OBJECT_TYPE_LABELS, FIELD_LABELS):
        assert all(label.strip() and label != code for code, label in catalogue.items())
