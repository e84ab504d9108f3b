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

const NOTES = ['Lokasi tidak sesuai', 'Wajah tidak cocok'];
const fetchMock = vi.fn<typeof fetch>();
const puts: unknown[] = [];

beforeEach(() => {
  puts.length = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('setting/rejection_notes') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { notes: string[] };
      puts.push(body);
      return jsonResponse({ http_status: 200, message: 'Data berhasil diperbarui.', data: body });
    }
    if (url.includes('setting/rejection_notes')) return jsonResponse({ http_status: 200, message: '', data: { notes: NOTES } });
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
    <MemoryRouter initialEntries={['/settings/permission?tab=rejection_notes']}>
      <QueryClientProvider client={createQueryClient()}>
        <LeaveSettingsPage title="Pengaturan Izin" breadcrumb={[]} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('Preset rejection notes (settings)', () => {
  it('a tab beside the risk thresholds; one note per line, checked before the save', async () => {
    renderPage({ allow_system_trouble: 1, allow_system_trouble_update: 1 });
    expect(await screen.findByRole('tab', { name: 'Catatan Penolakan' })).toHaveAttribute('aria-selected', 'true');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(-3)).toEqual(['Ambang Risiko', 'Catatan Penolakan', 'Batas Waktu Persetujuan']);
    const notes = await screen.findByLabelText(/Catatan \(satu per baris\)/);
    await waitFor(() => expect(notes).toHaveValue('Lokasi tidak sesuai\nWajah tidak cocok'));

    await userEvent.type(notes, '\nwajah tidak COCOK');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText("Catatan penolakan 'wajah tidak COCOK' tercantum lebih dari sekali.")).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await userEvent.clear(notes);
    await userEvent.type(notes, '  Di luar jam kerja \n\nLokasi tidak sesuai');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(puts).toEqual([{ notes: ['Di luar jam kerja', 'Lokasi tidak sesuai'] }]));
  });

  it('refuses more than 20 notes and a note over 200 characters', async () => {
    renderPage({ allow_system_trouble: 1, allow_system_trouble_update: 1 });
    const notes = await screen.findByLabelText(/Catatan \(satu per baris\)/);
    await waitFor(() => expect(notes).toHaveValue('Lokasi tidak sesuai\nWajah tidak cocok'));
    await userEvent.clear(notes);
    await userEvent.type(notes, Array.from({ length: 21 }, (_, n) => `Catatan ${n}`).join('\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Catatan penolakan siap pakai paling banyak 20.')).toBeInTheDocument();
    await userEvent.clear(notes);
    await userEvent.type(notes, `Pendek\n${'x'.repeat(201)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Catatan penolakan ke-2 lebih dari 200 karakter.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('is read-only without the update flag', async () => {
    renderPage({ allow_system_trouble: 1 });
    const notes = await screen.findByLabelText(/Catatan \(satu per baris\)/);
    expect(notes).toBeDisabled();
    expect(screen.getByText('Anda hanya dapat melihat catatan ini.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });
});
