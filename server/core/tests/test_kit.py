"""The server kit's pieces on their own: shared inputs, flag_policies, model_update, token parsing."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from rest_framework import serializers
from rest_framework.exceptions import NotFound

from server.core.authentication import raw_token
from server.core.hashids import PK_MAX, _codec, decode_id, encode_id, get_by_hash_id, hash_id_lengths
from server.core.inputs import DateRangeInput, HashIdField, HashIdListField, NoteField
from server.core.policy import AllFlags, flag_policies
from server.core.services import model_update
from server.dashboard.models import WallDisplay
from server.dashboard.services import wall_display_create


class NoteInput(serializers.Serializer[Any]):
    required_note = NoteField(required=True, required_message="Catatan penolakan harus diisi.")
    optional_note = NoteField()


def test_note_field_trims_limits_and_requires() -> None:
    ok = NoteInput(data={"required_note": "  alasan  ", "optional_note": None})
    assert ok.is_valid(), ok.errors
    assert ok.validated_data == {"required_note": "alasan", "optional_note": ""}
    blank = NoteInput(data={"required_note": "   "})
    assert not blank.is_valid()
    assert blank.errors["required_note"] == ["Catatan penolakan harus diisi."]
    long = NoteInput(data={"required_note": "x" * 1001})
    assert not long.is_valid()
    assert long.errors["required_note"] == ["Catatan maksimal 1000 karakter."]


class MonthRange(DateRangeInput):
    max_span = timedelta(days=31)
    max_span_message = "Rentang tanggal maksimal 31 hari."

    def earliest_start(self, today: date) -> tuple[date, str]:
        return date(2026, 1, 1), "Tanggal mulai paling awal 1 Januari 2026."


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"start_date": "2026-02-10", "end_date": "2026-02-01"},
            "end_date",
            "Tanggal akhir tidak boleh sebelum tanggal mulai.",
        ),
        (
            {"start_date": "2026-02-01", "end_date": "2026-03-15"},
            "end_date",
            "Rentang tanggal maksimal 31 hari.",
        ),
        (
            {"start_date": "2025-12-31", "end_date": "2026-01-02"},
            "start_date",
            "Tanggal mulai paling awal 1 Januari 2026.",
        ),
        (
            {"start_date": "01-02-2026", "end_date": "2026-02-02"},
            "start_date",
            "Tanggal mulai harus diisi dengan format YYYY-MM-DD.",
        ),
    ],
)
def test_date_range_limits(data: dict[str, str], field: str, message: str) -> None:
    form = MonthRange(data=data)
    assert not form.is_valid()
    assert form.errors[field] == [message]


@pytest.mark.django_db
def test_hash_id_field_gives_the_instance_or_its_message(admin_user: Any) -> None:
    display, _ = wall_display_create(name="Lobi", created_by=admin_user)

    class Pick(serializers.Serializer[Any]):
        display = HashIdField(queryset=WallDisplay.objects.all(), message="Layar dinding tidak ditemukan.")

    picked = Pick(data={"display": display.hash_id})
    assert picked.is_valid(), picked.errors
    assert picked.validated_data["display"] == display
    for bad in ["", "tidak-ada", 12, None, "0" * 63]:
        form = Pick(data={"display": bad})
        assert not form.is_valid()
        assert form.errors["display"] == ["Layar dinding tidak ditemukan."]


LABEL = "dashboard.WallDisplay"


def test_decode_id_answers_only_what_a_bigint_key_can_be() -> None:
    # A hashid of a number past bigint (under the development key "0" * 63 was one, of a 338-bit
    # number): it reached the database in an IN list (500).
    huge = _codec(LABEL).encode(2**338)
    assert len(huge) > 13 and _codec(LABEL).decode(huge)[0] > PK_MAX
    assert decode_id(LABEL, huge) is None
    assert decode_id(LABEL, "0" * 63) is None
    assert hash_id_lengths() == (10, 13)
    assert len(encode_id(LABEL, 1)) == 10 and decode_id(LABEL, encode_id(LABEL, 1)) == 1
    assert len(encode_id(LABEL, PK_MAX)) == 13 and decode_id(LABEL, encode_id(LABEL, PK_MAX)) == PK_MAX
    assert decode_id(LABEL, _codec(LABEL).encode(PK_MAX + 1)) is None
    one = encode_id(LABEL, 1)
    for bad in [one + "\n", " " + one, one[:9], one.replace(one[3], "-"), "", "\uff10" * 10, 12, None]:
        assert decode_id(LABEL, bad) is None, bad  # type: ignore[arg-type]


@pytest.mark.django_db
def test_get_by_hash_id_is_a_404_for_an_id_past_bigint() -> None:
    with pytest.raises(NotFound):
        get_by_hash_id(WallDisplay.objects.all(), "0" * 63)


class Selection(serializers.Serializer[Any]):
    ids = HashIdListField(
        max_length=3,
        required_message="Pilih minimal satu layar.",
        too_many_message="Maksimal {max_length} layar sekaligus.",
        invalid_message="Ada layar terpilih yang tidak dikenal.",
    )


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        (None, "Pilih minimal satu layar."),
        ([], "Pilih minimal satu layar."),
        ("GN16Jb6E0w", "Pilih minimal satu layar."),
        (["0" * 63], "Ada layar terpilih yang tidak dikenal."),
        (["GN16Jb6E0w\n"], "Ada layar terpilih yang tidak dikenal."),
        (["GN16Jb6E0"], "Ada layar terpilih yang tidak dikenal."),
        (["GN16Jb6E0-"], "Ada layar terpilih yang tidak dikenal."),
        ([None], "Ada layar terpilih yang tidak dikenal."),
        ([12345678901], "Ada layar terpilih yang tidak dikenal."),
        (["x"] * 4, "Maksimal 3 layar sekaligus."),
    ],
)
def test_hash_id_list_field_checks_each_id_shape_and_the_count(ids: Any, message: str) -> None:
    form = Selection(data={"ids": ids})
    assert not form.is_valid()
    assert form.errors["ids"] in ([message], {0: [message]})


def test_hash_id_list_field_keeps_well_shaped_ids_as_text() -> None:
    known, unknown = encode_id(LABEL, 1), encode_id(LABEL, 10**12)
    form = Selection(data={"ids": [known, unknown]})
    assert form.is_valid(), form.errors
    assert form.validated_data["ids"] == [known, unknown]


@pytest.mark.django_db
def test_model_update_saves_only_changes(admin_user: Any) -> None:
    display, _ = wall_display_create(name="Lobi", created_by=admin_user)
    same, changed = model_update(instance=display, fields=["name"], data={"name": "Lobi"})
    assert same is display and changed is False
    _, changed = model_update(instance=display, fields=["name"], data={"name": "Gudang", "key_hash": "x"})
    assert changed is True
    display.refresh_from_db()
    assert display.name == "Gudang" and display.key_hash != "x"
    with pytest.raises(ValueError):
        model_update(instance=display, fields=["nama"], data={"nama": "x"})


def test_flag_policies_derive_the_children() -> None:
    shifts = flag_policies("allow_setting_shift")
    assert shifts.read == AllFlags("allow_setting_shift")
    assert shifts.create == AllFlags("allow_setting_shift", "allow_setting_shift_create")
    assert shifts.delete.describe() == "all of allow_setting_shift, allow_setting_shift_delete"
    with pytest.raises(ValueError):
        flag_policies("allow_adjustment").delete  # noqa: B018  (the catalogue has no such child)
    with pytest.raises(ValueError):
        flag_policies("allow_everything")


def test_raw_token_prefixes() -> None:
    user_prefixes = ("bearer", "token")
    assert raw_token("abc", prefixes=user_prefixes, bare=True) == "abc"
    assert raw_token("Bearer abc", prefixes=user_prefixes, bare=True) == "abc"
    assert raw_token("Display abc", prefixes=user_prefixes, bare=True) is None
    assert raw_token("abc", prefixes=("display",), bare=False) is None
    assert raw_token("display abc", prefixes=("display",), bare=False) == "abc"
    assert raw_token("Token a b", prefixes=user_prefixes, bare=True) is None
