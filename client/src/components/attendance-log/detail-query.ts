import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AttendanceLogDetail } from './types';

/** `GET attendance_log/detail/{hash_id}`. */
export async function getAttendanceLogDetail(hashId: string, signal?: AbortSignal): Promise<AttendanceLogDetail> {
  const response = await api.get('attendance_log/detail/{hash_id}', { path: { hash_id: hashId }, signal });
  return response.data;
}

/** The detail query under the screen's own key (its realtime handlers invalidate that key). */
export function attendanceLogDetailQuery(hashId: string, queryKey: (hashId: string) => QueryKey) {
  return queryOptions({
    queryKey: queryKey(hashId),
    queryFn: ({ signal }) => getAttendanceLogDetail(hashId, signal),
    staleTime: 0,
  });
}

/** One attendance log's detail (approval queue, history); nothing is fetched while `hashId` is null. */
export function useAttendanceLogDetail(hashId: string | null, queryKey: (hashId: string) => QueryKey) {
  return useQuery({ ...attendanceLogDetailQuery(hashId ?? '', queryKey), enabled: Boolean(hashId) });
}
