import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_TOPIC, socketAwareQueryFn } from '@/lib/realtime';

export interface AttendanceApprovalCounts {
  waiting_approval: number;
  approved: number;
  manual_approval: number;
  rejected: number;
}

export interface IzinApprovalCounts {
  waiting_approval: number;
  approved: number;
  rejected: number;
}

/**
 * Every live count of the dashboard (`GET dashboard/counts`). The `dashboard` topic's snapshot and
 * its `counts` events carry this same object and replace the cached answer (lib/realtime.ts).
 */
export interface DashboardCounts {
  date: string;
  month: number;
  year: number;
  approval: { attendance: AttendanceApprovalCounts; izin: IzinApprovalCounts };
  checked_in_today: number;
  late_today: number;
  early_out_today: number;
  absent_today: number;
  attendance_waiting: number;
  /** The low-risk part of `attendance_waiting` (all dates, every man power type). */
  waiting_low_risk?: number;
  izin_waiting: number;
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  return (await api.get<DashboardCounts>('dashboard/counts')).data;
}

export const dashboardCountsQuery = queryOptions({
  queryKey: [DASHBOARD_TOPIC, 'counts'],
  queryFn: socketAwareQueryFn(getDashboardCounts),
  // Kept current by the socket; REST is asked again only when the stream cannot be trusted.
  staleTime: Infinity,
});

export function useDashboardCounts() {
  return useQuery(dashboardCountsQuery);
}
