import { api } from '@/lib/api-client';
import type { SyncParams } from './payroll-params';

export interface PayrollPreviewRow {
  id: string;
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
  permission_name: string;
  keterangan: string;
  adjustment_id: string;
  sync_id: string;
  is_shift_off: number;
}

export async function getPayrollPreview(params: SyncParams): Promise<PayrollPreviewRow[]> {
  const { type: _type, ...query } = params;
  const response = await api.get<PayrollPreviewRow[]>('penggajian/preview', { query });
  return response.data ?? [];
}
