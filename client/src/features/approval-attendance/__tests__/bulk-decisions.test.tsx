import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { clearNotifications, getNotifications } from '@/lib/notifications';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { BulkDecisions } from '../components/bulk-decisions';

const APPROVER = {
  allow_approved_attendance: 1,
  allow_approved_attendance_office: 1,
  allow_rejected_attendance: 1,
  allow_rejected_attendance_office: 1,
};

function row(n: number): AttendanceQueueRow {
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
  };
}

function Harness({ rows }: { rows: AttendanceQueueRow[] }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return <BulkDecisions rows={rows} selected={selected} onSelectedChange={setSelected} />;
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

  it('asks before approving the selection', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse({ http_status: 200, message: '1 absen disetujui, 0 dilewati.', data: { decided: 1, skipped: 0, results: [] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBulk([row(1)]);
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua di halaman ini' }));
    await user.click(screen.getByRole('button', { name: 'Setujui terpilih' }));
    expect(screen.getByText('Setujui 1 absen terpilih?')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Setujui' }));
    expect(String(fetchMock.mock.calls[0][0])).toContain('attendance_log/approve_many');
  });
});
