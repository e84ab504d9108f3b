import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDispatcher, topicRegistry } from '@/lib/realtime';
import '../jobs-topic';
import { elapsedSeconds, formatDuration, JobProgress, jobPercent, remainingSeconds } from '../job-progress';
import { isNewerJob, jobKeys, JOBS_TOPIC, type JobRow } from '../job-types';

function row(overrides: Partial<JobRow> = {}): JobRow {
  return {
    job: 'J1',
    kind: 'sync.hr_pull',
    status: 'running',
    processed: 250,
    total: 1000,
    errors: [],
    error_count: 0,
    result: {},
    message: '',
    params: {},
    creator_user_name: 'Admin',
    creator_id: 'U1',
    cancel_requested: false,
    created: '2026-03-02T08:00:00+07:00',
    started: '2026-03-02T08:00:00+07:00',
    finished: null,
    ...overrides,
  };
}

describe('job progress figures', () => {
  it('computes percentage, elapsed and remaining time at the pace so far', () => {
    expect(jobPercent(row())).toBe(25);
    expect(jobPercent(row({ total: 0 }))).toBe(0);
    expect(jobPercent(row({ status: 'succeeded', processed: 0, total: 0 }))).toBe(100);
    const started = Date.parse('2026-03-02T08:00:00+07:00');
    expect(elapsedSeconds(row(), started + 20_000)).toBe(20);
    expect(remainingSeconds(row(), 20)).toBe(60);
    expect(remainingSeconds(row({ processed: 0 }), 20)).toBeNull();
    expect(formatDuration(65)).toBe('1 menit 5 detik');
    expect(formatDuration(3700)).toBe('1 jam 1 menit');
    expect(formatDuration(9)).toBe('9 detik');
  });

  it('never moves a job backwards', () => {
    expect(isNewerJob(row({ processed: 300 }), row())).toBe(true);
    expect(isNewerJob(row({ processed: 100 }), row())).toBe(false);
    expect(isNewerJob(row({ status: 'queued', processed: 0 }), row())).toBe(false);
    expect(isNewerJob(row({ status: 'succeeded' }), row())).toBe(true);
    expect(isNewerJob(row(), row({ status: 'succeeded', finished: '2026-03-02T08:01:00+07:00' }))).toBe(false);
  });
});

describe('JobProgress', () => {
  it('shows the bar, counts, estimate and errors while running', () => {
    render(
      <JobProgress
        job={row({ error_count: 12, errors: [{ item: '100001', message: "Man power 'X' tidak dikenal." }] })}
        label="Progres sinkronisasi"
        summary={() => '3 karyawan baru'}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progres sinkronisasi' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('250 dari 1.000 data')).toBeInTheDocument();
    expect(screen.getByText('Sedang diproses…')).toBeInTheDocument();
    expect(screen.getByText(/^Perkiraan sisa|Menghitung perkiraan/)).toBeInTheDocument();
    expect(screen.getByText('3 karyawan baru')).toBeInTheDocument();
    expect(screen.getByText('12 kesalahan')).toBeInTheDocument();
    expect(screen.getByText("Man power 'X' tidak dikenal.", { exact: false })).toBeInTheDocument();
    expect(screen.getByText('dan 2 kesalahan lainnya')).toBeInTheDocument();
  });

  it("says the counts in the feature's words and leaves the errors to a screen that lists them itself", () => {
    render(
      <JobProgress
        job={row({ status: 'failed', processed: 0, total: 3, error_count: 2, errors: [{ item: 'Baris 2', message: 'Kolom X: salah.' }] })}
        label="Proses unggah"
        counts={() => '0 dari 3 baris diimpor: 2 baris bermasalah'}
        listErrors={false}
      />,
    );
    expect(screen.getByTestId('job-counts')).toHaveTextContent('0 dari 3 baris diimpor: 2 baris bermasalah');
    expect(screen.queryByText('2 kesalahan')).not.toBeInTheDocument();
    expect(screen.queryByText('Kolom X: salah.', { exact: false })).not.toBeInTheDocument();
  });

  it('shows the final message once finished, and no estimate', () => {
    render(
      <JobProgress
        job={row({ status: 'failed', message: 'Batch 3 ditolak.', finished: '2026-03-02T08:00:30+07:00' })}
        label="Progres"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Batch 3 ditolak.');
    // Failed reads as failed: a full red bar saying so, never the quarter it got to.
    const bar = screen.getByRole('progressbar', { name: 'Progres' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Gagal');
    expect(bar.firstElementChild).toHaveClass('bg-danger');
    expect(bar.firstElementChild).toHaveStyle({ width: '100%' });
    expect(bar).not.toHaveTextContent('25%');
    expect(screen.getByTestId('job-status')).toHaveClass('text-danger');
    expect(screen.getByText('Waktu berjalan 30 detik')).toBeInTheDocument();
    expect(screen.queryByText(/Perkiraan sisa/)).toBeNull();
  });
});

describe('jobs topic', () => {
  it('fills the list and the job from the snapshot, then applies progress events in order', () => {
    const queryClient = new QueryClient();
    const dispatcher = createDispatcher(queryClient, topicRegistry);
    dispatcher.handle({ op: 'subscribed', topic: JOBS_TOPIC, version: 3, snapshot: { jobs: [row()] } });
    expect(queryClient.getQueryData(jobKeys.list())).toEqual([row()]);
    expect(queryClient.getQueryData<JobRow>(jobKeys.detail('J1'))?.processed).toBe(250);

    dispatcher.handle({ op: 'event', topic: JOBS_TOPIC, version: 4, type: 'progress', data: row({ processed: 600 }) });
    expect(queryClient.getQueryData<JobRow>(jobKeys.detail('J1'))?.processed).toBe(600);
    const started = row({ job: 'J2', status: 'queued', processed: 0, created: '2026-03-02T09:00:00+07:00' });
    dispatcher.handle({ op: 'event', topic: JOBS_TOPIC, version: 5, type: 'progress', data: started });
    expect(queryClient.getQueryData<JobRow[]>(jobKeys.list())?.map((job) => job.job)).toEqual(['J2', 'J1']);
  });

  it('moves the last run and the history rows of the kind, and refetches the history when a status changes', () => {
    const queryClient = new QueryClient();
    const dispatcher = createDispatcher(queryClient, topicRegistry);
    const older = row({ job: 'J0', status: 'succeeded', created: '2026-03-01T08:00:00+07:00' });
    queryClient.setQueryData(jobKeys.last('sync.hr_pull'), older);
    const historyKey = [...jobKeys.historyOf('sync.hr_pull'), { page: 1 }];
    queryClient.setQueryData(historyKey, { rows: [row(), older], total: 2, recordsTotal: 2 });
    dispatcher.handle({ op: 'subscribed', topic: JOBS_TOPIC, version: 1, snapshot: { jobs: [row()] } });

    // Progress of a shown row: replaced in place, no refetch.
    dispatcher.handle({ op: 'event', topic: JOBS_TOPIC, version: 2, type: 'progress', data: row({ processed: 700 }) });
    expect(queryClient.getQueryData<JobRow>(jobKeys.last('sync.hr_pull'))?.processed).toBe(700);
    const page = queryClient.getQueryData<{ rows: JobRow[] }>(historyKey);
    expect(page?.rows.map((job) => job.processed)).toEqual([700, 250]);
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(false);

    // It finished: the card shows the end, the history is refetched (REST orders and counts).
    const done = row({ status: 'failed', processed: 700, finished: '2026-03-02T08:01:00+07:00', message: 'HRM tidak menjawab.' });
    dispatcher.handle({ op: 'event', topic: JOBS_TOPIC, version: 3, type: 'progress', data: done });
    expect(queryClient.getQueryData<JobRow>(jobKeys.last('sync.hr_pull'))?.status).toBe('failed');
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(true);
    // Another kind's job leaves this kind's last run alone.
    dispatcher.handle({
      op: 'event',
      topic: JOBS_TOPIC,
      version: 4,
      type: 'progress',
      data: row({ job: 'P1', kind: 'sync.payroll_push', created: '2026-03-03T08:00:00+07:00' }),
    });
    expect(queryClient.getQueryData<JobRow>(jobKeys.last('sync.hr_pull'))?.job).toBe('J1');
  });
});
