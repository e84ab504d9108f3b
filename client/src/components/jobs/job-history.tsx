import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { DetailList } from '@/components/detail-list';
import { DetailModal, type DetailTone } from '@/components/detail-modal';
import { id as t } from '@/i18n/id';
import { formatDateTime, formatTableDateTime } from '@/lib/dates';
import { getList, initialListState, listQueryParams, type ListPage, type ListState } from '@/lib/list';
import { socketAwareQueryFn, useTopic } from '@/lib/realtime';
import { elapsedSeconds, formatDuration, JobProgress } from './job-progress';
import { asJobRow, isActiveJob, JOBS_TOPIC, jobKeys, type JobRow } from './job-types';

/**
 * The trace a kind of job leaves (DESIGN §11): its last run (when, who, result, counts) and the
 * history of its runs (`job/list` on the list protocol, filtered by kind) with a detail per run.
 * Both follow the `jobs` topic: a run started anywhere appears, moves and finishes live.
 */

const text = t.jobs;

export type JobSummary = (job: JobRow) => string | null;

async function lastJob(kind: string): Promise<JobRow | null> {
  const page = await getList('job/list', { per_page: 10, search: JSON.stringify({ kind }) });
  const first = page.rows[0];
  return first ? asJobRow(first) : null;
}

/** The newest job of `kind`, whatever its age; null when it never ran. */
export function useLastJob(kind: string, enabled = true) {
  useTopic(enabled ? JOBS_TOPIC : null);
  return useQuery({
    queryKey: jobKeys.last(kind),
    queryFn: socketAwareQueryFn(() => lastJob(kind)),
    enabled,
  });
}

const TONE: Record<string, DetailTone> = { succeeded: 'success', failed: 'danger', cancelled: 'warning' };

function StatusBadge({ job }: { job: JobRow }) {
  const tone = TONE[job.status] ?? 'secondary';
  return <span className={`badge text-bg-${tone}`}>{text.status[job.status]}</span>;
}

function when(job: JobRow): string {
  return formatTableDateTime(job.started ?? job.created);
}

export interface JobTraceProps {
  kind: string;
  title: string;
  /** The kind's counts in words (e.g. '3 karyawan baru, ...'); '-' when null. */
  summary?: JobSummary;
  /** False when the user may not see such jobs: nothing is fetched nor subscribed. */
  enabled?: boolean;
}

/** 'Proses Terakhir' of a kind: status, when, who, the counts and the final message; it stays. */
export function LastJobCard({ kind, title, summary, enabled = true }: JobTraceProps) {
  const last = useLastJob(kind, enabled);
  const job = last.data;
  const headingId = `last-job-${kind.replace(/\W/g, '-')}`;
  return (
    <section className="card border-0 shadow-sm h-100" aria-labelledby={headingId} data-testid="last-job">
      <div className="card-body">
        <h2 id={headingId} className="h6 card-title">
          {title}
        </h2>
        {last.isPending && enabled ? (
          <p className="text-muted small mb-0">{t.common.loading}</p>
        ) : !job ? (
          <p className="text-muted small mb-0">{text.neverRun}</p>
        ) : (
          <DetailList
            className="mb-0 small"
            items={[
              { label: text.fields.status, value: <StatusBadge job={job} /> },
              { label: text.fields.started, value: when(job) },
              { label: text.fields.creator, value: job.creator_user_name || '-' },
              { label: text.fields.counts, value: summary?.(job) ?? '-' },
              ...(!isActiveJob(job) && job.message ? [{ label: text.fields.message, value: job.message }] : []),
            ]}
          />
        )}
      </div>
    </section>
  );
}

function JobDetail({ job, title, summary, onClose }: { job: JobRow; title: string; summary?: JobSummary; onClose: () => void }) {
  const seconds = elapsedSeconds(job, Date.now());
  return (
    <DetailModal show title={title} onClose={onClose} tone={TONE[job.status]} headerExtra={text.status[job.status]} closeLabel={t.common.close}>
      <DetailList
        items={[
          { label: text.fields.status, value: <StatusBadge job={job} /> },
          { label: text.fields.creator, value: job.creator_user_name || '-' },
          { label: text.fields.started, value: job.started ? formatDateTime(job.started) : '-' },
          { label: text.fields.finished, value: job.finished ? formatDateTime(job.finished) : '-' },
          { label: text.fields.duration, value: job.started ? formatDuration(seconds) : '-' },
          { label: text.fields.processed, value: job.total > 0 ? text.processedOf(job.processed, job.total) : text.processed(job.processed) },
          { label: text.fields.counts, value: summary?.(job) ?? '-' },
          { label: text.fields.message, value: job.message || '-' },
        ]}
      />
      <JobProgress job={job} label={text.detail} summary={summary} hideFinalMessage />
    </DetailModal>
  );
}

/** 'Riwayat Proses' of a kind: newest first, paged on the server; a row opens its detail. */
export function JobHistory({ kind, title, summary, enabled = true }: JobTraceProps) {
  useTopic(enabled ? JOBS_TOPIC : null);
  const [state, setState] = useState<ListState>(() => initialListState({ sort: { column: 'created', dir: 'desc' } }));
  const [opened, setOpened] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...jobKeys.historyOf(kind), state],
    queryFn: socketAwareQueryFn(async ({ signal }): Promise<ListPage<JobRow>> => {
      const params = listQueryParams(state);
      const page = await getList('job/list', { ...params, search: JSON.stringify({ ...state.search, kind }) }, signal);
      return { ...page, rows: page.rows.map(asJobRow) };
    }),
    placeholderData: keepPreviousData,
    enabled,
  });
  const rows = query.data?.rows;
  const openedJob = rows?.find((job) => job.job === opened);
  const columns: DataTableColumn<JobRow>[] = [
    { key: 'created', header: text.columns.created, cell: when, sortable: true },
    { key: 'status', header: text.columns.status, cell: (job) => <StatusBadge job={job} />, sortable: true },
    { key: 'creator', header: text.columns.creator, cell: (job) => job.creator_user_name || '-' },
    { key: 'counts', header: text.columns.counts, cell: (job) => summary?.(job) ?? '-' },
    { key: 'message', header: text.columns.message, cell: (job) => job.message || '-' },
  ];
  return (
    <>
      <DataTable
        title={title}
        columns={columns}
        rows={rows}
        rowKey={(job) => job.job}
        total={query.data?.total ?? 0}
        loading={query.isPending && enabled}
        state={state}
        onStateChange={setState}
        onRowClick={(job) => setOpened(job.job)}
        emptyText={text.empty}
      />
      {openedJob && <JobDetail job={openedJob} title={text.detail} summary={summary} onClose={() => setOpened(null)} />}
    </>
  );
}
