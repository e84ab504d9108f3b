import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { ApprovalLinkPage } from '../pages/approval-link-page';

const LINK = {
  hash_id: 'IZ1',
  name: 'Andi Wijaya',
  employee_number_formatted: 'E-000001',
  label: 'Cuti',
  date_formatted: '7 Desember 2026 - 9 Desember 2026',
  start_date: '2026-12-07',
  end_date: '2026-12-09',
  total_days: 3,
  approval_user_name: 'Bu Atasan',
  description: 'Acara keluarga',
  has_attachment: false,
  status: 'waiting_approval',
  created_formatted: '1 Desember 2026',
  cuti_saldo: 9,
  approver_name: 'Hana HR',
  suggested_decision: 'reject',
  expires_at: '2026-12-04T10:00:00+07:00',
};

const fetchMock = vi.fn<typeof fetch>();
let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/approval-link/TOKEN-1']}>
        <Routes>
          <Route path="/approval-link/:token" element={<ApprovalLinkPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ApprovalLinkPage', () => {
  it('shows the request, needs a note to reject, confirms, then shows the result', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      expect(String(input)).toContain('approval_link/TOKEN-1');
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse({ http_status: 200, message: 'Izin berhasil ditolak.', data: { status: 'rejected' } });
      }
      return jsonResponse({ http_status: 200, message: '', data: LINK });
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Andi Wijaya')).toBeInTheDocument();
    expect(screen.getByText('7 Desember 2026 - 9 Desember 2026 (3 hari)')).toBeInTheDocument();
    expect(screen.getByText(/Tautan ini dikirim ke Hana HR/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Tolak' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Lanjutkan: Tolak' }));
    expect(await screen.findByText('Catatan penolakan harus diisi.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Catatan' })).toHaveFocus();
    expect(posted).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Catatan' }), 'Bentrok audit');
    await user.click(screen.getByRole('button', { name: 'Lanjutkan: Tolak' }));
    expect(screen.getByText('Tolak izin Andi Wijaya (7 Desember 2026 - 9 Desember 2026)?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ya, tolak' }));

    expect(await screen.findByRole('heading', { name: 'Keputusan tersimpan' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Izin berhasil ditolak.');
    expect(posted).toEqual([{ decision: 'reject', note: 'Bentrok audit' }]);
  });

  it('a spent link says so and offers no decision', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ http_status: 410, message: 'Tautan ini sudah digunakan.', errors: {} }, 410),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tautan sudah tidak berlaku' })).toBeInTheDocument();
    expect(screen.getByText('Tautan ini sudah digunakan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lanjutkan/ })).not.toBeInTheDocument();
  });

  it('a request decided elsewhere names who decided it', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ http_status: 409, message: 'Data sudah diproses oleh Bu Atasan.', data: {}, errors: {} }, 409),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Pengajuan sudah diputuskan' })).toBeInTheDocument();
    expect(screen.getByText('Data sudah diproses oleh Bu Atasan.')).toBeInTheDocument();
  });
});
