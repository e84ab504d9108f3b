"""Static facts of the demo company: names, placements, work schedules, holidays and the settings lists.

Everything here is plain data; `plan.py` draws from it with a seeded random generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

# fmt: off
MALE_FIRST_NAMES = (
    "Agus", "Budi", "Andi", "Dedi", "Eko", "Fajar", "Hendra", "Irfan", "Joko", "Rudi", "Slamet", "Wahyu",
    "Yusuf", "Arif", "Bambang", "Dwi", "Heru", "Iwan", "Rizky", "Taufik", "Hadi", "Bayu", "Dimas", "Adi",
    "Rahmat", "Sigit", "Teguh", "Yoga", "Ilham", "Reza", "Ahmad", "Muhammad", "Sugeng", "Wawan", "Yudi",
    "Gilang", "Aditya", "Ikhsan", "Fikri", "Rian", "Hafiz", "Daniel", "Yohanes", "Markus", "Petrus",
    "Ketut", "Made", "Wayan", "Nyoman", "Gede", "Komang", "Imam", "Syahrul", "Firman", "Anton", "Herman",
    "Zainal", "Lukman", "Ridwan", "Saiful", "Hasan", "Amir", "Rasyid", "Yanto", "Samsul", "Roni", "Jefri",
    "Hendrik", "Fransiskus", "Gusti", "Akbar", "Bagus", "Galih", "Krisna", "Rendi", "Doni", "Ferry",
    "Yosua", "Kevin", "Randi", "Arief", "Haris", "Syamsul", "Asep", "Ujang", "Dadang", "Cecep", "Rahmadi",
)
FEMALE_FIRST_NAMES = (
    "Siti", "Sri", "Dewi", "Ayu", "Rina", "Wulan", "Putri", "Indah", "Fitri", "Ratna", "Maya", "Nia",
    "Yuni", "Dian", "Rini", "Sari", "Desi", "Novi", "Intan", "Anisa", "Nabila", "Aulia", "Citra",
    "Kartika", "Mega", "Ratih", "Tika", "Vivi", "Endang", "Melati", "Amelia", "Febri", "Gita", "Hana",
    "Laras", "Puspita", "Nurul", "Eka", "Yulia", "Lina", "Susi", "Tuti", "Wina", "Rosa", "Maria",
    "Agustina", "Theresia", "Ni Luh", "Ni Made", "Kadek", "Annisa", "Zahra", "Salsabila", "Dinda", "Rara",
)
FAMILY_NAMES = (
    "Santoso", "Wijaya", "Saputra", "Hidayat", "Nugroho", "Kusuma", "Pratama", "Setiawan", "Susanto",
    "Gunawan", "Purnomo", "Hartono", "Siregar", "Nasution", "Harahap", "Lubis", "Simanjuntak", "Sitompul",
    "Pardede", "Hutapea", "Sinaga", "Tambunan", "Manurung", "Situmorang", "Ginting", "Tarigan",
    "Sembiring", "Panjaitan", "Wibowo", "Prasetyo", "Kurniawan", "Firmansyah", "Ramadhan", "Syahputra",
    "Hakim", "Rahman", "Maulana", "Permana", "Sudrajat", "Hermawan", "Suryadi", "Anwar", "Effendi",
    "Hasibuan", "Tanjung", "Sihombing", "Marpaung", "Napitupulu", "Pangaribuan", "Latuconsina",
    "Pattiasina", "Manuputty", "Mokoginta", "Paputungan", "Rumbiak", "Wenda", "Batubara", "Daulay",
    "Hutagalung", "Silalahi", "Iskandar", "Halim", "Sanjaya", "Tanoto", "Budiman", "Mahendra",
)
FEMALE_FAMILY_NAMES = (
    "Lestari", "Wulandari", "Rahmawati", "Puspitasari", "Anggraini", "Permatasari", "Oktaviani",
    "Safitri", "Utami", "Fitriani", "Handayani", "Kusumawati", "Maharani", "Ramadhani", "Purwanti",
    "Susanti", "Novitasari", "Pertiwi", "Rahayu", "Ningsih", "Siregar", "Nasution", "Simanjuntak",
    "Sinaga", "Tarigan", "Wijaya", "Halim", "Kurniasih", "Hartati", "Sulistyowati",
)
MIDDLE_NAMES = ("Nur", "Dwi", "Tri", "Adi", "Budi", "Eka", "Putra", "Dian", "Ayu", "Indra", "Sri", "Rizki")
SINGLE_NAMES = (
    "Sutrisno", "Suparman", "Sukirman", "Mulyono", "Suwarno", "Wagiman", "Darsono", "Sumarno", "Suyanto",
    "Paijo", "Karno", "Sumarni", "Sukarti", "Painem", "Tukiyem", "Suwarni", "Sulastri", "Marsinah",
)

# fmt: on


@dataclass(frozen=True)
class Placement:
    type: str
    name: str
    latitude: float
    longitude: float
    max_radius: int
    timezone: str
    teams: tuple[str, ...]
    groups: tuple[str, ...]


# Ordered by importance: a small demo uses the first placements of each type.
# fmt: off
PLACEMENTS: tuple[Placement, ...] = (
    Placement("office", "Kantor Pusat Jakarta", -6.22587, 106.80841, 150, "Asia/Jakarta",
              ("Keuangan", "HRGA", "Teknologi Informasi", "Operasional", "Pengadaan"), ("Grup 1", "Grup 2")),
    Placement("office", "Kantor Cabang Balikpapan", -1.26759, 116.82895, 120, "Asia/Makassar",
              ("Keuangan", "HRGA", "Operasional"), ("Grup 1", "Grup 2")),
    Placement("office", "Kantor Perwakilan Banjarmasin", -3.31987, 114.59075, 120, "Asia/Makassar",
              ("Administrasi", "Operasional"), ("Grup 1",)),
    Placement("pool", "Pool Balikpapan Kariangau", -1.17912, 116.80284, 300, "Asia/Makassar",
              ("Driver", "Mekanik", "Gudang"), ("Regu 1", "Regu 2")),
    Placement("pool", "Pool Samarinda Palaran", -0.58553, 117.19072, 300, "Asia/Makassar",
              ("Driver", "Mekanik"), ("Regu 1", "Regu 2")),
    Placement("pool", "Pool Banjarmasin Trisakti", -3.32922, 114.56633, 300, "Asia/Makassar",
              ("Driver", "Mekanik"), ("Regu 1",)),
    Placement("site", "Site Sangatta Kutai Timur", 0.53841, 117.56212, 1500, "Asia/Makassar",
              ("Produksi", "Hauling", "Maintenance", "Safety"), ("Crew A", "Crew B")),
    Placement("site", "Site Satui Tanah Bumbu", -3.73455, 115.47061, 1200, "Asia/Makassar",
              ("Produksi", "Hauling", "Maintenance"), ("Crew A", "Crew B")),
    Placement("site", "Site Tanjung Tabalong", -2.16874, 115.38512, 1500, "Asia/Makassar",
              ("Produksi", "Hauling", "Maintenance", "Safety"), ("Crew A", "Crew B")),
    Placement("site", "Site Muara Wahau", 1.04210, 116.87740, 1000, "Asia/Makassar",
              ("Produksi", "Hauling"), ("Crew A", "Crew B")),
    Placement("site", "Site Bontang Lestari", 0.10528, 117.47390, 800, "Asia/Makassar",
              ("Produksi", "Maintenance"), ("Crew A", "Crew B")),
    Placement("tug_boat", "TB Mahakam Perkasa 01 (Samarinda)", -0.50391, 117.15486, 2500, "Asia/Makassar",
              ("Dek", "Mesin"), ("Crew A", "Crew B")),
    Placement("tug_boat", "TB Barito Sentosa 03 (Banjarmasin)", -3.33541, 114.56018, 2500, "Asia/Makassar",
              ("Dek", "Mesin"), ("Crew A", "Crew B")),
    Placement("tug_boat", "TB Muara Berau Jaya 05 (Samarinda)", -0.28412, 117.61957, 3000, "Asia/Makassar",
              ("Dek", "Mesin"), ("Crew A", "Crew B")),
    Placement("tug_boat", "TB Taboneo Mandiri 07 (Banjarmasin)", -3.68231, 114.43105, 3000, "Asia/Makassar",
              ("Dek", "Mesin"), ("Crew A", "Crew B")),
    Placement("tug_boat", "TB Balikpapan Bahari 09", -1.27421, 116.80512, 2500, "Asia/Makassar",
              ("Dek", "Mesin"), ("Crew A", "Crew B")),
)
# fmt: on

# Share of the workforce per man power type, and employees per placement before another one opens.
TYPE_SHARES = {"office": 0.18, "pool": 0.14, "site": 0.48, "tug_boat": 0.20}
EMPLOYEES_PER_PLACEMENT = {"office": 120, "pool": 80, "site": 400, "tug_boat": 30}

MANAGER_TITLES = {
    "office": "Kepala Kantor",
    "pool": "Kepala Pool",
    "site": "Site Manager",
    "tug_boat": "Nakhoda",
}
SUPERVISOR_TITLES = {
    "office": "Supervisor {team}",
    "pool": "Koordinator {team}",
    "site": "Supervisor {team}",
    "tug_boat": "Mualim I",
}
GROUP_HEAD_TITLES = {"office": "Ketua Grup", "pool": "Ketua Regu", "site": "Foreman", "tug_boat": "Serang"}
MEMBER_TITLES = {
    "office": ("Staf {team}", "Staf {team}", "Admin {team}", "Analis {team}"),
    "pool": ("Driver", "Driver", "Driver", "Mekanik", "Helper Mekanik", "Admin Pool"),
    "site": (
        "Operator Dump Truck",
        "Operator Dump Truck",
        "Operator Excavator",
        "Operator Bulldozer",
        "Mekanik Alat Berat",
        "Helper",
        "Checker",
        "Safety Officer",
        "Surveyor",
        "Driver LV",
    ),
    "tug_boat": ("Kelasi", "Juru Mudi", "Masinis", "Oiler", "Juru Masak", "Kelasi"),
}
OWNER_TITLE = "Direktur Utama"


@dataclass(frozen=True)
class ShiftSpec:
    code: str
    name: str
    working: bool
    time_in: time
    time_out: time
    late_in_minutes: int = 0
    early_out_minutes: int = 0
    break_start: time | None = None
    break_end: time | None = None
    minimum_check_in_time: int = 2
    maximum_check_out_time: int = 6


SHIFTS: tuple[ShiftSpec, ...] = (
    ShiftSpec(
        "OFF", "Libur", False, time(0, 0), time(0, 0), minimum_check_in_time=0, maximum_check_out_time=0
    ),
    ShiftSpec("KTR", "Kantor 08:00-17:00", True, time(8, 0), time(17, 0), 10, 0, time(12, 0), time(13, 0)),
    ShiftSpec("POOL", "Pool 07:00-16:00", True, time(7, 0), time(16, 0), 10, 0, time(12, 0), time(13, 0)),
    ShiftSpec("SD", "Site Siang 07:00-19:00", True, time(7, 0), time(19, 0), 5, 0, time(12, 0), time(13, 0)),
    ShiftSpec("SM", "Site Malam 19:00-07:00", True, time(19, 0), time(7, 0), 5, 0, time(0, 0), time(1, 0)),
    ShiftSpec("TB", "Tug Boat 06:00-18:00", True, time(6, 0), time(18, 0), 15, 0, time(12, 0), time(13, 0)),
)


@dataclass(frozen=True)
class PatternSpec:
    code: str
    name: str
    starting_date: date
    # Shift code of each day of the cycle; None leaves the day without content (an off day).
    days: tuple[str | None, ...]


_SITE_ROTATION = ("SD",) * 6 + ("OFF",) + ("SM",) * 6 + ("OFF",)
_TUG_ROTATION = ("TB",) * 14 + (None,) * 14
PATTERNS: tuple[PatternSpec, ...] = (
    PatternSpec("KANTOR-5H", "Kantor Senin-Jumat", date(2025, 1, 6), ("KTR",) * 5 + ("OFF", None)),
    PatternSpec("POOL-6H", "Pool Senin-Sabtu", date(2025, 1, 6), ("POOL",) * 6 + ("OFF",)),
    PatternSpec("SITE-A", "Site 2 Shift Crew A", date(2025, 1, 6), _SITE_ROTATION),
    PatternSpec("SITE-B", "Site 2 Shift Crew B", date(2025, 1, 13), _SITE_ROTATION),
    PatternSpec("TB-A", "Tug Boat 14/14 Crew A", date(2025, 1, 6), _TUG_ROTATION),
    PatternSpec("TB-B", "Tug Boat 14/14 Crew B", date(2025, 1, 20), _TUG_ROTATION),
)
PATTERN_BY_TYPE = {
    "office": ("KANTOR-5H",),
    "pool": ("POOL-6H",),
    "site": ("SITE-A", "SITE-B"),
    "tug_boat": ("TB-A", "TB-B"),
}


@dataclass(frozen=True)
class HolidaySpec:
    name: str
    holidays: tuple[date, ...]
    collective_leave: tuple[date, ...] = ()


# SKB 3 Menteri 2026: national holidays and cuti bersama.
HOLIDAYS_2026: tuple[HolidaySpec, ...] = (
    HolidaySpec("Tahun Baru 2026 Masehi", (date(2026, 1, 1),)),
    HolidaySpec("Isra Mikraj Nabi Muhammad SAW", (date(2026, 1, 16),)),
    HolidaySpec("Tahun Baru Imlek 2577 Kongzili", (date(2026, 2, 17),), (date(2026, 2, 16),)),
    HolidaySpec("Hari Suci Nyepi Tahun Baru Saka 1948", (date(2026, 3, 19),), (date(2026, 3, 18),)),
    HolidaySpec(
        "Hari Raya Idul Fitri 1447 Hijriah",
        (date(2026, 3, 21), date(2026, 3, 22)),
        (date(2026, 3, 20), date(2026, 3, 23), date(2026, 3, 24)),
    ),
    HolidaySpec("Wafat Yesus Kristus", (date(2026, 4, 3),)),
    HolidaySpec("Kebangkitan Yesus Kristus (Paskah)", (date(2026, 4, 5),)),
    HolidaySpec("Hari Buruh Internasional", (date(2026, 5, 1),)),
    HolidaySpec("Kenaikan Yesus Kristus", (date(2026, 5, 14),), (date(2026, 5, 15),)),
    HolidaySpec("Hari Raya Idul Adha 1447 Hijriah", (date(2026, 5, 27),), (date(2026, 5, 28),)),
    HolidaySpec("Hari Raya Waisak 2570 BE", (date(2026, 5, 31),)),
    HolidaySpec("Hari Lahir Pancasila", (date(2026, 6, 1),)),
    HolidaySpec("Tahun Baru Islam 1448 Hijriah", (date(2026, 6, 16),)),
    HolidaySpec("Hari Kemerdekaan Republik Indonesia", (date(2026, 8, 17),)),
    HolidaySpec("Maulid Nabi Muhammad SAW", (date(2026, 8, 25),)),
    HolidaySpec("Hari Raya Natal", (date(2026, 12, 25),), (date(2026, 12, 24),)),
)

# (code, name, deducts_leave, requires_attachment) for every IzinCode.
IZIN_TYPES = (
    ("cuti", "Cuti Tahunan", True, False),
    ("cuti_tidak_berbayar", "Cuti Tidak Berbayar", False, False),
    ("sakit", "Sakit", False, True),
    ("lupa_absen_datang", "Lupa Absen Datang", False, False),
    ("lupa_absen_pulang", "Lupa Absen Pulang", False, False),
    ("cuti_khusus", "Cuti Khusus", False, True),
    ("izin", "Izin", False, False),
)

# UU Ketenagakerjaan pasal 93 ayat 4: paid special leave.
SPECIAL_LEAVES = (
    ("MENIKAH", "Karyawan menikah", 3),
    ("MENIKAHKAN_ANAK", "Menikahkan anak", 2),
    ("KHITAN_ANAK", "Mengkhitankan anak", 2),
    ("BAPTIS_ANAK", "Membaptiskan anak", 2),
    ("ISTRI_MELAHIRKAN", "Istri melahirkan atau keguguran kandungan", 2),
    ("KEMATIAN_KELUARGA", "Suami/istri, orang tua/mertua, anak atau menantu meninggal dunia", 2),
    ("KEMATIAN_SERUMAH", "Anggota keluarga dalam satu rumah meninggal dunia", 1),
)
ADDITIONAL_LEAVES = (
    ("CUTI_PANJANG", "Cuti Panjang 5 Tahun"),
    ("CUTI_ROSTER", "Cuti Roster Site"),
)

# (package_id, name, is_allow): is_allow False blocks check-ins from a phone that has the app.
APPS = (
    ("com.lexa.fakegps", "Fake GPS Location (Lexa)", False),
    ("com.incorporateapps.fakegps.fre", "Fake GPS Location (Incorporate Apps)", False),
    ("com.theappninjas.gpsjoystick", "GPS JoyStick", False),
    ("com.blogspot.newapphorizons.fakegps", "Fake GPS Free", False),
    ("ru.gavrikov.mocklocations", "Mock Locations", False),
    ("com.whatsapp", "WhatsApp", True),
    ("com.google.android.apps.maps", "Google Maps", True),
    ("com.gojek.app", "Gojek", True),
    ("com.grabtaxi.passenger", "Grab", True),
)
ALLOWED_PACKAGES = tuple(package for package, _, allowed in APPS if allowed)
BLOCKED_PACKAGES = tuple(package for package, _, allowed in APPS if not allowed)

LATE_NOTES = ("Macet di jalan", "Ban motor bocor", "Hujan deras", "Antar anak sekolah", "Bus jemputan telat")
OVERTIME_NOTES = ("Lembur closing bulanan", "Lembur perbaikan unit", "Menunggu serah terima shift")
IZIN_DESCRIPTIONS = {
    "cuti": ("Acara keluarga", "Mudik ke kampung halaman", "Liburan bersama keluarga", "Urusan pribadi"),
    "cuti_tidak_berbayar": ("Mengurus orang tua sakit", "Urusan keluarga di luar kota"),
    "sakit": ("Demam dan flu", "Sakit gigi", "Tifus, rawat jalan", "Diare", "Kontrol ke dokter"),
    "lupa_absen_datang": ("Lupa absen datang, HP tertinggal", "Aplikasi error saat absen datang"),
    "lupa_absen_pulang": ("Lupa absen pulang", "Baterai HP habis saat pulang"),
    "cuti_khusus": ("Pernikahan", "Duka cita keluarga", "Istri melahirkan"),
    "izin": ("Mengurus SIM", "Mengurus dokumen kependudukan", "Menghadiri wisuda anak"),
}
REJECT_NOTES = ("Lokasi di luar radius penempatan", "Foto wajah tidak sesuai", "Absen tidak wajar")
IZIN_REJECT_NOTES = (
    "Kuota tim sedang penuh",
    "Mohon lampirkan surat keterangan",
    "Bertepatan dengan jadwal audit",
)
