import { asJobRow, type JobRow } from '@/components/jobs/job-types';
import { useStartJob } from '@/components/jobs/use-job';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import type { SyncParams } from './payroll-params';

/**
 * `POST penggajian/kirim` (or the resigned-employee endpoint): starts the push job. The key makes a
 * repeated click or a retried request start one push only.
 */
export async function sendPayroll({ params, key }: { params: SyncParams; key: string }): Promise<{ job: JobRow; message: string }> {
  const path = params.type === 'resigned-payroll' ? 'penggajian/sync_penggajian_for_resigned_employee' : 'penggajian/kirim';
  const response = await api.post(path, params, { headers: { 'Idempotency-Key': key } });
  return { job: asJobRow(response.data), message: response.message };
}

export function useSendPayroll() {
  return useStartJob(sendPayroll);
}

export type PayrollCheck = Schema<'PayrollCheck'>;

/** `GET penggajian/check`: how many rows a push would send first, send again, skip; and the question. */
export async function checkPayroll(params: SyncParams): Promise<PayrollCheck> {
  return (await api.get('penggajian/check', { query: { ...params } })).data;
}
