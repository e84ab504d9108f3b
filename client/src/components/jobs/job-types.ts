/** A background job as the server shows it (REST `job/{id}`, the `jobs` topic's snapshot and events). */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface JobError {
  item: string;
  message: string;
}

export interface JobRow {
  job: string;
  kind: string;
  status: JobStatus;
  processed: number;
  total: number;
  errors: JobError[];
  error_count: number;
  result: Record<string, unknown>;
  message: string;
  params: Record<string, unknown>;
  creator_user_name: string;
  creator_id: string | null;
  cancel_requested: boolean;
  created: string;
  started: string | null;
  finished: string | null;
}

export const JOBS_TOPIC = 'jobs';

export const jobKeys = {
  all: [JOBS_TOPIC] as const,
  list: () => [JOBS_TOPIC, 'list'] as const,
  detail: (jobId: string) => [JOBS_TOPIC, 'job', jobId] as const,
};

export function isActiveJob(job: Pick<JobRow, 'status'> | null | undefined): boolean {
  return job?.status === 'queued' || job?.status === 'running';
}

/** Events of one job arrive in order; a stale REST answer or replay never moves a job backwards. */
export function isNewerJob(next: JobRow, current: JobRow | undefined): boolean {
  if (!current) return true;
  if (!isActiveJob(current)) return !isActiveJob(next) && next.finished !== current.finished;
  if (!isActiveJob(next)) return true;
  if (current.status === 'running' && next.status === 'queued') return false;
  return next.processed >= current.processed;
}
