"""Indonesian messages of the report endpoints."""

from server.core.inputs import END_DATE_INVALID as END_DATE_INVALID
from server.core.inputs import RANGE_REVERSED as RANGE_REVERSED
from server.core.inputs import RANGE_TOO_LONG as RANGE_TOO_LONG
from server.core.inputs import START_DATE_INVALID as START_DATE_INVALID

START_IN_FUTURE = "Tanggal mulai tidak boleh setelah hari ini."
END_IN_FUTURE = "Tanggal akhir tidak boleh setelah bulan ini."
LIMIT_OUT_OF_RANGE = "Batas jumlah data harus antara 1 dan {maximum}."
LIMIT_INVALID = LIMIT_OUT_OF_RANGE.format(maximum=100)

INCOMPLETE_FORM = "Lengkapi form terlebih dahulu!"
RANGE_TOO_LONG_30 = "Rentang tanggal maksimal 30 hari."
EMPLOYEES_INVALID = "Daftar karyawan tidak valid."
TOO_MANY_EMPLOYEES = "Karyawan yang dipilih maksimal 500."
MAN_POWER_TYPE_INVALID = "Tipe man power harus office, pool, site atau tug_boat."
MAN_POWER_STATUS_INVALID = "Status man power harus 0 atau 1."
CATEGORY_INVALID = "Kategori tidak valid."
REPORT_TYPE_INVALID = "Jenis laporan tidak valid."
DATE_RANGE_INVALID = "Rentang tanggal tidak valid."
MAN_POWER_INVALID = "Man power tidak valid."
