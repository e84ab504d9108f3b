"""The answers of the dashboard and the wall, declared once over what `server.dashboard.selectors`
reads (its TypedDicts): the live counts (also the `dashboard` topic's snapshot and events, the `wall`
topic's `counts`), the month cards and the undisciplined widget."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers


@extend_schema_serializer(component_name="DashboardAttendanceApprovalCounts")
class AttendanceApprovalCountsOutput(serializers.Serializer[Any]):
    waiting_approval = serializers.IntegerField()
    approved = serializers.IntegerField()
    manual_approval = serializers.IntegerField()
    rejected = serializers.IntegerField()


@extend_schema_serializer(component_name="DashboardIzinApprovalCounts")
class IzinApprovalCountsOutput(serializers.Serializer[Any]):
    waiting_approval = serializers.IntegerField()
    approved = serializers.IntegerField()
    rejected = serializers.IntegerField()


@extend_schema_serializer(component_name="DashboardApprovalSummary")
class ApprovalSummaryOutput(serializers.Serializer[Any]):
    attendance = AttendanceApprovalCountsOutput()
    izin = IzinApprovalCountsOutput()


@extend_schema_serializer(component_name="DashboardLateCounts")
class LateCountsOutput(serializers.Serializer[Any]):
    total_days = serializers.IntegerField()
    total_employees = serializers.IntegerField()
    total_minutes = serializers.IntegerField()


# The month's late-in or early-out counts as the report card shows them (dashboard.apis.undisciplined_card).
@extend_schema_serializer(component_name="UndisciplinedCard")
class UndisciplinedCardOutput(LateCountsOutput):
    total = serializers.IntegerField()
    percentage = serializers.FloatField(help_text="total dari hari kerja yang dihadiri, persen")


@extend_schema_serializer(component_name="DashboardAbsenceCounts")
class AbsenceCountsOutput(serializers.Serializer[Any]):
    alpa = serializers.IntegerField()
    sakit = serializers.IntegerField()
    cuti = serializers.IntegerField()
    ctb = serializers.IntegerField()
    total = serializers.IntegerField()


@extend_schema_serializer(component_name="DashboardAbsenceToday")
class AbsenceTodayOutput(serializers.Serializer[Any]):
    known = serializers.BooleanField(
        help_text="false: belum ada lokasi yang lewat jam masuk + toleransi (menunggu jam masuk)"
    )
    absent = serializers.IntegerField(
        help_text="karyawan yang jam masuk + toleransinya sudah lewat tanpa check-in diterima"
    )
    sites_known = serializers.IntegerField(help_text="lokasi yang sudah lewat jam masuk")
    sites_total = serializers.IntegerField(help_text="lokasi dengan karyawan yang masuk hari ini")


@extend_schema_serializer(component_name="DashboardQueueMonth")
class QueueMonthOutput(serializers.Serializer[Any]):
    start = serializers.DateField()
    end = serializers.DateField()


# selectors.DashboardCounts.
@extend_schema_serializer(component_name="DashboardCounts")
class DashboardCountsOutput(serializers.Serializer[Any]):
    date = serializers.DateField()
    month = serializers.IntegerField()
    year = serializers.IntegerField()
    approval = ApprovalSummaryOutput()
    late_in = LateCountsOutput()
    early_out = LateCountsOutput()
    absence = AbsenceCountsOutput()
    checked_in_today = serializers.IntegerField()
    late_today = serializers.IntegerField()
    early_out_today = serializers.IntegerField()
    absent_today = serializers.IntegerField()
    attendance_waiting = serializers.IntegerField()
    waiting_low_risk = serializers.IntegerField()
    izin_waiting = serializers.IntegerField()
    attendance_overdue = serializers.IntegerField(
        help_text="bagian attendance_waiting yang menunggu melewati batas waktu persetujuan (lewat batas)"
    )
    izin_overdue = serializers.IntegerField(
        help_text="bagian izin_waiting yang menunggu melewati batas waktu persetujuan (lewat batas)"
    )
    checkins_received_today = serializers.IntegerField(
        help_text="karyawan dengan check-in yang diterima hari ini (menunggu persetujuan ikut), tidak "
        "ditolak; checked_in_today = yang sudah disetujui"
    )
    absence_today = AbsenceTodayOutput()
    attendance_types = serializers.ListField(
        child=serializers.CharField(),
        help_text="tipe man power yang dihitung oleh hitungan persetujuan absen (approval.attendance, "
        "attendance_waiting, waiting_low_risk): tipe yang boleh diputuskan pembaca, semua tipe bagi "
        "yang lain",
    )
    queue_month = QueueMonthOutput(
        help_text="filter tanggal antrean yang berisi tepat approval.attendance.waiting_approval"
    )


# dashboard.wall.WallSite: one site's part of today's counts.
@extend_schema_serializer(component_name="WallSite")
class WallSiteOutput(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="hash_id penempatan")
    name = serializers.CharField()
    type = serializers.CharField(help_text="tipe man power: office, pool, site, tug_boat")
    checked_in = serializers.IntegerField(
        help_text="karyawan dengan check-in diterima hari ini di lokasi ini (menunggu persetujuan ikut)"
    )
    late = serializers.IntegerField(help_text="check-in disetujui yang lewat jam masuk + toleransi")
    absence_known = serializers.BooleanField(
        help_text="false: jam masuk + toleransi lokasi ini belum lewat (menunggu jam masuk)"
    )
    absent = serializers.IntegerField(help_text="belum check-in setelah jam masuk + toleransi")
    waiting = serializers.IntegerField(help_text="absen lokasi ini yang menunggu persetujuan, semua tanggal")


# dashboard.wall.WallArrival: a check-in received today (no photo).
@extend_schema_serializer(component_name="WallArrival")
class WallArrivalOutput(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="hash_id log absen")
    name = serializers.CharField(help_text="nama karyawan")
    site = serializers.CharField(help_text="nama penempatan check-in")
    time = serializers.CharField(help_text="'HH:mm:ss', waktu lokal penempatan")
    timezone = serializers.CharField(help_text="zona waktu penempatan, mis. Asia/Makassar")


# dashboard.topics.wall_snapshot_data (also the `wall` topic's snapshot); its `counts` events carry
# `counts`, `sites` and `arrivals` (dashboard.wall.WallLive, described in dashboard.topics).
@extend_schema_serializer(component_name="WallDisplaySnapshot")
class WallDisplaySnapshotOutput(serializers.Serializer[Any]):
    display_name = serializers.CharField()
    server_time = serializers.DateTimeField()
    counts = DashboardCountsOutput()
    sites = WallSiteOutput(many=True, help_text="per lokasi, urut tipe lalu nama")
    arrivals = WallArrivalOutput(many=True, help_text="check-in terbaru hari ini, terbaru dulu")


# The widget's keys are camelCase (doc1 §7.2).
@extend_schema_serializer(component_name="DashboardUndisciplinedRow")
class UndisciplinedRowOutput(serializers.Serializer[Any]):
    employeeNumberFormatted = serializers.CharField()
    employeeName = serializers.CharField()
    totalDays = serializers.IntegerField()
    totalHoursMinutes = serializers.CharField(help_text="'H jam M menit'")


# selectors.UndisciplinedList.
@extend_schema_serializer(component_name="DashboardUndisciplined")
class UndisciplinedOutput(serializers.Serializer[Any]):
    totalTerlambat = serializers.IntegerField()
    totalPulangCepat = serializers.IntegerField()
    rows = UndisciplinedRowOutput(many=True)
