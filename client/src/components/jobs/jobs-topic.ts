import type { QueryClient } from '@tanstack/react-query';
import { registerTopic, type HandlerContext, type TopicSpec } from '@/lib/realtime';
import { isNewerJob, JOBS_TOPIC, jobKeys, type JobRow } from './job-types';

/** Put a job row into the cache: its own query and the running/recent list (newest first). */
export function applyJobRow(queryClient: QueryClient, row: JobRow): void {
  const current = queryClient.getQueryData<JobRow>(jobKeys.detail(row.job));
  if (!isNewerJob(row, current)) return;
  queryClient.setQueryData(jobKeys.detail(row.job), row);
  queryClient.setQueryData<JobRow[]>(jobKeys.list(), (list) => {
    if (!list) return list;
    const others = list.filter((job) => job.job !== row.job);
    return [row, ...others].sort((a, b) => b.created.localeCompare(a.created));
  });
}

/** The `jobs` topic: the snapshot lists running and recent jobs; each event carries one job's row. */
export const jobsTopic: TopicSpec = {
  queryKeys: [jobKeys.all],
  events: {
    progress: ({ queryClient, data }: HandlerContext<JobRow>) => applyJobRow(queryClient, data),
  },
  snapshot: ({ queryClient, data }: HandlerContext<{ jobs?: JobRow[] }>) => {
    const jobs = data?.jobs ?? [];
    queryClient.setQueryData(jobKeys.list(), jobs);
    for (const row of jobs) {
      const current = queryClient.getQueryData<JobRow>(jobKeys.detail(row.job));
      if (isNewerJob(row, current)) queryClient.setQueryData(jobKeys.detail(row.job), row);
    }
  },
};

registerTopic(JOBS_TOPIC, jobsTopic);
