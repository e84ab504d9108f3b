import { api } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';
import { useMonthQuery } from '@/lib/month-query';
import { attendanceHistoryKeys } from './keys';

export type AttendanceLogCount = AnswerData<'attendance_log/count'>;

/** `GET attendance_log/count?month&year`: the status summary card. It never raises (doc2 §7). */
export async function getAttendanceLogCount(month: number, year: number): Promise<AttendanceLogCount | null> {
  try {
    const response = await api.get('attendance_log/count', {
      query: { month, year },
      errorPopup: false,
    });
    return response.data;
  } catch {
    return null;
  }
}

export function useAttendanceLogCount(month: number, year: number) {
  return useMonthQuery(attendanceHistoryKeys.count, getAttendanceLogCount, month, year);
}
