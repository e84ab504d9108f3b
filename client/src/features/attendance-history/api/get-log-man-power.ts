import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';
import { attendanceHistoryKeys } from './keys';

export type LogManPowerOption = AnswerData<'attendance_log/man_power'>[number];

/** `GET attendance_log/man_power`: the placements the history can be filtered on. */
export async function getLogManPower(): Promise<LogManPowerOption[]> {
  const response = await api.get('attendance_log/man_power', { errorPopup: false });
  return Array.isArray(response.data) ? response.data : [];
}

export const logManPowerQuery = queryOptions({
  queryKey: attendanceHistoryKeys.manPower(),
  queryFn: getLogManPower,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useLogManPower() {
  return useQuery(logManPowerQuery);
}
