import { asJobRow, type JobRow } from '@/components/jobs/job-types';
import { useStartJob } from '@/components/jobs/use-job';
import { api } from '@/lib/api-client';

/** `GET employee/sync_hr_data`: starts the HR pull (or answers with the one already running). */
export async function startHrSync(): Promise<{ job: JobRow; message: string }> {
  const response = await api.get('employee/sync_hr_data');
  return { job: asJobRow(response.data), message: response.message };
}

export function useStartHrSync() {
  return useStartJob(startHrSync);
}
