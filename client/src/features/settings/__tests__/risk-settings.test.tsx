import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { saveSession, type UserAccess } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { LeaveSettingsPage } from '../pages/leave-settings-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime')>()),
  useTopic: () => undefined,
}));

const THRESHOLDS = {
  radius_margin_m: 50,
  max_gps_accuracy_m: 100,
  face_match_threshold: 75,
  max_travel_kmh: 200,
  shift_window_minutes: 30,
  new_device_days: 7,
  blacklist_lookback_days: 30,
  medium_from: 30,
  high_from: 60,
};

const fetchMock = vi.fn<typeof fetch>();
const puts: unknown[] = [];

beforeEach(() => {
  puts.length = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('setting/risk') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as typeof THRESHOLDS;
      puts.push(body);
      return jsonResponse({ http_status: 200, message: 'Data berhasil diperbarui.', data: { ...body, rescore_job: null } });
    }
    if (url.includes('setting/risk')) return jsonResponse({ http_status: 200, message: '', data: THRESHOLDS });
    if (url.includes('/list')) return jsonResponse({ http_status: 200, message: '', data: [], recordsTotal: 0, recordsFiltered: 0 });
    return jsonResponse({ http_status: 404, message: 'Tidak ditemukan.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage(access: UserAccess) {
  saveSession({ token: 'tok', profile: { fullname: 'Dewi' }, access, email: 'dewi@example.com', remember: false });
  render(
    <MemoryRouter initialEntries={['/settings/permission?tab=risk']}>
      <QueryClientProvider client={createQueryClient()}>
        <LeaveSettingsPage title="Pengaturan Izin" breadcrumb={[]} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('Risk thresholds (settings)', () => {
  it('is a tab for the system-trouble flag; saves the thresholds and refuses a high level not above medium', async () => {
    renderPage({ allow_system_trouble: 1, allow_system_trouble_update: 1 });
    expect(await screen.findByRole('tab', { name: 'Ambang Risiko' })).toHaveAttribute('aria-selected', 'true');
    const high = await screen.findByLabelText(/Skor risiko tinggi mulai/);
    expect(high).toHaveValue(60);

    await userEvent.clear(high);
    await userEvent.type(high, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Skor risiko tinggi harus lebih besar dari skor risiko sedang')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await userEvent.clear(high);
    await userEvent.type(high, '70');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(puts).toEqual([{ ...THRESHOLDS, high_from: 70 }]));
  });

  it('is read-only without the update flag', async () => {
    renderPage({ allow_system_trouble: 1 });
    const gps = await screen.findByLabelText(/Batas akurasi GPS/);
    expect(gps).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });

  it('is not offered to a user who holds only a leave flag', async () => {
    renderPage({ allow_cuti_khusus: 1 });
    expect(await screen.findByRole('tab', { name: 'Cuti Khusus' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Ambang Risiko' })).not.toBeInTheDocument();
  });
});
