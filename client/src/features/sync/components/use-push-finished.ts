import { useQueryClient } from '@tanstack/react-query';
import type { JobRow } from '@/components/jobs/job-types';
import { useJob, useJobFinished, useLatestJob } from '@/components/jobs/use-job';
import { id as t } from '@/i18n/id';
import { syncKeys, PAYROLL_PUSH_KIND } from '../api/keys';

/** The counts of a push: sent and how many of them were updates, with its sync code. */
export function pushSummary(job: JobRow): string | null {
  const { sent, updates, sync_code: code } = job.result as Record<string, number | string | undefined>;
  if (typeof sent !== 'number') return null;
  const counts = t.sync.pushSummary(sent, typeof updates === 'number' ? updates : 0);
  return typeof code === 'string' && code ? `${counts}, ${code}` : counts;
}

/** The newest payroll push (live); when one finishes, the sync history and lists are refetched. */
export function useLatestPush() {
  const queryClient = useQueryClient();
  const latest = useLatestJob(PAYROLL_PUSH_KIND);
  const job = useJob(latest?.job).data ?? latest;
  useJobFinished(job, () => {
    void queryClient.invalidateQueries({ queryKey: syncKeys.all });
  });
  return job;
}
