import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceLogDetail } from '@/components/attendance-log/types';
import { api } from '@/lib/api-client';
import { approvalAttendanceKeys } from '../realtime';

/** `GET attendance_log/detail/{hash_id}`. */
export async function getAttendanceLogDetail(hashId: string, signal?: AbortSignal): Promise<AttendanceLogDetail> {
  const response = await api.get<AttendanceLogDetail>(`attendance_log/detail/${encodeURIComponent(hashId)}`, {
    signal,
  });
  return response.data;
}

export function attendanceLogDetailQuery(hashId: string) {
  return queryOptions({
    queryKey: approvalAttendanceKeys.detail(hashId),
    queryFn: ({ signal }) => getAttendanceLogDetail(hashId, signal),
    staleTime: 0,
  });
}

export function useAttendanceLogDetail(hashId: string | null) {
  return useQuery({ ...attendanceLogDetailQuery(hashId ?? ''), enabled: Boolean(hashId) });
}
