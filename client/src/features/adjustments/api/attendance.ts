import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryOf, Schema } from '@/lib/api-types';
import { adjustmentKeys } from './keys';

/** The selection params of doc2 §7 (`employee_id` is a JSON object keyed 1..n), every one sent. */
export type SelectionParams = Required<QueryOf<'web_v1_attendance_log_attendance_for_adjustment_retrieve'>>;

/** One editable row of /adjustment/attendance/edit (doc2 §2.5). */
export type AdjustmentRow = Schema<'AttendanceAdjustmentEditRow'>;

export type AdjustmentBatch = Schema<'AttendanceAdjustmentBatch'>;

export type AdjustmentLine = Schema<'AttendanceAdjustmentLineRow'>;

export type SubmitLine = Schema<'AttendanceAdjustmentLineInputRequest'>;

export async function getRowsForAdjustment(params: SelectionParams): Promise<AdjustmentRow[]> {
  const response = await api.get('attendance_log/attendance_for_adjustment', { query: { ...params } });
  return response.data ?? [];
}

export function submitAdjustment(lines: SubmitLine[]) {
  return api.post('attendance_log/adjustment', lines);
}

export function useRecentAdjustments() {
  return useQuery({
    queryKey: adjustmentKeys.recent(),
    queryFn: async () => (await api.get('attendance_log/last_adjustment', { query: { limit: 5 } })).data ?? [],
  });
}

export function useMonthAdjustments(year: number, month: number) {
  return useQuery({
    queryKey: adjustmentKeys.month(year, month),
    queryFn: async () =>
      (await api.get('attendance_log/adjustment', { query: { year, month } })).data ?? [],
  });
}

export function useAdjustmentDetail(code: string) {
  return useQuery({
    queryKey: adjustmentKeys.detail(code),
    queryFn: async () => {
      const response = await api.get('attendance_log/adjustment_detail/{code}', { path: { code } });
      return { lines: response.data ?? [], adjustment: response.adjustment ?? null };
    },
    retry: false,
  });
}
