"""Queries on a log's risk reasons (`risk_reasons`, a JSON array of {code, text}): whether one names a
factor or contains a text, and how many there are. The same on PostgreSQL (jsonb) and SQLite (JSON
text): one EXISTS over the array's elements."""

from __future__ import annotations

from typing import Any

from django.db.models import BooleanField, F, Func, IntegerField, Value

from server.attendance.risk import FACTORS

FACTOR_CODES = tuple(code for code, _ in FACTORS)
MEMBERS = ("code", "text")


def _array(reasons: str, vendor: str) -> str:
    """The column as an array: a stray non-array value reads as an empty one (the array functions
    refuse it, or walk an object's members)."""
    if vendor == "postgresql":
        return f"(CASE WHEN jsonb_typeof({reasons}) = 'array' THEN {reasons} ELSE '[]'::jsonb END)"
    return f"(CASE WHEN json_type({reasons}) = 'array' THEN {reasons} ELSE '[]' END)"


def like_pattern(text: str) -> str:
    r"""`%text%` for LIKE ... ESCAPE '\': the text's own %, _ and \ match themselves."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class RiskReasonsMatch(Func):
    """Whether a log's risk reasons hold one whose `member` ('code' or 'text') equals `value`, or with
    `contains` holds it (case-insensitive)."""

    output_field = BooleanField()

    def __init__(self, member: str, value: str, *, contains: bool = False) -> None:
        if member not in MEMBERS:
            raise ValueError(f"unknown member {member!r}")
        self.member = member
        self.contains = contains
        super().__init__(F("risk_reasons"), Value(like_pattern(value) if contains else value))

    def as_sql(self, compiler: Any, connection: Any, *args: Any, **extra: Any) -> tuple[str, list[Any]]:  # type: ignore[override]
        reasons, reasons_params = compiler.compile(self.source_expressions[0])
        value, value_params = compiler.compile(self.source_expressions[1])
        array = _array(reasons, connection.vendor)
        params = [*reasons_params, *reasons_params]
        if connection.vendor == "postgresql":
            rows = f"jsonb_array_elements({array}) AS r"
            field = f"(r.value ->> '{self.member}')"
            operator = "ILIKE" if self.contains else "="
        else:
            rows = f"json_each({array}) AS r"
            field = f"json_extract(r.value, '$.{self.member}')"
            operator = "LIKE" if self.contains else "="
        escape = " ESCAPE '\\'" if self.contains else ""
        sql = f"EXISTS (SELECT 1 FROM {rows} WHERE {field} {operator} {value}{escape})"
        return sql, [*params, *value_params]


class RiskReasonCount(Func):
    """How many risk reasons a log has (the queue's reasons column sorts by it)."""

    output_field = IntegerField()

    def __init__(self) -> None:
        super().__init__(F("risk_reasons"))

    def as_sql(self, compiler: Any, connection: Any, *args: Any, **extra: Any) -> tuple[str, list[Any]]:  # type: ignore[override]
        reasons, params = compiler.compile(self.source_expressions[0])
        length = "jsonb_array_length" if connection.vendor == "postgresql" else "json_array_length"
        return f"{length}({_array(reasons, connection.vendor)})", [*params, *params]


def risk_reasons_name(code: str) -> RiskReasonsMatch:
    """Logs whose reasons name the factor `code` (the queue's `factor` filter)."""
    return RiskReasonsMatch("code", code)


def risk_reasons_text_search(text: str) -> RiskReasonsMatch:
    """Logs with a reason containing `text` ('Jarak 5,2 km dari ...', 'Skor wajah 66 ...'): the queue's
    global search."""
    return RiskReasonsMatch("text", text, contains=True)
