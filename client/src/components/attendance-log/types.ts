import type { Schema } from '@/lib/api-types';

/**
 * A check-in log as the approval queue and the attendance history show it (doc2 §3). Shared by the
 * approval and history screens, which both open the same detail (`GET attendance_log/detail/{id}`).
 */

/** A waiting log as the queue lists it (also the `row` of `approval.attendance` events). */
export interface AttendanceQueueRow {
  hash_id: string;
  employee_number_formatted: string;
  employee_name: string;
  /** 'YYYY-MM-DD HH:mm:ss', local time of the placement. */
  log_datetime: string;
  /** The placement-local date (what date filters select by). */
  log_date: string;
  /** The placement's zone: 'WIB', 'WITA' or 'WIT'. */
  log_timezone: string;
  employee_photo_url: string;
  log_photo: string;
  log_type: string;
  location: number;
  fr_accuracy: number;
  man_power_type: string;
  man_power_name: string;
  /** The explainable risk computed at check-in (waiting rows; absent on older answers). */
  risk?: Risk | null;
  /** Out-of-radius rows: the placement a bulk approve uses by default (the nearest). */
  suggested_man_power?: PlacementChoice | null;
}

/** The explainable risk of a waiting log, its level and the reasons an approver reads. */
export type Risk = Schema<'AttendanceLogRisk'>;
export type RiskLevel = Schema<'LevelEnum'>;
export type RiskReason = Schema<'AttendanceLogRiskReason'>;

/** A placement an out-of-radius log may be approved at, with its distance from the check-in (`is_own`: the employee's own). */
export type PlacementChoice = Schema<'PlacementChoice'>;

/** History rows add these columns to the queue row (v2 adds the computed day). */
export interface AttendanceHistoryRow extends AttendanceQueueRow {
  status: string;
  attendance_date: string;
  is_different_day: boolean;
  shift_pattern_code: string;
  is_valid_location: number;
  fr_is_match: number;
  service_type: string;
  decided_by_name: string;
  effective_date?: string;
  keterangan?: string;
  late_minutes?: number;
}

export interface AttendanceLogDetail extends AttendanceQueueRow {
  note: string;
  rejected_note: string;
  status: string;
  status_code: string;
  decided_by_name: string;
  decided_at: string;
  attendance_location_type: string;
  man_power_team_name: string;
  man_power_group_name: string;
  fr_is_match: number;
  is_valid_location: number;
  distance: number;
  latitude: number;
  longitude: number;
  man_power_latitude: number | null;
  man_power_longitude: number | null;
  man_power_max_radius: number | null;
  is_valid_shift: number;
  is_different_day: number;
  attendance_date: string;
  log_time: string;
  shift_pattern_code: string;
  shift_pattern_name: string;
  shift_code: string;
  shift_name: string;
  shift_time_in: string;
  shift_time_out: string;
  shift_break_start: string;
  shift_break_end: string;
  total_late_in_minutes: number;
  service_type: string;
  lend_employee_name: string;
  lend_employee_number_formatted: string;
  lend_employee_man_power: string;
  /** Nearest first, the employee's own placement included (at most 10). */
  near_man_power_list: PlacementChoice[];
  selectedManPower: { hash_id: string; man_power_name: string } | null;
}

/** The state a decision answers with (and a 409 carries). */
export interface AttendanceLogState {
  hash_id: string;
  status: string;
  decided_by_name: string;
  decided_at: string;
  rejected_note: string;
}
