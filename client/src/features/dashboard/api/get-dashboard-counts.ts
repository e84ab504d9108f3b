import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { DASHBOARD_TOPIC, socketAwareQueryFn } from '@/lib/realtime';

export type AttendanceApprovalCounts = Schema<'DashboardAttendanceApprovalCounts'>;

export type IzinApprovalCounts = Schema<'DashboardIzinApprovalCounts'>;

/**
 * Every live count of the dashboard (`GET dashboard/counts`). The `dashboard` topic's snapshot and
 * its `counts` events carry this same object and replace the cached answer (lib/realtime.ts).
 */
export type DashboardCounts = Schema<'DashboardCounts'>;

export async function getDashboardCounts(): Promise<DashboardCounts> {
  return (await api.get('dashboard/counts')).data;
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
