"""Old import path of the model builders, kept for existing imports; new tests import
server.testing.factories."""

from server.testing.factories import (
    JAKARTA,
    check_in,
    check_out,
    izin_type,
    local,
    make_employee,
    make_holiday,
    make_izin,
    make_log,
    make_man_power,
    make_off_shift,
    make_pattern,
    make_shift,
)

__all__ = [
    "JAKARTA",
    "check_in",
    "check_out",
    "izin_type",
    "local",
    "make_employee",
    "make_holiday",
    "make_izin",
    "make_log",
    "make_man_power",
    "make_off_shift",
    "make_pattern",
    "make_shift",
]
