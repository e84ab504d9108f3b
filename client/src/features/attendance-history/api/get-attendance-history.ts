import { useQuery } from '@tanstack/react-query';
import type { ListQueryParams } from '@/lib/live-queue';
import { getList } from '@/lib/list';
import { listQuery } from '@/lib/list-query';
import { attendanceHistoryKeys } from './keys';

/** `GET /api/web/v2/attendance_log/list`: the history with the computed day of each log (doc2 §7). */
export const HISTORY_LIST_PATH = '../v2/attendance_log/list' as const;

export function getAttendanceHistory(params: ListQueryParams, signal?: AbortSignal) {
  return getList(HISTORY_LIST_PATH, params, signal);
}

export function useAttendanceHistory(params: ListQueryParams) {
  return useQuery(listQuery(attendanceHistoryKeys.list(params), getAttendanceHistory, params));
}
