"""Adjustment endpoints of doc2 §7 (leave adjustment, attendance adjustment) and the adjustment report
of doc3 §2.4, one module per resource: `leave` (manual leaves), `leave_report` (their report and
download), `attendance` (attendance adjustment batches), `report` (the adjustment report).

Policies: leave routes need allow_adjustment (create: allow_adjustment_create); attendance adjustment
routes need allow_attendance_adjustment (submit: allow_attendance_adjustment_create); the adjustment
report and its export need allow_report or allow_reset_attendance: the flags that show the Laporan group,
inside which its entry is always shown (doc1 §6.1, doc3 §2.1).
"""
