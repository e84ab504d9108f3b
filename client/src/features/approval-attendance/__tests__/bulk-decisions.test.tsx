import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { clearNotifications, getNotifications } from '@/lib/notifications';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { approveManyBody, lowRiskBody } from '../api/decide-many';
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
  return row(n, { location: 0, suggested_man_power: suggested });
}

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

beforeEach(() => clearNotifications());
afterEach(() => vi.unstubAllGlobals());

describe('BulkDecisions', () => {
  it('rejects the selected page with one note in one request and lists what was skipped', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse({
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
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(note, 'Foto buram');
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));

    expect(await screen.findByText('Karyawan 2: Data sudah diproses oleh Rina.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('attendance_log/reject_many');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['LOG1', 'LOG2', 'LOG3'], note: 'Foto buram' });
    expect(getNotifications().toasts.at(-1)?.message).toBe('2 absen ditolak, 1 dilewati.');
    expect(screen.getByText('0 terpilih')).toBeInTheDocument();
  });

  it('confirms the selection with how many are out of radius and the placement of each, then sends the choices', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse({
        http_status: 200,
        message: '3 absen disetujui, 0 dilewati.',
        data: {
          decided: 3,
          skipped: 0,
          results: [
            { hash_id: 'LOG1', outcome: 'decided', message: '', state: {}, near_man_power: null },
            { hash_id: 'LOG2', outcome: 'decided', message: '', state: {}, near_man_power: { hash_id: 'MP-B', name: 'Site Bontang' } },
            { hash_id: 'LOG3', outcome: 'decided', message: '', state: {}, near_man_power: { hash_id: 'MP-N', name: 'Pool Samarinda' } },
          ],
          batch: 'B1',
          undo_until: new Date(Date.now() + 600_000).toISOString(),
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBulk([row(1), outside(2, OWN), outside(3, NEAR)]);
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua di halaman ini' }));
    await user.click(screen.getByRole('button', { name: 'Setujui terpilih' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui 3 absen terpilih' });
    expect(dialog).toHaveTextContent('2 absen di luar radius: masing-masing disetujui di penempatan berikut.');
    // Each out-of-radius row starts at its suggested (nearest) placement, the own one marked.
    const second = within(dialog).getByRole('combobox', { name: 'Penempatan untuk Karyawan 2' });
    expect(second).toHaveDisplayValue('Site Sangatta (22,4 km, penempatan sendiri)');
    expect(within(dialog).getByRole('combobox', { name: 'Penempatan untuk Karyawan 3' })).toHaveDisplayValue(
      'Pool Samarinda (900 m)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Setujui 3' }));

    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('attendance_log/approve_many');
    // No change: the server takes each row's suggested placement.
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['LOG1', 'LOG2', 'LOG3'] });
    expect(await screen.findByText('Hasil: 3 diproses, 0 dilewati')).toBeInTheDocument();
    expect(screen.getByText('Karyawan 2: Diproses di Site Bontang')).toBeInTheDocument();
  });

  it('names the low-risk count of the filter before approving them all, with that count as the limit', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
      init?.method === 'PATCH'
        ? jsonResponse({ http_status: 200, message: '7 absen disetujui, 0 dilewati.', data: { decided: 7, skipped: 0, results: [] } })
        : jsonResponse({ http_status: 200, message: '', data: [row(9)], recordsTotal: 40, recordsFiltered: 7 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBulk([row(1)]);
    await user.click(screen.getByRole('button', { name: 'Setujui semua risiko rendah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui semua risiko rendah' });
    expect(await within(dialog).findByText('Setujui 7 absen berisiko rendah sesuai filter ini?')).toBeInTheDocument();
    const count = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(count.pathname).toBe('/api/web/v1/attendance_log/list');
    expect(count.searchParams.get('risk')).toBe('low');
    expect(count.searchParams.get('start_date')).toBe('2026-11-21');
    await user.click(within(dialog).getByRole('button', { name: 'Setujui 7' }));
    const patch = fetchMock.mock.calls.find(([, requestInit]) => requestInit?.method === 'PATCH');
    expect(String(patch?.[0])).toContain('attendance_log/approve_low_risk');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ start_date: '2026-11-21', limit: 7 });
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

  it('sends the low-risk filter as the list takes it, its column searches as an object', () => {
    expect(
      lowRiskBody({ start_date: '2026-11-21', search: '{"employee_name":"Ani"}', global_search: 'x' }, 12),
    ).toEqual({ start_date: '2026-11-21', search: { employee_name: 'Ani' }, global_search: 'x', limit: 12 });
  });

  it('lists a row placements nearest first, each once', () => {
    expect(placementOptions([OWN], [OTHER, OWN, NEAR]).map((option) => option.hash_id)).toEqual(['MP-N', 'MP-OWN', 'MP-B']);
  });
});
