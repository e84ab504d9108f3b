import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import type { SyncParams } from './payroll-params';

export type PayrollPreviewRow = Schema<'PayrollPreviewRow'>;

export async function getPayrollPreview(params: SyncParams): Promise<PayrollPreviewRow[]> {
  const { type: _type, ...query } = params;
  const response = await api.get('penggajian/preview', { query });
  return response.data ?? [];
}
