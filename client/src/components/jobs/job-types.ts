import type { Schema } from '@/lib/api-types';

/** A background job as the server shows it (REST `job/{id}`, the `jobs` topic's snapshot and events). */

export type JobStatus = Schema<'StatusEnum'>;

export interface JobError {
  item: string;
  message: string;
}

/** The schema types `errors` as objects; each is an item and its message. */
export type JobRow = Omit<Schema<'Job'>, 'errors'> & { errors: JobError[] };

/** A job of the schema read as a JobRow (its `errors` are items and messages). */
export const asJobRow = (job: Schema<'Job'>): JobRow => job as unknown as JobRow;

export const JOBS_TOPIC = 'jobs';

export const jobKeys = {
  all: [JOBS_TOPIC] as const,
  list: () => [JOBS_TOPIC, 'list'] as const,
  detail: (jobId: string) => [JOBS_TOPIC, 'job', jobId] as const,
  /** The newest job of a kind, whatever its age (a page's 'last run'). */
  last: (kind: string) => [JOBS_TOPIC, 'last', kind] as const,
  /** Pages of the history of a kind (`job/list` on the list protocol). */
  historyOf: (kind: string) => [JOBS_TOPIC, 'history', kind] as const,
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
