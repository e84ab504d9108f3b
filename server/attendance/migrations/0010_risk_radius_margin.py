# The radius margin of the risk (server/attendance/risk.py): a new threshold, and the waiting logs
# rescored under the new rules (a failed face never low, a blacklisted-app attempt always high, out
# of radius low only near the placement the approval would use, measured here from the placements
# active now for the logs stored before it was measured).

import dataclasses

from django.db import migrations, models

WAITING = "waiting_approval"
BATCH = 1000
RISK_FIELDS = ["risk_score", "risk_level", "risk_reasons", "risk_factors"]


def rescore_waiting(apps, schema_editor):
    from server.attendance.geo import haversine_metres
    from server.attendance.risk import RiskFactors, RiskThresholds, risk_assess

    log_model = apps.get_model("attendance", "AttendanceLog")
    settings = apps.get_model("attendance", "RiskSettings").objects.filter(pk=1).first()
    names = [f.name for f in dataclasses.fields(RiskThresholds) if hasattr(settings, f.name)]
    thresholds = RiskThresholds(**{name: getattr(settings, name) for name in names})
    active = list(
        apps.get_model("workforce", "ManPower")
        .objects.filter(is_active=True)
        .order_by("id")
        .values("id", "name", "latitude", "longitude", "max_radius")
    )
    changed = []
    waiting = log_model.objects.filter(status=WAITING).exclude(risk_factors={}).order_by("pk")
    for log in waiting.iterator(chunk_size=BATCH):
        factors = RiskFactors.from_json(log.risk_factors)
        if factors.radius_m is not None and factors.distance_m > factors.radius_m:
            distances = [
                (haversine_metres(log.latitude, log.longitude, mp["latitude"], mp["longitude"]), mp)
                for mp in active
            ]
            distances.sort(
                key=lambda found, own=log.man_power_id: (found[0], found[1]["id"] != own, found[1]["id"])
            )
            if distances and distances[0][1]["id"] != log.man_power_id:
                metres, nearest = distances[0]
                factors = dataclasses.replace(
                    factors,
                    approval_place_name=nearest["name"],
                    approval_distance_m=round(metres, 1),
                    approval_radius_m=int(nearest["max_radius"]),
                )
        risk = risk_assess(factors, thresholds)
        log.risk_score, log.risk_level, log.risk_reasons = risk.score, risk.level, risk.reasons
        log.risk_factors = factors.to_json()
        changed.append(log)
        if len(changed) >= BATCH:
            log_model.objects.bulk_update(changed, RISK_FIELDS)
            changed = []
    log_model.objects.bulk_update(changed, RISK_FIELDS)


class Migration(migrations.Migration):
    dependencies = [
        ("attendance", "0009_decision_batch_undone"),
        ("workforce", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="risksettings",
            name="radius_margin_m",
            field=models.PositiveIntegerField(
                default=50,
                help_text="metres beyond the radius of the placement the approval would use an"
                " out-of-radius log may lie and still be low risk",
            ),
        ),
        migrations.RunPython(rescore_waiting, migrations.RunPython.noop),
    ]
