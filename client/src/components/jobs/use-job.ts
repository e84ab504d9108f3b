import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { socketAwareQueryFn, useTopic } from '@/lib/realtime';
import { asJobRow, isActiveJob, jobKeys, JOBS_TOPIC, type JobRow } from './job-types';
import { applyJobRow } from './jobs-topic';

/**
 * Following background jobs (DESIGN §11). Every hook here subscribes to the `jobs` topic, so the
 * cached rows move live; REST (`job/{id}`, `job/list`) fills them on first use and after a gap.
 */

export async function getJob(jobId: string): Promise<JobRow> {
  return asJobRow((await api.get('job/{hash_id}', { path: { hash_id: jobId }, errorPopup: false })).data);
}

export async function getRecentJobs(): Promise<JobRow[]> {
  const response = await api.get('job/list', { query: { per_page: 25 }, errorPopup: false });
  return (response.data ?? []).map(asJobRow);
}

export const jobQuery = (jobId: string) =>
  queryOptions({ queryKey: jobKeys.detail(jobId), queryFn: socketAwareQueryFn(() => getJob(jobId)) });

export const recentJobsQuery = () =>
  queryOptions({ queryKey: jobKeys.list(), queryFn: socketAwareQueryFn(() => getRecentJobs()) });

/** One job, live. While it is active and the socket is down, REST is polled every few seconds. */
export function useJob(jobId: string | null | undefined) {
  useTopic(JOBS_TOPIC);
  return useQuery({
    ...jobQuery(jobId ?? ''),
    enabled: Boolean(jobId),
    refetchInterval: (query) => (isActiveJob(query.state.data) ? 5_000 : false),
  });
}

/**
 * The newest job of a kind among the running and recent ones (what a reloaded page picks up).
 * `enabled` false (the user may not see such jobs) neither subscribes nor fetches.
 */
export function useLatestJob(kind: string, enabled = true): JobRow | undefined {
  useTopic(enabled ? JOBS_TOPIC : null);
  const { data } = useQuery({ ...recentJobsQuery(), enabled });
  return enabled ? data?.find((job) => job.kind === kind) : undefined;
}

/**
 * Call `onFinish(job)` once per job when it finishes. By default only a job seen active first
 * counts (a page opened after the end stays quiet); `startedHere` also counts a job this page started
 * that may have finished before its first row arrived (a fast job).
 */
export function useJobFinished(
  job: JobRow | undefined,
  onFinish: (job: JobRow) => void,
  { startedHere = false }: { startedHere?: boolean } = {},
): void {
  const seenActive = useRef<string | null>(null);
  const handled = useRef<string | null>(null);
  const latest = useRef(onFinish);
  useEffect(() => {
    latest.current = onFinish;
  });
  useEffect(() => {
    if (!job || handled.current === job.job) return;
    if (isActiveJob(job)) {
      seenActive.current = job.job;
    } else if (startedHere || seenActive.current === job.job) {
      handled.current = job.job;
      latest.current(job);
    }
  }, [job, startedHere]);
}

/** Start a job through a feature's endpoint; the answer (the queued job) goes into the cache at once. */
export function useStartJob<Variables>(start: (variables: Variables) => Promise<{ job: JobRow; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: ({ job }) => applyJobRow(queryClient, job),
  });
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) => asJobRow((await api.post('job/{hash_id}/cancel', undefined, { path: { hash_id: jobId } })).data),
    onSuccess: (job) => applyJobRow(queryClient, job),
  });
}
