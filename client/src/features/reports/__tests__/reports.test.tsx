import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageByLines } from '@/components/report-document';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { decodeLeanReport, type EmployeeReport, type LeanDetailReport, type LogEntry, type SummaryRow } from '../api/get-report';
import {
  defaultRange,
  documentSearch,
  hhmm,
  monthEnd,
  monthStart,
  parseDocumentSearch,
  requestProblem,
  serverQuery,
  shortName,
  type ReportRequest,
} from '../api/report-request';
import { summaryTotals } from '../components/summary-table';
import { DetailDocumentPage, SummaryDocumentPage } from '../pages/report-document-pages';

const MESSAGES = {
  incomplete: 'Lengkapi form terlebih dahulu!',
  dayRangeTooLong: 'Rentang tanggal maksimal 30 hari.',
  monthRangeTooLong: 'Rentang bulan maksimal satu tahun.',
  futureMonth: 'Bulan tidak boleh setelah bulan ini.',
  reversed: 'Tanggal akhir tidak boleh sebelum tanggal mulai.',
};

const NO_MAN_POWER = { type: '', name: '', team: '', group: '' };

function request(overrides: Partial<ReportRequest> = {}): ReportRequest {
  return {
    kind: 'detail',
    employees: ['A-1'],
    manPower: NO_MAN_POWER,
    activeOnly: false,
    start: '2026-03-01',
    end: '2026-03-10',
    category: '',
    ...overrides,
  };
}

describe('report requests', () => {
  it('defaults to today (days) or this whole month (months)', () => {
    expect(defaultRange('detail', '2026-03-20')).toEqual({ start: '2026-03-20', end: '2026-03-20' });
    expect(defaultRange('summary', '2026-02-10')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthStart('2026-02')).toBe('2026-02-01');
    expect(monthEnd('2024-02')).toBe('2024-02-29');
  });

  it("needs people and dates, 'Lengkapi form terlebih dahulu!' otherwise", () => {
    expect(requestProblem(request(), MESSAGES, '2026-03-20')).toBe('');
    expect(requestProblem(request({ employees: [] }), MESSAGES, '2026-03-20')).toBe(MESSAGES.incomplete);
    const typeOnly = request({ employees: [], manPower: { ...NO_MAN_POWER, type: 'office' } });
    expect(requestProblem(typeOnly, MESSAGES, '2026-03-20')).toBe(MESSAGES.incomplete);
    const placement = request({ employees: [], manPower: { ...NO_MAN_POWER, type: 'office', name: 'Kantor' } });
    expect(requestProblem(placement, MESSAGES, '2026-03-20')).toBe('');
    expect(requestProblem(request({ end: '' }), MESSAGES, '2026-03-20')).toBe(MESSAGES.incomplete);
  });

  it('limits day ranges to 30 days and month ranges to a year that has begun', () => {
    expect(requestProblem(request({ end: '2026-03-31' }), MESSAGES, '2026-03-20')).toBe('');
    expect(requestProblem(request({ end: '2026-04-01' }), MESSAGES, '2026-03-20')).toBe(MESSAGES.dayRangeTooLong);
    expect(requestProblem(request({ start: '2026-03-10', end: '2026-03-01' }), MESSAGES, '2026-03-20')).toBe(MESSAGES.reversed);
    const summary = (start: string, end: string) => request({ kind: 'summary', start, end, category: 'all' });
    expect(requestProblem(summary('2025-04-01', '2026-03-31'), MESSAGES, '2026-03-20')).toBe('');
    expect(requestProblem(summary('2025-03-01', '2026-03-31'), MESSAGES, '2026-03-20')).toBe(MESSAGES.monthRangeTooLong);
    expect(requestProblem(summary('2026-03-01', '2026-04-30'), MESSAGES, '2026-03-20')).toBe(MESSAGES.futureMonth);
  });

  it('sends employee_id as a JSON object of numbered keys, or the man power fields as strings', () => {
    expect(serverQuery(request({ employees: ['A-1', 'B-2'] }))).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      employee_id: '{"0":"A-1","1":"B-2"}',
    });
    const placement = request({ employees: [], manPower: { type: 'site', name: 'Site A', team: '', group: '' }, activeOnly: true });
    expect(serverQuery(placement)).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-10',
      man_power: 'site',
      man_power_name: 'Site A',
      man_power_team_name: '',
      man_power_group_name: '',
      man_power_status: '1',
    });
    expect(serverQuery(request({ kind: 'lembur', category: 'holiday' })).category).toBe('holiday');
    expect(serverQuery(request({ kind: 'summary', category: 'overtime' })).category).toBe('overtime');
  });

  it('round-trips through the document address', () => {
    const wanted = request({ kind: 'late', employees: [], manPower: { type: 'office', name: 'Kantor Pusat', team: 'Tim A', group: '' }, category: 'pulang_cepat' });
    const parsed = parseDocumentSearch(new URLSearchParams(documentSearch(wanted)), 'detail-family');
    expect(parsed).toEqual(wanted);
    expect(parseDocumentSearch(new URLSearchParams(documentSearch(wanted)), 'summary')).toBeNull();
    expect(parseDocumentSearch(new URLSearchParams('kind=detail&s=2026-03-01&e=2026-03-02'), 'detail-family')).toBeNull();
  });

  it('formats durations and names', () => {
    expect(hhmm(0)).toBe('00:00');
    expect(hhmm(90)).toBe('01:30');
    expect(hhmm(1750)).toBe('29:10');
    expect(shortName('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
    expect(shortName('Kantor')).toBe('Kantor');
  });

  it('pages a big document by lines without splitting an employee', () => {
    const employees = Array.from({ length: 2000 }, (_, index) => ({ id: index, lines: 30 }));
    const pages = pageByLines(employees, (employee) => employee.lines, 500);
    expect(pages.flat()).toHaveLength(2000);
    expect(Math.max(...pages.map((page) => page.reduce((sum, employee) => sum + employee.lines, 0)))).toBeLessThanOrEqual(500);
    expect(pageByLines([{ lines: 900 }, { lines: 1 }], (item) => item.lines, 500)).toHaveLength(2);
  });
});

const entry: LogEntry = {
  job_title: 'Staf',
  day: '2026-03-02',
  shift: 'Pagi',
  is_shift_off: false,
  check_in: '08:20',
  check_in_location: '-6.200000, 106.800000',
  check_in_distance: 1,
  check_out: '17:00',
  check_out_location: '-6.200000, 106.800000',
  check_out_distance: 1,
  total_late_in_minutes: 20,
  total_early_out_minutes: 0,
  total_lembur_in_minutes: 0,
  total_lembur_workday_in_minutes: 0,
  total_lembur_holiday_in_minutes: 0,
  total_actual_lembur_in_hours: 0,
  total_of_working_hours_in_minutes: 460,
  status: 'Valid',
  keterangan: 'Hadir',
  note_check_in: 'macet',
  note_check_out: '',
  permission_type: '',
  permission_note: '',
  approved: '',
  man_power_name: 'Kantor Pusat',
  man_power_type: 'office',
  man_power_team_name: 'Tim A',
  man_power_group_name: 'Grup 1',
};

const employee: EmployeeReport = {
  employee_number_formatted: 'A-1',
  employee_name: 'Ani Lestari',
  job_title: 'Staf',
  man_power_name: 'Kantor Pusat',
  log: [entry],
  total: {
    days: 1,
    total_late_in_minutes: 20,
    total_early_out_minutes: 0,
    total_lembur_in_minutes: 0,
    total_lembur_workday_in_minutes: 0,
    total_lembur_holiday_in_minutes: 0,
    total_actual_lembur_in_hours: 0,
    total_of_working_hours_in_minutes: 460,
  },
};

const summaryRow = (number: string, late: number): SummaryRow => ({
  employee_number_formatted: number,
  employee_name: `Karyawan ${number}`,
  hari_kerja: 5,
  kehadiran: 4,
  mangkir: 1,
  total_late_in_minutes: late,
  total_early_out_minutes: 0,
  lembur_hari_kerja_in_minutes: 30,
  lembur_hari_libur_in_minutes: 0,
  total_sakit: 0,
  total_cuti: 1,
  total_cuti_tidak_berbayar: 0,
  total_lupa_absen_pulang: 0,
  total_lupa_absen_datang: 0,
});

/** Ani's report as the server's lean answer writes it (server.reports.detail.lean_report). */
const LEAN_COLUMNS = [
  'is_shift_off', 'day', 'shift', 'check_in', 'check_in_location', 'check_in_distance', 'check_out',
  'check_out_location', 'check_out_distance', 'total_late_in_minutes', 'total_early_out_minutes',
  'total_lembur_workday_in_minutes', 'total_lembur_holiday_in_minutes', 'total_actual_lembur_in_hours',
  'total_of_working_hours_in_minutes', 'status', 'keterangan', 'note_check_in', 'note_check_out',
  'man_power_type', 'man_power_name', 'man_power_team_name', 'man_power_group_name',
];
const LEAN_LABELS = ['', 'Pagi', '-6.200000, 106.800000', 'Valid', 'Hadir', 'macet', 'office', 'Kantor Pusat', 'Tim A', 'Grup 1'];
const leanReport: LeanDetailReport = {
  kind: 'detail',
  category: 'all',
  file_name: 'LAPORAN_DETAIL_Ani-Lestari_2026-03-01_sd_2026-03-10',
  start_date: '2026-03-01',
  end_date: '2026-03-10',
  columns: LEAN_COLUMNS,
  labels: LEAN_LABELS,
  total_columns: [
    'days', 'total_late_in_minutes', 'total_early_out_minutes', 'total_lembur_in_minutes', 'total_lembur_workday_in_minutes',
    'total_lembur_holiday_in_minutes', 'total_actual_lembur_in_hours', 'total_of_working_hours_in_minutes',
  ],
  employees: [
    {
      employee_number_formatted: 'A-1',
      employee_name: 'Ani Lestari',
      job_title: 'Staf',
      man_power_name: 'Kantor Pusat',
      log: [[0, 1, 1, 500, 2, 1, 1020, 2, 1, 20, 0, 0, 0, 0, 460, 3, 4, 5, 0, 6, 7, 8, 9]],
      total: [1, 20, 0, 0, 0, 0, 0, 460],
    },
  ],
};

describe('the lean detail answer', () => {
  it('decodes to the v1 entries and totals', () => {
    const decoded = decodeLeanReport(leanReport);
    expect(decoded.employees).toEqual([employee]);
    expect(decoded.file_name).toBe(leanReport.file_name);
  });

  it('reads a missing check-in as empty, days across a month end, and leaves out columns a report omits', () => {
    const decoded = decodeLeanReport({
      ...leanReport,
      start_date: '2026-02-27',
      columns: ['is_shift_off', 'day', 'check_in', 'permission_type'],
      labels: ['', 'Sakit'],
      employees: [{ ...leanReport.employees[0], log: [[1, 2, null, 1], [0, 3, 0, 0]] }],
    });
    const [first, second] = decoded.employees[0].log;
    expect([first.is_shift_off, first.day, first.check_in, first.permission_type]).toEqual([true, '2026-03-01', '', 'Sakit']);
    expect([second.day, second.check_in, second.shift, second.check_out_distance]).toEqual(['2026-03-02', '00:00', '', null]);
  });
});

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/report/attendance-detail/doc', element: <DetailDocumentPage title="Dokumen Laporan Detail" breadcrumb={['Laporan']} /> },
      { path: '/report/attendance-summary/doc', element: <SummaryDocumentPage title="Dokumen Laporan Rangkuman" breadcrumb={['Laporan']} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('report documents', () => {
  it('shows each employee with a totals footer and prints under the file name', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        http_status: 200,
        message: '',
        data: leanReport,
      }),
    );
    renderAt('/report/attendance-detail/doc?kind=detail&emp=A-1&s=2026-03-01&e=2026-03-10');
    const section = await screen.findByRole('region', { name: 'A-1 Ani Lestari' });
    expect(within(section).getByText('macet')).toBeInTheDocument();
    const footer = section.querySelector('tfoot') as HTMLElement;
    expect(within(footer).getByText('00:20')).toBeInTheDocument();
    expect(within(footer).getByText('07:40')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toContain('report/lean?start_date=2026-03-01&end_date=2026-03-10&employee_id=');

    document.title = 'Kehadiran';
    const titles: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => titles.push(document.title));
    await userEvent.click(screen.getByRole('button', { name: 'Cetak' }));
    await vi.waitFor(() => expect(titles).toEqual(['LAPORAN_DETAIL_Ani-Lestari_2026-03-01_sd_2026-03-10']));
    expect(document.title).toBe('Kehadiran');
  });

  it('pages a long summary on screen and sums every row in the footer', async () => {
    const rows = Array.from({ length: 150 }, (_, index) => summaryRow(`E-${String(index).padStart(3, '0')}`, 10));
    expect(summaryTotals(rows).total_late_in_minutes).toBe(1500);
    fetchMock.mockResolvedValue(
      jsonResponse({ http_status: 200, message: '', data: { file_name: 'LAPORAN_RANGKUMAN_Kantor_2026-03-01_sd_2026-03-31', start_date: '2026-03-01', end_date: '2026-03-31', rows } }),
    );
    renderAt('/report/attendance-summary/doc?kind=summary&mpt=office&mpn=Kantor&s=2026-03-01&e=2026-03-31');
    const table = await screen.findByRole('table', { name: 'Laporan Rangkuman Kehadiran' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
    expect(screen.getAllByText('Halaman 1 dari 2')).toHaveLength(2);
    const footer = table.querySelector('tfoot') as HTMLElement;
    expect(within(footer).getByText('25:00')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Berikutnya' })[0]);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(within(table).getByText('E-149')).toBeInTheDocument();
  });

  it('shows only the columns of a summary category', async () => {
    const rows = [summaryRow('E-001', 10)];
    const columns = ['employee_number_formatted', 'employee_name', 'lembur_hari_kerja_in_minutes', 'lembur_hari_libur_in_minutes'];
    fetchMock.mockResolvedValue(
      jsonResponse({ http_status: 200, message: '', data: { category: 'overtime', columns, file_name: 'LAPORAN_RANGKUMAN_Kantor_2026-03-01_sd_2026-03-31', start_date: '2026-03-01', end_date: '2026-03-31', rows } }),
    );
    renderAt('/report/attendance-summary/doc?kind=summary&mpt=office&mpn=Kantor&s=2026-03-01&e=2026-03-31&cat=overtime');
    const table = await screen.findByRole('table', { name: 'Laporan Rangkuman Kehadiran' });
    const headers = Array.from(table.querySelectorAll('thead th')).map((cell) => cell.textContent);
    expect(headers).toEqual(['No', 'ID Karyawan', 'Nama Karyawan', 'Lembur HK', 'Lembur HL']);
    expect(screen.getByText('Kategori: Lembur')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toContain('category=overtime');
  });

  it('sends an incomplete address back to the form without calling the server', async () => {
    renderAt('/report/attendance-summary/doc?kind=summary&s=2026-03-01&e=2026-03-31');
    expect(await screen.findByRole('alert')).toHaveTextContent('Parameter laporan tidak lengkap.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
