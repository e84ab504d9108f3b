import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { clearNotifications, getNotifications } from '@/lib/notifications';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { approveManyBody, lowRiskBody, type BulkPreview } from '../api/decide-many';
import { BulkDecisions } from '../components/bulk-decisions';
import { changedChoices, defaultPlacements, effectivePlacement, placementOptions } from '../lib/bulk-placements';

const APPROVER = {
  allow_approved_attendance: 1,
  allow_approved_attendance_office: 1,
  allow_rejected_attendance: 1,
  allow_rejected_attendance_office: 1,
};

function row(n: number, extra: Partial<AttendanceQueueRow> = {}): AttendanceQueueRow {
  return {
    hash_id: `LOG${n}`,
    employee_number_formatted: `2020.0000${n}`,
    employee_name: `Karyawan ${n}`,
    log_datetime: '2026-11-21 08:00:00',
    log_date: '2026-11-21',
    log_timezone: 'WIB',
    employee_photo_url: '',
    log_photo: '',
    log_type: 'check_in',
    location: 1,
    fr_accuracy: 60,
    man_power_type: 'office',
    man_power_name: 'Kantor Pusat',
    risk: { level: 'low', score: 0, reasons: [] },
    suggested_man_power: null,
    ...extra,
  };
}

const OWN = { hash_id: 'MP-OWN', name: 'Site Sangatta', type: 'site', distance_m: 22_400, is_own: true };
const OTHER = { hash_id: 'MP-B', name: 'Site Bontang', type: 'site', distance_m: 145_000, is_own: false };
const NEAR = { hash_id: 'MP-N', name: 'Pool Samarinda', type: 'pool', distance_m: 900, is_own: false };

function outside(n: number, suggested: typeof OWN | null): AttendanceQueueRow {
  return row(n, {
    location: 0,
    suggested_man_power: suggested,
    risk: { level: 'low', score: 10, reasons: [{ code: 'distance', text: 'Jarak 250 m dari Kantor Pusat (radius 200 m)' }] },
  });
}

const FACE = { code: 'face', text: 'Skor wajah 70 (ambang 75)' };
const DEVICE = { code: 'new_device', text: 'Perangkat baru' };

/** The server's preview of `rows` (as approve_many/preview and approve_low_risk/preview answer). */
function previewOf(rows: AttendanceQueueRow[], url: string): BulkPreview {
  const asked = new URL(url, 'http://x').searchParams.getAll('ids');
  const shown = asked.length > 0 ? rows.filter((item) => asked.includes(item.hash_id)) : rows;
  return {
    rows: shown.map((item) => ({
      hash_id: item.hash_id,
      employee_name: item.employee_name,
      employee_number_formatted: item.employee_number_formatted,
      log_datetime: item.log_datetime,
      log_timezone: item.log_timezone,
      log_type: item.log_type,
      man_power_name: item.man_power_name,
      location: Number(item.location),
      risk: item.risk ?? { level: 'low', score: 0, reasons: [] },
      factors: (item.risk?.reasons ?? []).map((reason) => reason.code),
      approve_at: item.suggested_man_power ? { hash_id: item.suggested_man_power.hash_id, name: item.suggested_man_power.name } : null,
      left_out: false,
    })),
    factors: [],
    total: shown.length,
    matching: shown.length,
    without_factors: 0,
    exclude_factors: [],
    left_out: 0,
    to_approve: shown.length,
    missing: [],
  };
}

/** The low-risk approval's job, finished: its result is the bulk answer. */
const JOB = {
  job: 'JOB1',
  kind: 'attendance.bulk_approve',
  status: 'succeeded',
  processed: 2,
  total: 2,
  errors: [],
  error_count: 0,
  result: {
    decided: 2,
    skipped: 0,
    left_out: 2,
    results: [
      { hash_id: 'LOG1', outcome: 'decided', message: 'Absen berhasil disetujui.', state: {}, near_man_power: null },
      { hash_id: 'LOG2', outcome: 'left_out', message: 'Disisihkan: Skor wajah di bawah ambang.', state: {}, near_man_power: null },
    ],
    batch: 'B1',
    undo_until: null,
  },
  message: '2 absen disetujui, 0 dilewati, 2 disisihkan menurut faktor risiko.',
  params: {},
  creator_user_name: 'Budi',
  creator_id: 'U1',
  cancel_requested: false,
  created: '2026-11-21T08:00:00+07:00',
  started: '2026-11-21T08:00:00+07:00',
  finished: '2026-11-21T08:00:02+07:00',
};

function Harness({ rows }: { rows: AttendanceQueueRow[] }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return <BulkDecisions rows={rows} selected={selected} onSelectedChange={setSelected} filters={{ start_date: '2026-11-21' }} />;
}

function renderBulk(rows: AttendanceQueueRow[]) {
  saveSession({ token: 't', profile: {}, access: APPROVER, email: 'b@example.com', remember: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness rows={rows} />
    </QueryClientProvider>,
  );
}

/** jsdom lays nothing out: give the confirm's row list a window and each row a height, as a browser would. */
function layOutRowList() {
  const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('bulk-confirm-rows') ? 320 : 0;
  });
  const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = this.classList.contains('bulk-confirm-row') ? 76 : 0;
    return { x: 0, y: 0, top: 0, left: 0, width: 600, height, right: 600, bottom: height, toJSON: () => ({}) };
  });
  return () => {
    clientHeight.mockRestore();
    rect.mockRestore();
  };
}

let restoreLayout: () => void = () => undefined;
beforeEach(() => {
  clearNotifications();
  restoreLayout = layOutRowList();
});
afterEach(() => {
  vi.unstubAllGlobals();
  restoreLayout();
});

describe('BulkDecisions', () => {
  it('rejects the selected page with one note in one request and lists what was skipped', async () => {
    const user = userEvent.setup();
    // The note field reads the preset notes (GET); the decision is the one PATCH.
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
      init?.method !== 'PATCH'
        ? jsonResponse({ http_status: 200, message: 'OK', data: { notes: [] } })
        : jsonResponse({
            http_status: 200,
            message: '2 absen ditolak, 1 dilewati.',
            data: {
              decided: 2,
              skipped: 1,
              results: [
                { hash_id: 'LOG1', outcome: 'decided', message: 'Absen berhasil ditolak.', state: {} },
                { hash_id: 'LOG2', outcome: 'conflict', message: 'Data sudah diproses oleh Rina.', state: {} },
                { hash_id: 'LOG3', outcome: 'decided', message: 'Absen berhasil ditolak.', state: {} },
              ],
            },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBulk([row(1), row(2), row(3)]);

    expect(screen.getByRole('button', { name: 'Tolak terpilih' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua di halaman ini' }));
    expect(screen.getByText('3 terpilih')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tolak terpilih' }));

    const dialog = await screen.findByRole('dialog', { name: 'Tolak 3 absen terpilih' });
    const note = within(dialog).getByLabelText('Catatan penolakan');
    expect(note).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Catatan penolakan harus diisi');
    const patches = () => fetchMock.mock.calls.filter(([, requestInit]) => requestInit?.method === 'PATCH');
    expect(patches()).toHaveLength(0);

    await user.type(note, 'Foto buram');
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));

    expect(await screen.findByText('Karyawan 2: Data sudah diproses oleh Rina.')).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
    const [url, init] = patches()[0];
    expect(String(url)).toContain('attendance_log/reject_many');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['LOG1', 'LOG2', 'LOG3'], note: 'Foto buram' });
    expect(getNotifications().toasts.at(-1)?.message).toBe('2 absen ditolak, 1 dilewati.');
    expect(screen.getByText('0 terpilih')).toBeInTheDocument();
  });

  it('confirms the selection with how many are out of radius and the placement of each, then sends the choices', async () => {
    const user = userEvent.setup();
    const rows = [row(1), outside(2, OWN), outside(3, NEAR)];
    const fetchMock = vi.fn<typeof fetch>(async (input, init) =>
      init?.method === 'PATCH'
        ? jsonResponse({
            http_status: 200,
            message: '3 absen disetujui, 0 dilewati.',
            data: {
              decided: 3,
              skipped: 0,
              left_out: 0,
              results: [
                { hash_id: 'LOG1', outcome: 'decided', message: '', state: {}, near_man_power: null },
                { hash_id: 'LOG2', outcome: 'decided', message: '', state: {}, near_man_power: { hash_id: 'MP-B', name: 'Site Bontang' } },
                { hash_id: 'LOG3', outcome: 'decided', message: '', state: {}, near_man_power: { hash_id: 'MP-N', name: 'Pool Samarinda' } },
              ],
              batch: 'B1',
              undo_until: new Date(Date.now() + 600_000).toISOString(),
            },
          })
        : jsonResponse({ http_status: 200, message: '', data: previewOf(rows, String(input)) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBulk(rows);
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua di halaman ini' }));
    await user.click(screen.getByRole('button', { name: 'Setujui terpilih' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui 3 absen terpilih' });
    expect(dialog).toHaveTextContent('2 absen di luar radius: masing-masing disetujui di penempatan berikut.');
    // Each out-of-radius row starts at its suggested (nearest) placement, the own one marked.
    const second = await within(dialog).findByRole('combobox', { name: 'Penempatan untuk Karyawan 2' });
    expect(second).toHaveDisplayValue('Site Sangatta (22,4 km, penempatan sendiri)');
    expect(within(dialog).getByRole('combobox', { name: 'Penempatan untuk Karyawan 3' })).toHaveDisplayValue(
      'Pool Samarinda (900 m)',
    );
    const preview = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(preview.pathname).toBe('/api/web/v1/attendance_log/approve_many/preview');
    expect(preview.searchParams.getAll('ids')).toEqual(['LOG1', 'LOG2', 'LOG3']);
    await user.click(within(dialog).getByRole('button', { name: 'Setujui 3' }));

    const patch = fetchMock.mock.calls.find(([, requestInit]) => requestInit?.method === 'PATCH');
    expect(String(patch?.[0])).toContain('attendance_log/approve_many');
    // No change: the server takes each row's suggested placement; nothing left out.
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ ids: ['LOG1', 'LOG2', 'LOG3'], exclude_factors: [] });
    expect(await screen.findByText('Hasil: 3 diproses, 0 dilewati')).toBeInTheDocument();
    expect(screen.getByText('Karyawan 2: Diproses di Site Bontang')).toBeInTheDocument();
  });

  it('shows the low-risk rows of the filter by factor; a switch leaves a factor out and the approval sends the ids seen', async () => {
    const user = userEvent.setup();
    const rows = [
      row(1),
      row(2, { risk: { level: 'low', score: 20, reasons: [FACE] } }),
      outside(3, NEAR),
      row(4, { risk: { level: 'low', score: 15, reasons: [DEVICE] } }),
    ];
    const fetchMock = vi.fn<typeof fetch>(async (input, init) =>
      init?.method === 'PATCH'
        ? jsonResponse({
            http_status: 202,
            message: 'Persetujuan 4 absen berjalan di latar belakang.',
            data: { ...JOB, status: 'running', processed: 1, result: {}, finished: null },
          })
        : String(input).includes('job/')
          ? jsonResponse({ http_status: 200, message: '', data: JOB })
          : jsonResponse({ http_status: 200, message: '', data: previewOf(rows, String(input)) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBulk([row(1)]);
    await user.click(screen.getByRole('button', { name: 'Setujui semua risiko rendah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui semua risiko rendah' });
    expect(await within(dialog).findByText('Setujui 4 absen berisiko rendah sesuai filter ini?')).toBeInTheDocument();
    const previewUrl = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(previewUrl.pathname).toBe('/api/web/v1/attendance_log/approve_low_risk/preview');
    expect(previewUrl.searchParams.get('start_date')).toBe('2026-11-21');
    // The breakdown: each factor with its count, distance per placement it is approved at.
    const face = within(dialog).getByRole('switch', { name: 'Sisihkan Wajah tidak cocok (1 absen)' });
    expect(within(dialog).getByRole('switch', { name: 'Sisihkan Di luar radius (1 absen)' })).not.toBeChecked();
    expect(dialog).toHaveTextContent('1 disetujui di Pool Samarinda');
    expect(dialog).toHaveTextContent('1 absen tanpa faktor risiko');
    expect(within(dialog).getByTestId('bulk-confirm-summary')).toHaveTextContent('4 absen akan disetujui');
    // Every row is listed, the failed face among them.
    const list = within(dialog).getByRole('region', { name: 'Daftar absen pada persetujuan ini' });
    expect(list).toHaveAttribute('tabindex', '0');
    expect(within(list).getByText('Skor wajah 70 (ambang 75)')).toBeInTheDocument();
    expect(within(list).getAllByText(/^Karyawan \d$/)).toHaveLength(4);

    await user.click(face);
    expect(face).toBeChecked();
    expect(within(dialog).getByTestId('bulk-confirm-summary')).toHaveTextContent('3 absen akan disetujui, 1 disisihkan');
    expect(list.querySelector('[data-row="LOG2"]')).toHaveAttribute('data-left-out', 'true');
    await user.click(within(dialog).getByRole('switch', { name: 'Sisihkan Perangkat baru (1 absen)' }));
    expect(within(dialog).getByTestId('bulk-confirm-summary')).toHaveTextContent('2 absen akan disetujui, 2 disisihkan');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui 2' }));

    const patch = fetchMock.mock.calls.find(([, requestInit]) => requestInit?.method === 'PATCH');
    expect(String(patch?.[0])).toContain('attendance_log/approve_low_risk');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      start_date: '2026-11-21',
      ids: ['LOG1', 'LOG2', 'LOG3', 'LOG4'],
      exclude_factors: ['face', 'new_device'],
    });
    expect(new Headers(patch?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    // The job runs in the background (the dialog closes, the queue stays usable); once it ends
    // (read from job/{id}, the truth), its result.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Hasil: 2 diproses, 0 dilewati')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('job/JOB1'))).toBe(true);
    expect(screen.getByText('Karyawan 2: Disisihkan: Skor wajah di bawah ambang.')).toBeInTheDocument();
  });
});

describe('bulk placements', () => {
  it('defaults every out-of-radius row to its suggested placement and leaves rows inside the radius out', () => {
    expect(defaultPlacements([row(1), outside(2, OWN), outside(3, null)])).toEqual({ LOG2: 'MP-OWN', LOG3: '' });
  });

  it('takes a row its own choice, else the one for all, else its suggested one', () => {
    const rows = [outside(2, OWN), outside(3, NEAR)];
    expect(rows.map((item) => effectivePlacement(item, { perRow: {}, all: '' }))).toEqual(['MP-OWN', 'MP-N']);
    expect(rows.map((item) => effectivePlacement(item, { perRow: {}, all: 'MP-B' }))).toEqual(['MP-B', 'MP-B']);
    expect(rows.map((item) => effectivePlacement(item, { perRow: { LOG3: 'MP-OWN' }, all: 'MP-B' }))).toEqual([
      'MP-B',
      'MP-OWN',
    ]);
  });

  it('sends only what differs from the default', () => {
    const rows = [row(1), outside(2, OWN), outside(3, NEAR)];
    const choices = changedChoices(rows, { perRow: { LOG2: 'MP-OWN', LOG3: 'MP-B', LOG1: 'MP-B' }, all: '' });
    expect(choices).toEqual({ perRow: { LOG3: 'MP-B' }, all: '' });
    expect(approveManyBody(['LOG1', 'LOG2', 'LOG3'], choices)).toEqual({
      ids: ['LOG1', 'LOG2', 'LOG3'],
      near_man_power: { LOG3: 'MP-B' },
    });
    expect(approveManyBody(['LOG2'], { perRow: {}, all: 'MP-B' })).toEqual({ ids: ['LOG2'], near_man_power_all: 'MP-B' });
  });

  it('sends the low-risk filter as the list takes it, its column searches as an object, with the ids seen', () => {
    expect(
      lowRiskBody({ start_date: '2026-11-21', search: '{"employee_name":"Ani"}', global_search: 'x', page: 2 }, ['L1'], ['face']),
    ).toEqual({ start_date: '2026-11-21', search: { employee_name: 'Ani' }, global_search: 'x', ids: ['L1'], exclude_factors: ['face'] });
  });

  it('lists a row placements nearest first, each once', () => {
    expect(placementOptions([OWN], [OTHER, OWN, NEAR]).map((option) => option.hash_id)).toEqual(['MP-N', 'MP-OWN', 'MP-B']);
  });
});
