import type { QueryClient } from '@tanstack/react-query';
import type { ListPage } from '@/lib/list';
import { registerTopic, type TopicSpec } from '@/lib/realtime';
import { asJobRow, isNewerJob, JOBS_TOPIC, jobKeys, type JobRow } from './job-types';

/**
 * Put a job row into the cache: its own query, the running/recent list (newest first), its kind's
 * last run and the history pages showing it. A job new to this tab or changing status refetches its
 * kind's history (a new row to place; REST orders and counts), plain progress only replaces the row.
 */
export function applyJobRow(queryClient: QueryClient, row: JobRow): void {
  const current = queryClient.getQueryData<JobRow>(jobKeys.detail(row.job));
  if (!isNewerJob(row, current)) return;
  queryClient.setQueryData(jobKeys.detail(row.job), row);
  if (queryClient.getQueryState(jobKeys.last(row.kind))) {
    queryClient.setQueryData<JobRow | null>(jobKeys.last(row.kind), (last) =>
      !last || last.job === row.job || row.created >= last.created ? row : last,
    );
  }
  if (current?.status !== row.status) {
    void queryClient.invalidateQueries({ queryKey: jobKeys.historyOf(row.kind) });
  } else {
    queryClient.setQueriesData<ListPage<JobRow>>({ queryKey: jobKeys.historyOf(row.kind) }, (page) =>
      page && page.rows.some((job) => job.job === row.job)
        ? { ...page, rows: page.rows.map((job) => (job.job === row.job ? row : job)) }
        : page,
    );
  }
  queryClient.setQueryData<JobRow[]>(jobKeys.list(), (list) => {
    if (!list) return list;
    const others = list.filter((job) => job.job !== row.job);
    return [row, ...others].sort((a, b) => b.created.localeCompare(a.created));
  });
}

/** The `jobs` topic: the snapshot lists running and recent jobs; each event carries one job's row. */
export const jobsTopic: TopicSpec<typeof JOBS_TOPIC, 'progress'> = {
  queryKeys: [jobKeys.all],
  events: {
    progress: ({ queryClient, data }) => applyJobRow(queryClient, asJobRow(data)),
  },
  snapshot: ({ queryClient, data }) => {
    const jobs = (data?.jobs ?? []).map(asJobRow);
    queryClient.setQueryData(jobKeys.list(), jobs);
    for (const row of jobs) {
      const current = queryClient.getQueryData<JobRow>(jobKeys.detail(row.job));
      if (isNewerJob(row, current)) queryClient.setQueryData(jobKeys.detail(row.job), row);
    }
  },
};

registerTopic(JOBS_TOPIC, jobsTopic);
