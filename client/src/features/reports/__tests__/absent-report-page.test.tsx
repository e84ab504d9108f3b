import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispositionFileName } from '@/lib/download';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { monthRangeLabel, parseReportRange } from '../components/absent-report-range';
import { AbsentReportPage } from '../pages/absent-report-page';

const row = {
  employeeNumberFormatted: '2020.00126',
  employeeName: 'Joko Napitupulu',
  jobTitle: 'Operator Excavator',
  manPowerName: 'Site Sangatta Kutai Timur',
  alpa: 5,
  sakit: 0,
  cuti: 5,
  ctb: 0,
  total: 10,
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/report/absent-employees/doc', element: <AbsentReportPage title="Laporan Karyawan Tidak Hadir" breadcrumb={['Laporan']} /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('absent report range', () => {
  it('accepts real YYYY-MM-DD dates in order, at most a year apart', () => {
    expect(parseReportRange('2025-01-01', '2025-06-30')).toEqual({ startDate: '2025-01-01', endDate: '2025-06-30' });
    expect(parseReportRange('2024-01-01', '2024-12-31')).not.toBeNull();
    expect(parseReportRange('2024-01-01', '2025-01-31')).toBeNull();
    expect(parseReportRange('2025-02-30', '2025-03-31')).toBeNull();
    expect(parseReportRange('2025-06-01', '2025-05-31')).toBeNull();
    expect(parseReportRange(null, '2025-05-31')).toBeNull();
  });

  it('titles the range with Indonesian month names', () => {
    expect(monthRangeLabel({ startDate: '2025-01-01', endDate: '2025-06-30' })).toBe('Januari 2025 - Juni 2025');
    expect(monthRangeLabel({ startDate: '2025-08-01', endDate: '2025-08-31' })).toBe('Agustus 2025');
  });

  it('reads the server file name from Content-Disposition', () => {
    expect(dispositionFileName('attachment; filename="Karyawan-Tidak-Hadir_2025-01-01-_2025-06-30.xlsx"')).toBe(
      'Karyawan-Tidak-Hadir_2025-01-01-_2025-06-30.xlsx',
    );
    expect(dispositionFileName("attachment; filename=x.csv; filename*=UTF-8''Laporan%20Tidak%20Hadir.csv")).toBe(
      'Laporan Tidak Hadir.csv',
    );
    expect(dispositionFileName(null)).toBeNull();
  });
});

describe('absent report page', () => {
  it('shows 25 skeleton rows, then the rows of the server', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/report/absent-employees/doc?s=2025-01-01&e=2025-06-30');
    const table = await screen.findByRole('table', { name: 'Laporan Karyawan Tidak Hadir' });
    expect(screen.getByText('Januari 2025 - Juni 2025')).toBeInTheDocument();
    expect(table.querySelectorAll('tbody tr.absent-skeleton-row')).toHaveLength(25);
    answer(jsonResponse({ http_status: 200, message: '', data: [row] }));
    expect(await within(table).findByText('Joko Napitupulu')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/report\/unattendance_employee\?start_date=2025-01-01&end_date=2025-06-30$/);
  });

  it("says 'Data tidak ditemukan' for an empty report", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ http_status: 200, message: '', data: [] }));
    renderAt('/report/absent-employees/doc?s=2020-01-01&e=2020-12-31');
    expect(await screen.findByText('Data tidak ditemukan')).toBeInTheDocument();
  });

  it('prints with the file name as the title and restores the title', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ http_status: 200, message: '', data: [row] }));
    document.title = 'Kehadiran | Laporan Karyawan Tidak Hadir';
    const titles: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => titles.push(document.title));
    renderAt('/report/absent-employees/doc?s=2025-01-01&e=2025-06-30');
    await userEvent.click(await screen.findByRole('button', { name: 'Cetak' }));
    expect(titles).toEqual(['Karyawan-Tidak-Hadir_2025-01-01-_2025-06-30']);
    expect(document.title).toBe('Kehadiran | Laporan Karyawan Tidak Hadir');
  });

  it('refuses a malformed range without calling the server', async () => {
    renderAt('/report/absent-employees/doc?s=2025-13-01&e=2025-12-31');
    expect(await screen.findByRole('alert')).toHaveTextContent('Rentang tanggal laporan tidak valid.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
