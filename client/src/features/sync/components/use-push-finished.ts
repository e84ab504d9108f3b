import { useQueryClient } from '@tanstack/react-query';
import { useJob, useJobFinished, useLatestJob } from '@/components/jobs/use-job';
import { syncKeys, PAYROLL_PUSH_KIND } from '../api/keys';

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
