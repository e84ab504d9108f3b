"""The risk of a check-in as pure functions: measured factors and thresholds → score, level, reasons.

Nothing here reads the database: `risk_selectors.risk_factors_measure` measures the factors at
check-in time (they are stored on the log as `risk_factors`), and `risk_assess` turns them into a
score 0-100 (the sum of the factors' weights, capped), a level (`medium_from`, `high_from`) and one
short Indonesian reason per factor that counted, each with its number, so an approver sees why.

Weights (points; `RULES` says the same to the thresholds screen):
- outside the placement radius: 10 up to 1.5x the radius, 15 up to 3x, 25 up to 10x, 40 beyond
  (GPS drift near the site stays low);
- GPS accuracy worse than `max_gps_accuracy_m`: 10, 20 beyond twice the limit;
- face-match score under `face_match_threshold`: 20 plus one per point under, at most 40;
- travel from the previous log faster than `max_travel_kmh` (at least 1 km apart): 40;
- a device first seen within `new_device_days` by an employee who used another one before: 15;
- more than `shift_window_minutes` outside the shift window (or on a day without a working shift): 10,
  15 past one hour, 20 past three hours;
- an attempt refused for a blacklisted app within `blacklist_lookback_days` before the log: 35.

Floors (a rule an approver can trust whatever the weights add up to; the score is raised to the
floor's threshold, so the order by score agrees with the level):
- a failed face match (score under `face_match_threshold`) is at least medium;
- an out-of-radius log is at least medium unless it lies within `radius_margin_m` metres of the edge
  of the placement its approval would use. That placement is the one an approver is offered first
  and a bulk approve uses (`placements.suggested_placements`): the nearest active placement at
  check-in time, the employee's own when it is the nearest. It is measured with the log
  (`approval_*` factors; None = the own placement) and kept, so a later new placement does not move
  the risk of a log already waiting. The weight still counts the distance from the own placement:
  a check-in inside another site's radius is low only when it is also near its own;
- an attempt refused for a blacklisted app within `blacklist_lookback_days` is always high.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from server.attendance.models import RiskLevel

MIN_TRAVEL_KM = 1.0

SHIFT_BEFORE_IN = "before_in"
SHIFT_AFTER_OUT = "after_out"
SHIFT_NO_SHIFT = "no_shift"


@dataclass(frozen=True)
class RiskThresholds:
    radius_margin_m: int = 50
    max_gps_accuracy_m: int = 100
    face_match_threshold: int = 75
    max_travel_kmh: int = 200
    shift_window_minutes: int = 30
    new_device_days: int = 7
    blacklist_lookback_days: int = 30
    medium_from: int = 30
    high_from: int = 60


@dataclass(frozen=True)
class RiskFactors:
    """What was measured at check-in. None = not measured (the app sent nothing, no earlier log...)."""

    distance_m: float = 0.0
    radius_m: int | None = None  # None: the employee may check in anywhere
    place_name: str = ""
    # The placement the approval would use when it is not the own one (out of radius only).
    approval_place_name: str = ""
    approval_distance_m: float | None = None
    approval_radius_m: int | None = None
    gps_accuracy_m: float | None = None
    face_score: float = 100.0
    travel_km: float | None = None
    travel_minutes: float | None = None
    device_age_days: float | None = None  # a device seen for the first time this many days before
    shift_position: str = ""  # "" inside the window, else SHIFT_BEFORE_IN, SHIFT_AFTER_OUT, SHIFT_NO_SHIFT
    shift_offset_minutes: int = 0  # from time_in (before) or time_out (after)
    shift_outside_minutes: int = 0  # from the nearest edge of the window
    blacklist_app: str = ""
    blacklist_days_ago: float | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> RiskFactors:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (data or {}).items() if k in known})


@dataclass(frozen=True)
class Weighed:
    """What one factor adds: its points, its reason, and the level the log is at least (a floor)."""

    points: int
    text: str
    floor: str = ""


@dataclass(frozen=True)
class Risk:
    score: int
    level: str
    reasons: list[dict[str, str]]


# --- Indonesian numbers -------------------------------------------------------------------------


def number_text(value: float, decimals: int = 0) -> str:
    """1.234 and 22,4: Indonesian grouping and decimal comma."""
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


def score_text(value: float) -> str:
    return number_text(value, 0 if float(value).is_integer() else 1)


def distance_text(metres: float) -> str:
    if metres < 1000:
        return f"{number_text(metres)} m"
    kilometres = metres / 1000
    return f"{number_text(kilometres, 1 if kilometres < 100 else 0)} km"


def duration_text(minutes: float) -> str:
    whole = max(0, round(minutes))
    if whole < 60:
        return f"{whole} menit"
    hours, rest = divmod(whole, 60)
    return f"{hours} jam" + (f" {rest} menit" if rest else "")


def days_ago_text(days: float) -> str:
    whole = math.floor(days)
    return "hari ini" if whole <= 0 else f"{whole} hari lalu"


# --- the factors ----------------------------------------------------------------------------------


def _distance(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    if f.radius_m is None or f.distance_m <= f.radius_m:
        return None
    ratio = f.distance_m / f.radius_m if f.radius_m > 0 else math.inf
    points = 10 if ratio <= 1.5 else 15 if ratio <= 3 else 25 if ratio <= 10 else 40
    place = f" dari {f.place_name}" if f.place_name else ""
    text = f"Jarak {distance_text(f.distance_m)}{place} (radius {distance_text(f.radius_m)}"
    if f.approval_distance_m is not None and f.approval_radius_m is not None:
        text += (
            f"); terdekat {f.approval_place_name} {distance_text(f.approval_distance_m)}"
            f" (radius {distance_text(f.approval_radius_m)}"
        )
        beyond = f.approval_distance_m - f.approval_radius_m
    else:
        beyond = f.distance_m - f.radius_m
    if beyond > t.radius_margin_m:
        margin = distance_text(t.radius_margin_m)
        return Weighed(points, f"{text}, lewat toleransi {margin})", RiskLevel.MEDIUM)
    return Weighed(points, f"{text})")


def _gps(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    if f.gps_accuracy_m is None or f.gps_accuracy_m <= t.max_gps_accuracy_m:
        return None
    points = 10 if f.gps_accuracy_m <= 2 * t.max_gps_accuracy_m else 20
    limit = distance_text(t.max_gps_accuracy_m)
    return Weighed(points, f"Akurasi GPS {distance_text(f.gps_accuracy_m)} (batas {limit})")


def _face(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    if f.face_score >= t.face_match_threshold:
        return None
    points = min(40, 20 + math.ceil(t.face_match_threshold - f.face_score))
    text = f"Skor wajah {score_text(f.face_score)} (ambang {t.face_match_threshold})"
    return Weighed(points, text, RiskLevel.MEDIUM)


def travel_kmh(f: RiskFactors) -> float | None:
    if f.travel_km is None or f.travel_minutes is None or f.travel_km < MIN_TRAVEL_KM:
        return None
    return f.travel_km / (max(f.travel_minutes, 1.0) / 60)


def _travel(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    speed = travel_kmh(f)
    if speed is None or f.travel_km is None or f.travel_minutes is None or speed <= t.max_travel_kmh:
        return None
    km = distance_text(f.travel_km * 1000)
    return Weighed(40, f"Perjalanan {km} dalam {duration_text(f.travel_minutes)} dari absen sebelumnya")


def _device(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    if f.device_age_days is None or f.device_age_days >= t.new_device_days:
        return None
    if f.device_age_days < 1:
        return Weighed(15, "Perangkat baru")
    return Weighed(15, f"Perangkat baru (dipakai sejak {days_ago_text(f.device_age_days)})")


def _shift(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    if not f.shift_position:
        return None
    if f.shift_position == SHIFT_NO_SHIFT:
        return Weighed(10, "Di luar jendela shift (tidak ada shift kerja hari itu)")
    if f.shift_outside_minutes <= t.shift_window_minutes:
        return None
    points = 10 if f.shift_outside_minutes <= 60 else 15 if f.shift_outside_minutes <= 180 else 20
    side = "sebelum jam masuk" if f.shift_position == SHIFT_BEFORE_IN else "setelah jam pulang"
    return Weighed(points, f"Di luar jendela shift ({duration_text(f.shift_offset_minutes)} {side})")


def _blacklist(f: RiskFactors, t: RiskThresholds) -> Weighed | None:
    if f.blacklist_days_ago is None or f.blacklist_days_ago > t.blacklist_lookback_days:
        return None
    app = f" ({f.blacklist_app})" if f.blacklist_app else ""
    text = f"Pernah mencoba dari aplikasi terlarang{app} {days_ago_text(f.blacklist_days_ago)}"
    return Weighed(35, text, RiskLevel.HIGH)


FACTORS = (
    ("distance", _distance),
    ("gps_accuracy", _gps),
    ("face", _face),
    ("travel", _travel),
    ("new_device", _device),
    ("shift_window", _shift),
    ("blacklist_app", _blacklist),
)


# What each factor weighs and the floor it sets, in words, for the thresholds screen (the functions
# above are the rule; `test_risk` holds them to these words).
RULES: tuple[tuple[str, str, str, str], ...] = (
    (
        "distance",
        "Di luar radius penempatan",
        "10 poin sampai 1,5x radius, 15 sampai 3x, 25 sampai 10x, 40 lebih jauh",
        "Minimal sedang bila lebih dari toleransi radius dari penempatan yang dipakai saat disetujui"
        " (penempatan terdekat)",
    ),
    ("gps_accuracy", "Akurasi GPS buruk", "10 poin, 20 bila lebih dari 2x batas", ""),
    (
        "face",
        "Skor wajah di bawah ambang",
        "20 poin + 1 per poin di bawah ambang, maksimal 40",
        "Minimal sedang",
    ),
    ("travel", "Perjalanan terlalu cepat dari absen sebelumnya", "40 poin", ""),
    ("new_device", "Perangkat baru", "15 poin", ""),
    ("shift_window", "Di luar jendela shift", "10 poin, 15 lewat 1 jam, 20 lewat 3 jam", ""),
    ("blacklist_app", "Pernah mencoba dari aplikasi terlarang", "35 poin", "Selalu tinggi"),
)


def risk_level(score: int, thresholds: RiskThresholds) -> str:
    if score >= thresholds.high_from:
        return RiskLevel.HIGH
    if score >= thresholds.medium_from:
        return RiskLevel.MEDIUM
    return RiskLevel.LOW


def _floor_score(level: str, thresholds: RiskThresholds) -> int:
    if level == RiskLevel.HIGH:
        return thresholds.high_from
    if level == RiskLevel.MEDIUM:
        return thresholds.medium_from
    return 0


def risk_assess(factors: RiskFactors, thresholds: RiskThresholds) -> Risk:
    score = floor = 0
    reasons: list[dict[str, str]] = []
    for code, weigh in FACTORS:
        found = weigh(factors, thresholds)
        if found is not None:
            score += found.points
            floor = max(floor, _floor_score(found.floor, thresholds))
            reasons.append({"code": code, "text": found.text})
    score = max(min(100, score), floor)
    return Risk(score=score, level=risk_level(score, thresholds), reasons=reasons)
