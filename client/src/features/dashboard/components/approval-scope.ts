import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { attendanceTypesScope } from '@/lib/live-queue';
import type { DashboardCounts } from '../api/get-dashboard-counts';

/**
 * What each attendance approval count of the dashboard covers and the queue link that lists exactly
 * it (contracts of issue 44, item 2): the month's waiting logs are the queue on the month's dates,
 * the waiting queue is every date, its low-risk part the same with `risk=low`. The counts come from
 * the server in the reader's scope (`attendance_types`: the types it may decide), as its queue does.
 */
export interface AttendanceScope {
  /** 'untuk Office' or 'semua tipe man power'. */
  types: string;
  /** The queue on the month's dates: the "Menunggu Persetujuan" of the period. */
  monthLink: string;
  /** Every waiting log of the reader's types. */
  waiting: { label: string; link: string; open: string };
  /** Their low-risk part. */
  lowRisk: { label: string; link: string; open: string };
}

const queue = (params: Record<string, string>) => `${paths.approvalAttendance}?${new URLSearchParams(params).toString()}`;

export function attendanceScope(counts: Pick<DashboardCounts, 'attendance_types' | 'queue_month' | 'attendance_waiting' | 'waiting_low_risk'>): AttendanceScope {
  const types = attendanceTypesScope(counts.attendance_types);
  const waiting = t.approvalScope.waiting(counts.attendance_waiting, t.approvalScope.allDates, types);
  const lowRisk = t.approvalScope.lowRisk(counts.waiting_low_risk, t.approvalScope.allDates, types);
  return {
    types,
    monthLink: queue({ start: counts.queue_month.start, end: counts.queue_month.end }),
    waiting: { label: waiting, link: queue({ period: 'all' }), open: t.dashboard.approval.openCount(waiting) },
    lowRisk: { label: lowRisk, link: queue({ period: 'all', risk: 'low' }), open: t.dashboard.approval.openCount(lowRisk) },
  };
}
