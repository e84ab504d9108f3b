import type { Schema } from '@/lib/api-types';

/**
 * A check-in log as the approval queue and the attendance history show it (doc2 §3), in the generated
 * answer types. Shared by the approval and history screens, which both open the same detail
 * (`GET attendance_log/detail/{id}`).
 */

/** A waiting log as the queue lists it (also the `row` of `approval.attendance` events). */
export type AttendanceQueueRow = Schema<'AttendanceLogListRow'>;

/** A history row (`GET /api/web/v2/attendance_log/list`): the queue row's columns and the computed day. */
export type AttendanceHistoryRow = Schema<'AttendanceLogDayListRow'>;

/** The explainable risk of a waiting log, its level and the reasons an approver reads. */
export type Risk = Schema<'AttendanceLogRisk'>;
export type RiskLevel = Schema<'LevelEnum'>;
export type RiskReason = Schema<'AttendanceLogRiskReason'>;

/** A placement an out-of-radius log may be approved at, with its distance from the check-in (`is_own`: the employee's own). */
export type PlacementChoice = Schema<'PlacementChoice'>;

export type NearManPower = Schema<'AttendanceNearManPower'>;

export type AttendanceLogDetail = Schema<'AttendanceLogDetailOutput'>;

/** The state a decision answers with (and a 409 carries). */
export type AttendanceLogState = Schema<'AttendanceLogState'>;
