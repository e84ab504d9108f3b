import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adjustmentKeys } from './keys';

/** The selection params of doc2 §7 (`employee_id` is a JSON object keyed 1..n). */
export interface SelectionParams {
  start_date: string;
  end_date: string;
  employee_id: string;
  man_power_type: string;
  man_power_name: string;
  man_power_team_name: string;
  man_power_group_name: string;
  man_power: string;
}

/** One editable row of /adjustment/attendance/edit (doc2 §2.5). */
export interface AdjustmentRow {
  id: string;
  employee_number_formatted: string;
  employee_name: string;
  job_title: string;
  man_power_name: string;
  man_power_team_name: string;
  man_power_group_name: string;
  date: string;
  check_in_time: string;
  check_out_time: string;
  keterangan: string;
  lembur_type: string;
  lembur_workday: number;
  lembur_aktual: number;
  is_valid: number;
  standby: number;
  is_shift_off: number;
}

export interface AdjustmentBatch {
  id: string;
  form_number: string;
  created_date: string;
  creator: string;
  adjustment_total: number;
  man_power: string;
  start_date: string;
  end_date: string;
}

export interface AdjustmentLine {
  id: number;
  employee_number_formatted: string;
  employee_name: string;
  job_title: string;
  man_power_name: string;
  man_power_team_name: string;
  man_power_group_name: string;
  date: string;
  check_in_time: string;
  check_out_time: string;
  keterangan: string;
  lembur_workday: number;
  lembur_aktual: number;
  lembur_aktual_sebelum: number | null;
  is_valid: number;
  is_valid_sebelum: number;
  standby: number;
  is_shift_off: number;
}

export interface SubmitLine {
  employee_number_formatted: string;
  date: string;
  lembur_aktual: number;
  is_valid: number;
  standby: number;
}

export async function getRowsForAdjustment(params: SelectionParams): Promise<AdjustmentRow[]> {
  const response = await api.get<AdjustmentRow[]>('attendance_log/attendance_for_adjustment', { query: { ...params } });
  return response.data ?? [];
}

export function submitAdjustment(lines: SubmitLine[]) {
  return api.post<AdjustmentBatch>('attendance_log/adjustment', lines);
}

export function useRecentAdjustments() {
  return useQuery({
    queryKey: adjustmentKeys.recent(),
    queryFn: async () => (await api.get<AdjustmentBatch[]>('attendance_log/last_adjustment', { query: { limit: 5 } })).data ?? [],
  });
}

export function useMonthAdjustments(year: number, month: number) {
  return useQuery({
    queryKey: adjustmentKeys.month(year, month),
    queryFn: async () =>
      (await api.get<AdjustmentBatch[]>('attendance_log/adjustment', { query: { year, month } })).data ?? [],
  });
}

export function useAdjustmentDetail(code: string) {
  return useQuery({
    queryKey: adjustmentKeys.detail(code),
    queryFn: async () => {
      const response = await api.get<AdjustmentLine[]>(`attendance_log/adjustment_detail/${encodeURIComponent(code)}`);
      const extra = response as unknown as { adjustment?: AdjustmentBatch };
      return { lines: response.data ?? [], adjustment: extra.adjustment ?? null };
    },
    retry: false,
  });
}
