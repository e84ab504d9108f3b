import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
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

const RULES = [
  { code: 'face', label: 'Skor wajah di bawah ambang', weight: '20 poin + 1 per poin di bawah ambang, maksimal 40', floor: 'Minimal sedang' },
  { code: 'blacklist_app', label: 'Pernah mencoba dari aplikasi terlarang', weight: '35 poin', floor: 'Selalu tinggi' },
  { code: 'travel', label: 'Perjalanan terlalu cepat dari absen sebelumnya', weight: '40 poin', floor: '' },
];

const fetchMock = vi.fn<typeof fetch>();
const puts: unknown[] = [];
const previews: (typeof THRESHOLDS)[] = [];

beforeEach(() => {
  puts.length = 0;
  previews.length = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('setting/risk/preview') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as typeof THRESHOLDS;
      previews.push(body);
      // A stand-in for the server's count: a wider margin moves 10 rows from medium to low.
      const moved = body.radius_margin_m >= 100 ? 10 : 0;
      return jsonResponse({ http_status: 200, message: '', data: { low: 12 + moved, medium: 30 - moved, high: 4, total: 46 } });
    }
    if (url.includes('setting/risk') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as typeof THRESHOLDS;
      puts.push(body);
      return jsonResponse({ http_status: 200, message: 'Data berhasil diperbarui.', data: { ...body, rescore_job: null } });
    }
    if (url.includes('setting/risk')) return jsonResponse({ http_status: 200, message: '', data: { ...THRESHOLDS, rules: RULES } });
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

  it('previews the queue under the unsaved values, live and debounced, without saving', async () => {
    renderPage({ allow_system_trouble: 1, allow_system_trouble_update: 1 });
    const preview = await screen.findByTestId('risk-preview');
    await waitFor(() =>
      expect(within(preview).getByRole('status')).toHaveTextContent('Dengan nilai ini: 12 rendah, 30 sedang, 4 tinggi di antrean saat ini'),
    );
    expect(within(preview).getByText(/Dari 46 absen yang menunggu persetujuan/)).toBeInTheDocument();
    expect(previews).toEqual([THRESHOLDS]);

    const margin = screen.getByLabelText(/Toleransi di luar radius/);
    await userEvent.clear(margin);
    await userEvent.type(margin, '150');
    await waitFor(() =>
      expect(within(preview).getByRole('status')).toHaveTextContent('Dengan nilai ini: 22 rendah, 20 sedang, 4 tinggi di antrean saat ini'),
    );
    // Debounced: the keystrokes of 150 asked once (the empty field in between is not valid: not asked).
    expect(previews).toEqual([THRESHOLDS, { ...THRESHOLDS, radius_margin_m: 150 }]);
    expect(puts).toHaveLength(0);

    // Invalid values are not previewed: the form says so.
    const high = screen.getByLabelText(/Skor risiko tinggi mulai/);
    await userEvent.clear(high);
    await userEvent.type(high, '20');
    expect(within(preview).getByRole('status')).toHaveTextContent('Perbaiki isian untuk melihat pratinjau.');
    expect(previews).toHaveLength(2);
  });

  it('shows the weights and floors as read-only rules; read-only without the update flag, and no preview', async () => {
    renderPage({ allow_system_trouble: 1 });
    const gps = await screen.findByLabelText(/Batas akurasi GPS/);
    expect(gps).toBeDisabled();
    expect(screen.getByLabelText(/Toleransi di luar radius/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
    const rules = await screen.findByRole('table', { name: 'Bobot dan aturan tingkat' });
    expect(within(rules).getByRole('row', { name: /Skor wajah di bawah ambang/ })).toHaveTextContent('Minimal sedang');
    expect(within(rules).getByRole('row', { name: /aplikasi terlarang/ })).toHaveTextContent('35 poinSelalu tinggi');
    expect(within(rules).getByRole('row', { name: /Perjalanan terlalu cepat/ })).toHaveTextContent('40 poin-');
    expect(screen.queryByTestId('risk-preview')).not.toBeInTheDocument();
    expect(previews).toHaveLength(0);
  });

  it('is not offered to a user who holds only a leave flag', async () => {
    renderPage({ allow_cuti_khusus: 1 });
    expect(await screen.findByRole('tab', { name: 'Cuti Khusus' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Ambang Risiko' })).not.toBeInTheDocument();
  });
});
