import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { ReportForm } from '../components/report-form';

const showError = vi.fn();
vi.mock('@/lib/notifications', async (original) => ({
  ...(await original<typeof import('@/lib/notifications')>()),
  showError: (message: string) => showError(message),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.includes('/report')) {
      return Promise.resolve(
        jsonResponse({ http_status: 200, message: '', data: { file_name: 'x', start_date: '', end_date: '', columns: [], labels: [''], total_columns: [], employees: [] } }),
      );
    }
    if (url.includes('man_power?type=office')) {
      return Promise.resolve(jsonResponse({ http_status: 200, message: '', data: [{ value: 'Kantor Pusat', label: 'Kantor Pusat', hash_id: 'a' }] }));
    }
    if (url.includes('man_power')) {
      return Promise.resolve(jsonResponse({ http_status: 200, message: '', data: [{ value: 'office', label: 'Office' }] }));
    }
    return Promise.resolve(
      jsonResponse({ http_status: 200, message: '', data: { file_name: 'x', start_date: '', end_date: '', columns: [], labels: [''], total_columns: [], employees: [] } }),
    );
  });
});

afterEach(() => {
  fetchMock.mockReset();
  showError.mockReset();
  vi.unstubAllGlobals();
});

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/report/attendance-detail/overtime', element: <ReportForm kind="lembur" categories={[{ value: 'all', label: 'Semua' }, { value: 'holiday', label: 'Hari Libur' }]} /> },
      { path: '/report/attendance-detail/doc', element: <p>dokumen</p> },
    ],
    { initialEntries: ['/report/attendance-detail/overtime'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('report form', () => {
  it('names and focuses what an empty selection lacks, inline, and calls nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    const search = screen.getByRole('searchbox', { name: 'Cari karyawan' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription('Karyawan harus diisi');
    expect(screen.getByText('Lengkapi form terlebih dahulu!')).toBeVisible();
    expect(showError).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('report/lembur'), expect.anything());
  });

  it('with every section closed, still names the employees under them and focuses their section', async () => {
    renderForm();
    const header = screen.getByRole('button', { name: 'Karyawan' });
    await userEvent.click(header);
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    const message = await screen.findByText('Karyawan harus diisi');
    // Not in the closed section's hidden body: under the sections.
    expect(message.closest('.accordion')).toBeNull();
    // The hidden search cannot take the focus: the section's header does, described by the message.
    await waitFor(() => expect(header).toHaveFocus());
    expect(header).toHaveAttribute('aria-invalid', 'true');
    expect(header).toHaveAccessibleDescription('Karyawan harus diisi');
    expect(showError).not.toHaveBeenCalled();
    // Opened again, the search is the control with the message.
    await userEvent.click(header);
    const search = screen.getByRole('searchbox', { name: 'Cari karyawan' });
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(header).not.toHaveAttribute('aria-invalid');
  });

  it('requests the report of a man power, then opens its document', async () => {
    const router = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Man Power' }));
    await userEvent.selectOptions(await screen.findByLabelText('Tipe Man Power'), 'office');
    const name = screen.getByLabelText('Man Power');
    await waitFor(() => expect(name).toBeEnabled());
    await userEvent.selectOptions(name, 'Kantor Pusat');
    await userEvent.selectOptions(screen.getByLabelText('Kategori'), 'holiday');
    const start = screen.getByLabelText('Tanggal mulai');
    const end = screen.getByLabelText('Tanggal akhir');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-01');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-04-15');
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() => expect(end).toHaveFocus());
    expect(end).toHaveAccessibleDescription('Rentang tanggal maksimal 30 hari.');
    expect(showError).not.toHaveBeenCalled();

    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/attendance-detail/doc'));
    const call = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('report/lembur'));
    expect(call).toContain('man_power=office');
    expect(call).toContain('man_power_name=Kantor+Pusat');
    expect(call).toContain('category=holiday');
    expect(router.state.location.search).toContain('kind=lembur');
    expect(router.state.location.search).toContain('cat=holiday');
  });
});
