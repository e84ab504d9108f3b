import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SelectionParams } from './attendance';
import { downloadFile } from './download';
import { adjustmentKeys } from './keys';

/** doc3 §3 adjustment report row. */
export interface AdjustmentReportRow {
  id: number;
  employee_number_formatted: string;
  employee_name: string;
  man_power_name: string;
  man_power_group_name: string;
  man_power_team_name: string;
  date: string;
  check_in_time: string;
  check_out_time: string;
  lembur_workday: number;
  lembur_aktual: number;
  is_valid: number;
  sync_status: string;
  generated_status: string;
  adjustment_id: string;
  sync_id: string;
  is_shift_off: number;
}

export function useAdjustmentReport(params: SelectionParams | null) {
  return useQuery({
    queryKey: adjustmentKeys.report({ ...(params ?? {}) } as Record<string, string>),
    queryFn: async () => {
      const response = await api.get<AdjustmentReportRow[]>('report/attendance_adjustment', { query: { ...params } });
      const extra = response as unknown as { file_name?: string };
      return { rows: response.data ?? [], fileName: extra.file_name ?? '' };
    },
    enabled: params !== null,
  });
}

export type ExportFormat = 'xlsx' | 'csv';

export function downloadAdjustmentReport(params: SelectionParams, format: ExportFormat, fileName: string) {
  return downloadFile('report/attendance_adjustment/export', { ...params, format }, `${fileName}.${format}`);
}
