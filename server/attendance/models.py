"""Check-in/out logs and the computed attendance day (DESIGN §7)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin
from server.workforce.models import ManPowerType


class LogType(models.TextChoices):
    CHECK_IN = "check_in", "Absen Datang"
    CHECK_OUT = "check_out", "Absen Pulang"


class LogStatus(models.TextChoices):
    WAITING_APPROVAL = "waiting_approval", "Menunggu Persetujuan"
    APPROVED = "approved", "Disetujui"
    MANUAL_APPROVED = "manual_approved", "Disetujui Manual"
    REJECTED = "rejected", "Ditolak"


COUNTED_STATUSES = (LogStatus.APPROVED, LogStatus.MANUAL_APPROVED)


class ServiceType(models.TextChoices):
    PERSONAL = "personal", "Personal"
    LEND = "lend", "Dipinjamkan"


class RiskLevel(models.TextChoices):
    LOW = "low", "Rendah"
    MEDIUM = "medium", "Sedang"
    HIGH = "high", "Tinggi"


class AttendanceLog(HashIdMixin, models.Model):
    """One check-in or check-out from the mobile app, with everything needed to judge it."""

    employee = models.ForeignKey(
        "workforce.Employee", on_delete=models.CASCADE, related_name="attendance_logs"
    )
    log_type = models.CharField(max_length=16, choices=LogType.choices)
    log_datetime = models.DateTimeField()
    log_date = models.DateField(
        help_text="the date of log_datetime in its placement's time zone (filled on write; every date "
        "filter and count selects by it)"
    )
    attendance_date = models.DateField(help_text="the work day this log counts for (engine-assigned)")
    photo = models.CharField(max_length=255, blank=True, default="")
    latitude = models.FloatField()
    longitude = models.FloatField()
    distance = models.FloatField(help_text="metres from the placement")
    is_valid_location = models.BooleanField()
    man_power = models.ForeignKey(
        "workforce.ManPower",
        null=True,
        on_delete=models.PROTECT,
        related_name="attendance_logs",
        help_text="the placement at the time of the log",
    )
    man_power_type = models.CharField(max_length=16, choices=ManPowerType.choices, db_index=True)
    near_man_power = models.ForeignKey(
        "workforce.ManPower",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="the placement an approver chose for an out-of-radius log",
    )
    fr_accuracy = models.DecimalField(max_digits=5, decimal_places=2, help_text="face match score 0-100")
    fr_is_match = models.BooleanField()
    shift = models.ForeignKey(
        "schedules.Shift", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    is_valid_shift = models.BooleanField(default=True)
    is_different_day = models.BooleanField(
        default=False, help_text="'Mundurkan absen': counts for the day before"
    )
    service_type = models.CharField(max_length=16, choices=ServiceType.choices, default=ServiceType.PERSONAL)
    lend_employee = models.ForeignKey(
        "workforce.Employee", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.TextField(blank=True, default="")
    status = models.CharField(max_length=20, choices=LogStatus.choices, default=LogStatus.WAITING_APPROVAL)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    rejected_note = models.TextField(blank=True, default="")
    gps_accuracy = models.FloatField(
        null=True, blank=True, help_text="metres: the phone's location accuracy, when the app sends it"
    )
    # Database defaults too: the seed COPYs logs without these columns.
    device_id = models.CharField(
        max_length=128,
        blank=True,
        default="",
        db_default="",
        help_text="the phone's id, when the app sends it",
    )
    risk_score = models.PositiveSmallIntegerField(
        default=0, db_default=0, help_text="0-100 (server/attendance/risk.py)"
    )
    risk_level = models.CharField(
        max_length=8, choices=RiskLevel.choices, default=RiskLevel.LOW, db_default=RiskLevel.LOW
    )
    risk_reasons = models.JSONField(
        default=list, db_default=models.Value([], models.JSONField()), blank=True, help_text="[{code, text}]"
    )
    risk_factors = models.JSONField(
        default=dict,
        db_default=models.Value({}, models.JSONField()),
        blank=True,
        help_text="what was measured at check-in (risk.RiskFactors): new thresholds rescore from it alone",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-log_datetime"]
        indexes = [
            models.Index(fields=["status", "man_power_type", "log_datetime"]),
            models.Index(fields=["employee", "attendance_date"]),
            models.Index(fields=["log_datetime"]),
            models.Index(fields=["status", "man_power_type", "log_date"], name="attendance_log_status_date"),
            # By date, and the month's logs by status (the dashboard's approval summary) read from the
            # index alone: an index-only scan instead of a scan of every log.
            models.Index(fields=["log_date", "status"], name="attendance_log_date_status"),
            # The lists' sortable columns (issue 15): (column, id) walked either way stops after one
            # page instead of sorting every waiting or decided log.
            models.Index(fields=["log_type", "id"], name="attendance_log_sort_type"),
            models.Index(fields=["is_valid_location", "id"], name="attendance_log_sort_location"),
            models.Index(fields=["fr_accuracy", "id"], name="attendance_log_sort_fr"),
            models.Index(fields=["man_power_type", "id"], name="attendance_log_sort_mp_type"),
            models.Index(fields=["status", "id"], name="attendance_log_sort_status"),
            # A search by employee counts that employee's logs of one status, not all of them.
            models.Index(fields=["employee", "status"], name="attendance_log_employee_status"),
            # An employee's logs in time order: the risk's "previous log" of a check-in (at check-in
            # and when the waiting logs are measured again) is one index probe, not a scan.
            models.Index(fields=["employee", "log_datetime", "id"], name="attendance_log_employee_time"),
            # One status in time order (the queue, a history status): a searched page walks only that
            # status's logs, newest first, instead of every log in the log_datetime index (the
            # waiting ones are 5% of them: 5,000 rows walked for ten matches of a name search).
            models.Index(fields=["status", "log_datetime", "id"], name="attendance_log_status_time"),
            # The queue by risk: ordered by score, and one level in time order (its filter, the
            # dashboard's low-risk count read from the index alone).
            models.Index(fields=["status", "risk_score", "id"], name="attendance_log_status_risk"),
            models.Index(
                fields=["status", "risk_level", "log_datetime", "id"], name="attendance_log_status_level"
            ),
            # The queue's overdue filter and its order by waiting time (server/schedules/sla.py).
            models.Index(fields=["status", "created", "id"], name="attendance_log_status_created"),
        ]

    def __str__(self) -> str:
        return f"{self.log_type} {self.employee_id} {self.log_datetime:%Y-%m-%d %H:%M}"


class DecisionBatch(HashIdMixin, models.Model):
    """One decision of the approval queue, single (a batch of one) or bulk (approve_many, reject_many,
    approve_low_risk): who made it and when, with each log it decided and the state it left it in, so
    it can be undone as one. The decider's newest batch not yet undone is their "last action"; an
    undone one is marked (`undone_at`, `undone_by`), so the next undo reaches the one before."""

    class Action(models.TextChoices):
        APPROVE = "approve", "Setujui"
        REJECT = "reject", "Tolak"

    action = models.CharField(max_length=16, choices=Action.choices)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField()
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [models.Index(fields=["decided_by", "created"], name="decision_batch_decider")]

    def __str__(self) -> str:
        return f"{self.action} {self.decided_by_id} {self.created:%Y-%m-%d %H:%M}"


class DecisionBatchItem(models.Model):
    """A log a bulk decision decided, with the status and decision time it left the log in (the log
    is undone with its batch only while it still holds them)."""

    batch = models.ForeignKey(DecisionBatch, on_delete=models.CASCADE, related_name="items")
    log = models.ForeignKey(AttendanceLog, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=20, choices=LogStatus.choices)
    decided_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["batch", "log"], name="decision_batch_item_unique")]

    def __str__(self) -> str:
        return f"{self.batch_id} {self.log_id} {self.status}"


class RiskSettings(models.Model):
    """The thresholds of the check-in risk (one row, pk 1; DESIGN: explainable risk)."""

    radius_margin_m = models.PositiveIntegerField(
        default=50,
        help_text="metres beyond the radius of the placement the approval would use an out-of-radius"
        " log may lie and still be low risk",
    )
    max_gps_accuracy_m = models.PositiveIntegerField(default=100)
    face_match_threshold = models.PositiveSmallIntegerField(default=75)
    max_travel_kmh = models.PositiveIntegerField(default=200)
    shift_window_minutes = models.PositiveIntegerField(
        default=30, help_text="minutes outside the shift window tolerated before it is a risk"
    )
    new_device_days = models.PositiveIntegerField(default=7)
    blacklist_lookback_days = models.PositiveIntegerField(default=30)
    medium_from = models.PositiveSmallIntegerField(default=30)
    high_from = models.PositiveSmallIntegerField(default=60)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"risk settings {self.medium_from}/{self.high_from}"


# A new installation (and the demo) starts with these; the system admin keeps the list.
DEFAULT_REJECTION_NOTES = (
    "Lokasi tidak sesuai",
    "Wajah tidak cocok",
    "Di luar jam kerja",
    "Foto tidak jelas",
    "Absen dititipkan (bukan karyawan yang bersangkutan)",
)


def default_rejection_notes() -> list[str]:
    return list(DEFAULT_REJECTION_NOTES)


class RejectionNotes(models.Model):
    """The preset notes an approver picks when rejecting a check-in (one row, pk 1; free text stays
    possible): a short list kept by the system admin."""

    notes = models.JSONField(default=default_rejection_notes, help_text="the notes in their order")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{len(self.notes)} rejection notes"


class EmployeeDevice(models.Model):
    """A phone an employee checked in from (the app's `device_id`): a new one is a risk factor."""

    employee = models.ForeignKey("workforce.Employee", on_delete=models.CASCADE, related_name="+")
    device_id = models.CharField(max_length=128)
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["employee", "device_id"], name="employee_device_unique")
        ]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.device_id}"


class BlacklistAttempt(models.Model):
    """A check-in the mobile API refused because a blacklisted app was installed."""

    employee = models.ForeignKey("workforce.Employee", on_delete=models.CASCADE, related_name="+")
    app_name = models.CharField(max_length=150)
    package_id = models.CharField(max_length=255)
    attempted_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["employee", "attempted_at"], name="blacklist_attempt_employee")]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.package_id} {self.attempted_at:%Y-%m-%d %H:%M}"


class Keterangan(models.TextChoices):
    HADIR = "hadir", "Hadir"
    MANGKIR = "mangkir", "Mangkir"
    SAKIT = "sakit", "Sakit"
    CUTI = "cuti", "Cuti"
    CUTI_BERSAMA = "cuti_bersama", "Cuti Bersama"
    CTB = "ctb", "Cuti Tidak Berbayar"
    CUTI_KHUSUS = "cuti_khusus", "Cuti Khusus"
    IZIN = "izin", "Izin"
    LIBUR = "libur", "Libur"
    GANGGUAN_SISTEM = "gangguan_sistem", "Gangguan Sistem"
    BELUM_HADIR = "belum_hadir", "Belum Hadir"


# The absences the read models count (doc3 §2.3: alpa (mangkir), sakit, cuti, ctb), by column.
ABSENCE_KETERANGAN = {
    "alpa": Keterangan.MANGKIR,
    "sakit": Keterangan.SAKIT,
    "cuti": Keterangan.CUTI,
    "ctb": Keterangan.CTB,
}


class AttendanceDay(models.Model):
    """One row per employee per date, computed by the engine; reports aggregate these rows in SQL."""

    employee = models.ForeignKey(
        "workforce.Employee", on_delete=models.CASCADE, related_name="attendance_days"
    )
    date = models.DateField()
    man_power = models.ForeignKey(
        "workforce.ManPower", null=True, on_delete=models.SET_NULL, related_name="+"
    )
    man_power_type = models.CharField(max_length=16, choices=ManPowerType.choices, blank=True, default="")
    shift = models.ForeignKey(
        "schedules.Shift", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    is_working_day = models.BooleanField(
        default=False, help_text="a working shift on a day that is no holiday"
    )
    is_holiday = models.BooleanField(default=False)
    is_collective_leave = models.BooleanField(default=False)
    is_shift_off = models.BooleanField(
        default=False, help_text="off day of the pattern or a non-working shift"
    )
    check_in = models.DateTimeField(null=True, blank=True)
    check_out = models.DateTimeField(null=True, blank=True)
    check_in_log = models.ForeignKey(
        AttendanceLog, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    check_out_log = models.ForeignKey(
        AttendanceLog, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    late_minutes = models.PositiveIntegerField(default=0)
    early_out_minutes = models.PositiveIntegerField(default=0)
    working_minutes = models.PositiveIntegerField(default=0)
    overtime_workday_minutes = models.PositiveIntegerField(default=0)
    overtime_holiday_minutes = models.PositiveIntegerField(default=0)
    actual_overtime_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="set by an adjustment"
    )
    is_valid = models.BooleanField(default=True)
    validity_overridden = models.BooleanField(default=False, help_text="is_valid was set by an adjustment")
    standby = models.BooleanField(default=False)
    keterangan = models.CharField(max_length=20, choices=Keterangan.choices, default=Keterangan.BELUM_HADIR)
    izin = models.ForeignKey(
        "izin.IzinRequest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    is_closed = models.BooleanField(default=False, help_text="the day is over: a missing check-in is absence")
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["employee", "date"]
        constraints = [models.UniqueConstraint(fields=["employee", "date"], name="attendance_day_unique")]
        indexes = [
            models.Index(fields=["date", "keterangan"]),
            models.Index(fields=["man_power", "date"]),
            models.Index(fields=["man_power_type", "date"]),
        ]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.date} {self.keterangan}"
