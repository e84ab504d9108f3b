"""The risk of a check-in as pure functions: each factor, its weight and its Indonesian reason."""

from __future__ import annotations

from dataclasses import replace

from server.attendance.risk import (
    FACTORS,
    RULES,
    SHIFT_AFTER_OUT,
    SHIFT_BEFORE_IN,
    SHIFT_NO_SHIFT,
    RiskFactors,
    RiskThresholds,
    distance_text,
    duration_text,
    risk_assess,
)

T = RiskThresholds()
# A margin wide enough that no out-of-radius floor applies: the weights alone.
WIDE = RiskThresholds(radius_margin_m=100_000)
CLEAN = RiskFactors(distance_m=40, radius_m=200, place_name="Site Sangatta", face_score=92)


def reasons(factors: RiskFactors, thresholds: RiskThresholds = T) -> list[tuple[str, str]]:
    return [(r["code"], r["text"]) for r in risk_assess(factors, thresholds).reasons]


def with_(**changes: object) -> RiskFactors:
    return RiskFactors(**{**CLEAN.to_json(), **changes})  # type: ignore[arg-type]


def test_a_clean_check_in_is_low_without_reasons() -> None:
    risk = risk_assess(CLEAN, T)
    assert (risk.score, risk.level, risk.reasons) == (0, "low", [])


def test_numbers_are_written_the_indonesian_way() -> None:
    assert distance_text(22_400) == "22,4 km"
    assert distance_text(1_421_000) == "1.421 km"
    assert distance_text(350.4) == "350 m"
    assert duration_text(45) == "45 menit"
    assert duration_text(60) == "1 jam"
    assert duration_text(130) == "2 jam 10 menit"


def test_distance_outside_the_radius_weighs_by_how_far() -> None:
    assert reasons(with_(distance_m=22_400), WIDE) == [
        ("distance", "Jarak 22,4 km dari Site Sangatta (radius 200 m)")
    ]
    drift = risk_assess(with_(distance_m=260), WIDE)
    assert (drift.score, drift.level) == (10, "low")
    assert risk_assess(with_(distance_m=500), WIDE).score == 15
    assert risk_assess(with_(distance_m=1_900), WIDE).score == 25
    far = risk_assess(with_(distance_m=22_400), WIDE)
    assert (far.score, far.level) == (40, "medium")
    # Inside the radius, or free to check in anywhere: no reason.
    assert reasons(with_(distance_m=200)) == []
    assert reasons(with_(distance_m=22_400, radius_m=None)) == []


def test_out_of_radius_is_low_only_within_the_margin_of_the_own_placement() -> None:
    # The own placement is the one the approval would use (no other is nearer): 200 m + 50 m.
    near = risk_assess(with_(distance_m=250), T)
    assert (near.score, near.level) == (10, "low")
    assert near.reasons == [{"code": "distance", "text": "Jarak 250 m dari Site Sangatta (radius 200 m)"}]
    past = risk_assess(with_(distance_m=251), T)
    assert (past.score, past.level) == (30, "medium")  # 10 points, raised to medium_from
    assert past.reasons[0]["text"] == "Jarak 251 m dari Site Sangatta (radius 200 m, lewat toleransi 50 m)"
    # The fake-GPS-free case: 344 m out of radius is no longer low.
    assert risk_assess(with_(distance_m=544), T).level == "medium"
    # The margin is a threshold: wider, the same drift is low again; 0, any metre out is medium.
    assert risk_assess(with_(distance_m=251), RiskThresholds(radius_margin_m=60)).level == "low"
    assert risk_assess(with_(distance_m=201), RiskThresholds(radius_margin_m=0)).level == "medium"
    # The floor never lowers a score above it.
    assert risk_assess(with_(distance_m=22_400), T).score == 40


def test_the_margin_counts_from_the_placement_the_approval_would_use() -> None:
    # 1,9 km from the own office, but 30 m past the radius of the nearest site it would be approved at.
    at_other = with_(
        distance_m=1_900, approval_place_name="Site Bontang", approval_distance_m=130, approval_radius_m=100
    )
    risk = risk_assess(at_other, T)
    assert (risk.score, risk.level) == (25, "low")
    assert risk.reasons == [
        {
            "code": "distance",
            "text": "Jarak 1,9 km dari Site Sangatta (radius 200 m);"
            " terdekat Site Bontang 130 m (radius 100 m)",
        }
    ]
    beyond = risk_assess(replace(at_other, approval_distance_m=400), T)
    assert (beyond.score, beyond.level) == (30, "medium")
    assert beyond.reasons[0]["text"].endswith(
        "terdekat Site Bontang 400 m (radius 100 m, lewat toleransi 50 m)"
    )
    # Near the own placement but the stored nearest is farther past its edge: that one decides.
    far_nearest = with_(distance_m=240, approval_distance_m=900, approval_radius_m=100)
    assert risk_assess(far_nearest, T).level == "medium"


def test_gps_accuracy_over_the_limit() -> None:
    assert reasons(with_(gps_accuracy_m=150)) == [("gps_accuracy", "Akurasi GPS 150 m (batas 100 m)")]
    assert risk_assess(with_(gps_accuracy_m=150), T).score == 10
    assert risk_assess(with_(gps_accuracy_m=250), T).score == 20
    assert reasons(with_(gps_accuracy_m=100)) == []
    assert reasons(with_(gps_accuracy_m=None)) == []
    assert reasons(with_(gps_accuracy_m=150), RiskThresholds(max_gps_accuracy_m=200)) == []


def test_face_score_under_the_threshold() -> None:
    assert reasons(with_(face_score=61)) == [("face", "Skor wajah 61 (ambang 75)")]
    risk = risk_assess(with_(face_score=61), T)
    assert (risk.score, risk.level) == (34, "medium")
    assert risk_assess(with_(face_score=10), T).score == 40
    assert reasons(with_(face_score=74.5)) == [("face", "Skor wajah 74,5 (ambang 75)")]
    assert reasons(with_(face_score=75)) == []


def test_a_failed_face_match_is_never_low() -> None:
    # 74,5 weighs 21 points, under medium_from: raised to it.
    barely = risk_assess(with_(face_score=74.5), T)
    assert (barely.score, barely.level) == (30, "medium")
    # Whatever the thresholds: a higher medium_from raises the floor with it.
    for medium_from, high_from in ((50, 90), (99, 100), (1, 2)):
        thresholds = RiskThresholds(medium_from=medium_from, high_from=high_from)
        for score in (0, 40, 61, 74, 74.9):
            assert risk_assess(with_(face_score=score), thresholds).level != "low", (medium_from, score)
    assert risk_assess(with_(face_score=74.5), RiskThresholds(medium_from=99, high_from=100)).score == 99
    assert risk_assess(with_(face_score=80), RiskThresholds(face_match_threshold=85)).level == "medium"


def test_impossible_travel_from_the_previous_log() -> None:
    assert reasons(with_(travel_km=640, travel_minutes=60)) == [
        ("travel", "Perjalanan 640 km dalam 1 jam dari absen sebelumnya")
    ]
    assert risk_assess(with_(travel_km=640, travel_minutes=60), T).score == 40
    # 150 km in an hour is a drive; a few hundred metres at once is GPS noise; no earlier log.
    assert reasons(with_(travel_km=150, travel_minutes=60)) == []
    assert reasons(with_(travel_km=0.5, travel_minutes=0)) == []
    assert reasons(with_(travel_km=None, travel_minutes=None)) == []
    assert reasons(with_(travel_km=150, travel_minutes=60), RiskThresholds(max_travel_kmh=100)) != []


def test_a_new_device_of_an_employee_who_used_another() -> None:
    assert reasons(with_(device_age_days=0)) == [("new_device", "Perangkat baru")]
    assert reasons(with_(device_age_days=3.2)) == [
        ("new_device", "Perangkat baru (dipakai sejak 3 hari lalu)")
    ]
    assert risk_assess(with_(device_age_days=0), T).score == 15
    assert reasons(with_(device_age_days=8)) == []
    assert reasons(with_(device_age_days=None)) == []


def test_outside_the_shift_window_past_the_tolerance() -> None:
    before = with_(shift_position=SHIFT_BEFORE_IN, shift_offset_minutes=120, shift_outside_minutes=60)
    assert reasons(before) == [("shift_window", "Di luar jendela shift (2 jam sebelum jam masuk)")]
    assert risk_assess(before, T).score == 10
    after = with_(shift_position=SHIFT_AFTER_OUT, shift_offset_minutes=200, shift_outside_minutes=200)
    assert reasons(after) == [("shift_window", "Di luar jendela shift (3 jam 20 menit setelah jam pulang)")]
    assert risk_assess(after, T).score == 20
    assert (
        reasons(with_(shift_position=SHIFT_BEFORE_IN, shift_offset_minutes=80, shift_outside_minutes=20))
        == []
    )
    assert risk_assess(with_(shift_position=SHIFT_NO_SHIFT), T).reasons == [
        {"code": "shift_window", "text": "Di luar jendela shift (tidak ada shift kerja hari itu)"}
    ]


def test_an_earlier_attempt_from_a_blacklisted_app_within_the_lookback_is_always_high() -> None:
    attempt = with_(blacklist_app="Fake GPS", blacklist_days_ago=3.4)
    assert reasons(attempt) == [
        ("blacklist_app", "Pernah mencoba dari aplikasi terlarang (Fake GPS) 3 hari lalu")
    ]
    # 35 points, raised to high_from.
    assert (risk_assess(attempt, T).score, risk_assess(attempt, T).level) == (60, "high")
    assert risk_assess(attempt, RiskThresholds(medium_from=90, high_from=100)).level == "high"
    # The case: a fake-GPS attempt plus 344 m out of radius.
    assert risk_assess(replace(attempt, distance_m=544), T).level == "high"
    assert reasons(with_(blacklist_app="Fake GPS", blacklist_days_ago=0.1))[0][1].endswith("hari ini")
    assert reasons(with_(blacklist_app="Fake GPS", blacklist_days_ago=31)) == []
    assert risk_assess(with_(blacklist_app="Fake GPS", blacklist_days_ago=31), T).level == "low"
    late = with_(blacklist_app="Fake GPS", blacklist_days_ago=31)
    assert risk_assess(late, RiskThresholds(blacklist_lookback_days=60)).level == "high"


def test_factors_add_up_capped_at_100_and_the_level_follows_the_thresholds() -> None:
    everything = with_(
        distance_m=22_400,
        gps_accuracy_m=500,
        face_score=40,
        travel_km=640,
        travel_minutes=30,
        device_age_days=0,
        shift_position=SHIFT_NO_SHIFT,
        blacklist_app="Fake GPS",
        blacklist_days_ago=1,
    )
    risk = risk_assess(everything, T)
    assert (risk.score, risk.level) == (100, "high")
    assert [r["code"] for r in risk.reasons] == [
        "distance",
        "gps_accuracy",
        "face",
        "travel",
        "new_device",
        "shift_window",
        "blacklist_app",
    ]
    drift = with_(distance_m=500)  # 15 points
    assert risk_assess(drift, RiskThresholds(medium_from=15, high_from=30)).level == "medium"
    assert risk_assess(drift, RiskThresholds(medium_from=5, high_from=15)).level == "high"


def test_the_rules_shown_on_the_thresholds_screen_name_every_factor_and_its_floor() -> None:
    assert [code for code, *_ in RULES] == [code for code, _ in FACTORS]
    floors = {code: floor for code, _, _, floor in RULES}
    assert floors["face"] == "Minimal sedang" and floors["blacklist_app"] == "Selalu tinggi"
    assert floors["distance"].startswith("Minimal sedang")
    assert all(label and weight for _, label, weight, _ in RULES)


def test_factors_survive_their_json_round_trip() -> None:
    factors = with_(
        travel_km=12.5,
        travel_minutes=3.0,
        blacklist_app="Fake GPS",
        blacklist_days_ago=2.0,
        approval_place_name="Site Bontang",
        approval_distance_m=130.0,
        approval_radius_m=100,
    )
    assert RiskFactors.from_json(factors.to_json()) == factors
    assert RiskFactors.from_json({**factors.to_json(), "unknown": 1}) == factors
