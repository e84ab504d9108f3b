import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ProgressTrack } from '@/components/progress-track';
import { ConfirmPopover } from '@/components/confirm-popover';
import { id as t } from '@/i18n/id';
import { isActiveJob, type JobRow } from './job-types';
import './job-progress.css';

const text = t.jobs;
const SHOWN_ERRORS = 10;

/**
 * The one progress view of a background job (DESIGN §11): a bar with processed/total and the
 * percentage, elapsed time and an estimate of the rest, the errors (the first ones, with their
 * count) and the final message. Live: give it the row from `useJob`/`useLatestJob`.
 * `summary` adds feature counts (e.g. created/updated) under the bar; `onCancel` shows 'Batalkan'
 * while the job is active (only its creator may cancel; the server enforces it).
 */
export interface JobProgressProps {
  job: JobRow;
  /** Accessible name of the bar and heading of the panel. */
  label: string;
  summary?: (job: JobRow) => string | null;
  /** The counts beside the status, in the feature's words (default: processed of total). */
  counts?: (job: JobRow) => string;
  /** Leave the errors out when the screen lists them itself (each error shown once). */
  listErrors?: boolean;
  onCancel?: () => void;
  cancelling?: boolean;
  /** Hide the final message (e.g. after the screen's own timeout). */
  hideFinalMessage?: boolean;
}

export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return text.hoursMinutes(hours, minutes);
  if (minutes > 0) return text.minutesSeconds(minutes, rest);
  return text.seconds(rest);
}

export function jobPercent(job: Pick<JobRow, 'processed' | 'total' | 'status'>): number {
  // A finished job fills its bar: green when it succeeded, red when it failed, yellow when cancelled
  // (never a half bar that reads as still running); how far it got is in the counts beside it.
  if (!isActiveJob(job)) return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

/** Seconds since the job started (to its end once finished). */
export function elapsedSeconds(job: Pick<JobRow, 'started' | 'finished'>, now: number): number {
  if (!job.started) return 0;
  const end = job.finished ? Date.parse(job.finished) : now;
  return Math.max(0, (end - Date.parse(job.started)) / 1000);
}

/** The rest at the pace so far; null until there is a pace to go by. */
export function remainingSeconds(job: Pick<JobRow, 'processed' | 'total'>, elapsed: number): number | null {
  if (job.processed <= 0 || job.total <= 0 || elapsed <= 0) return null;
  return (elapsed / job.processed) * Math.max(0, job.total - job.processed);
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const FINAL_VARIANT: Record<string, string> = { succeeded: 'success', failed: 'danger', cancelled: 'warning' };

export function JobProgress({
  job,
  label,
  summary,
  counts,
  listErrors = true,
  onCancel,
  cancelling = false,
  hideFinalMessage = false,
}: JobProgressProps) {
  const active = isActiveJob(job);
  const now = useNow(active);
  const percent = jobPercent(job);
  const elapsed = elapsedSeconds(job, now);
  const remaining = active ? remainingSeconds(job, elapsed) : null;
  const extra = summary?.(job);
  const variant = FINAL_VARIANT[job.status];
  const failed = job.status === 'failed';
  const barText = active || job.status === 'succeeded' ? text.percentText(percent) : text.status[job.status];

  return (
    <section className="job-progress" aria-label={label} data-job={job.job} data-status={job.status}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-1">
        <span className={`fw-semibold small${failed ? ' text-danger' : ''}`} data-testid="job-status">
          {active && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {failed && <i className="bi bi-x-octagon-fill me-1" aria-hidden="true" />}
          {text.status[job.status]}
        </span>
        <span className="small text-muted" data-testid="job-counts">
          {counts ? counts(job) : job.total > 0 ? text.processedOf(job.processed, job.total) : text.processed(job.processed)}
        </span>
      </div>
      <ProgressTrack label={label} percent={percent} valueText={barText}>
        <div
          className={[
            'progress-bar',
            variant ? `bg-${variant}` : '',
            active ? 'progress-bar-striped progress-bar-animated' : '',
          ].join(' ')}
          style={{ width: `${percent}%` }}
        >
          {active || job.status === 'succeeded' ? `${percent}%` : text.status[job.status]}
        </div>
      </ProgressTrack>
      <div className="d-flex flex-wrap gap-3 small text-muted mt-1">
        <span>{text.elapsed(formatDuration(elapsed))}</span>
        {active && <span>{remaining === null ? text.estimating : text.remaining(formatDuration(remaining))}</span>}
        {job.creator_user_name && <span>{text.startedBy(job.creator_user_name)}</span>}
      </div>
      {extra && (
        <p className="small mb-0 mt-2" data-testid="job-summary">
          {extra}
        </p>
      )}
      {active && onCancel && (
        // Stopping a job cannot be undone: it asks first.
        <ConfirmPopover question={text.cancelQuestion} confirmLabel={text.cancel} cancelLabel={text.keepRunning} onConfirm={onCancel}>
          {(trigger) => (
            <Button size="sm" variant="outline-danger" className="mt-2" disabled={cancelling || job.cancel_requested} {...trigger}>
              {job.cancel_requested ? text.cancelRequested : text.cancel}
            </Button>
          )}
        </ConfirmPopover>
      )}
      {listErrors && job.error_count > 0 && (
        <details className="mt-2 small" open={!active}>
          <summary className="text-danger">{text.errorCount(job.error_count)}</summary>
          <ul className="mb-0 job-progress-errors">
            {job.errors.slice(0, SHOWN_ERRORS).map((error, index) => (
              <li key={`${error.item}-${index}`}>
                <span className="fw-semibold">{error.item}</span>: {error.message}
              </li>
            ))}
            {job.error_count > SHOWN_ERRORS && <li className="text-muted">{text.moreErrors(job.error_count - SHOWN_ERRORS)}</li>}
          </ul>
        </details>
      )}
      <div role="status" aria-live="polite">
        {!active && !hideFinalMessage && job.message && (
          <Alert variant={FINAL_VARIANT[job.status] ?? 'secondary'} className="mt-2 mb-0 py-2 small">
            {job.message}
          </Alert>
        )}
      </div>
    </section>
  );
}
