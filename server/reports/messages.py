"""Indonesian messages of the report endpoints."""

from server.core.inputs import END_DATE_INVALID as END_DATE_INVALID
from server.core.inputs import RANGE_REVERSED as RANGE_REVERSED
from server.core.inputs import RANGE_TOO_LONG as RANGE_TOO_LONG
from server.core.inputs import START_DATE_INVALID as START_DATE_INVALID

START_IN_FUTURE = "Tanggal mulai tidak boleh setelah hari ini."
END_IN_FUTURE = "Tanggal akhir tidak boleh setelah bulan ini."
FORMAT_INVALID = "Format berkas harus xlsx atau csv."
LIMIT_OUT_OF_RANGE = "Batas jumlah data harus antara 1 dan {maximum}."
LIMIT_INVALID = LIMIT_OUT_OF_RANGE.format(maximum=100)
