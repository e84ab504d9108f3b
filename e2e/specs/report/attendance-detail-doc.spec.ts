import { readCsv, readXlsx } from '../../fixtures/spreadsheet';
import { daysAgo, hhmm, ReportsApi, type DetailReport, type SummaryReport } from '../../fixtures/reports-api';
import { expect, signedInAs, test } from '../../fixtures/test';
import { ReportDocumentPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

// A past range for every placement whatever the hour (WIB's today minus 12 .. minus 3), inside the seeded 60 days.
const start = daysAgo(12);
const end = daysAgo(3);
const PLACEMENT = { mpt: 'office', mpn: 'Kantor Pusat Jakarta', mpm: 'Keuangan' };
const QUERY = {
  man_power: 'office',
  man_power_name: 'Kantor Pusat Jakarta',
  man_power_team_name: 'Keuangan',
  man_power_group_name: '',
  man_power_status: '0',
  start_date: start,
  end_date: end,
};
const docUrl = (extra: Record<string, string> = {}) =>
  `/report/attendance-detail/doc?${new URLSearchParams({ kind: 'detail', ...PLACEMENT, s: start, e: end, ...extra }).toString()}`;

const DETAIL_HEADER = [
  'ID Karyawan', 'Nama Karyawan', 'Tanggal', 'Jam Kerja', 'Absen Datang', 'Lokasi Datang', 'Jarak Datang (m)',
  'Absen Pulang', 'Lokasi Pulang', 'Jarak Pulang (m)', 'Terlambat', 'Pulang Cepat', 'Lembur HK', 'Lembur HL',
  'Lembur Aktual (jam)', 'Jam Kerja Total', 'Status', 'Keterangan', 'Catatan Datang', 'Catatan Pulang',
  'Tipe Man Power', 'Man Power', 'Tim', 'Grup',
];

const DURATIONS = ['Terlambat', 'Pulang Cepat', 'Lembur HK', 'Lembur HL', 'Jam Kerja Total'];

const hours = (value: number) => value.toLocaleString('id-ID', { maximumFractionDigits: 2 });

test.describe('attendance detail document', () => {
  let report: DetailReport;
  let lines = 0;
  let summaryLate = 0;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<DetailReport>('report', QUERY);
    const summary = await api.get<SummaryReport>('report/report_summary', QUERY);
    summaryLate = summary.rows.reduce((sum, row) => sum + (row.total_late_in_minutes as number), 0);
    await request.dispose();
    lines = report.employees.reduce((sum, employee) => sum + employee.log.length, 0);
    // The seeded days give the team several employees with days to show.
    expect(report.employees.length).toBeGreaterThan(1);
  });

  test('shows every employee with their lines and a footer of their totals', async ({ page }) => {
    const doc = new ReportDocumentPage(page);
    await doc.open(docUrl());
    await expect(doc.title('Laporan Detail Kehadiran')).toBeVisible();
    await doc.expectCount(report.employees);
    for (const employee of report.employees.slice(0, 3)) {
      const section = await doc.scrollToEmployee(employee.employee_number_formatted, employee.employee_name);
      await expect(section.locator('tbody tr')).toHaveCount(employee.log.length);
      const total = employee.total;
      await expect(section.locator('tfoot td').first()).toHaveText(hhmm(total.total_late_in_minutes));
      await expect(section.locator('tfoot td')).toHaveText([
        hhmm(total.total_late_in_minutes),
        hhmm(total.total_early_out_minutes),
        hhmm(total.total_lembur_workday_in_minutes),
        hhmm(total.total_lembur_holiday_in_minutes),
        hours(total.total_actual_lembur_in_hours),
        hhmm(total.total_of_working_hours_in_minutes),
        '', '', '', '', '', '', '', '',
      ]);
      await expect(section.locator('tfoot th')).toHaveText(`Total (${total.days} hari)`);
    }
  });

  test('Excel downloads the server’s xlsx: a title block, a frozen filtered header, one line per day, the totals under the table', async ({ page }) => {
    const doc = new ReportDocumentPage(page);
    await doc.open(docUrl());
    await doc.expectCount(report.employees);
    const [download] = await Promise.all([page.waitForEvent('download'), doc.excel.click()]);
    expect(download.suggestedFilename()).toBe(`${report.file_name}.xlsx`);
    const path = test.info().outputPath('detail.xlsx');
    await download.saveAs(path);
    const book = await readXlsx(path);
    expect(book.sheetNames).toEqual(['Sheet']);
    // DESIGN §21: the title block, then the header frozen under it with a filter over header and data.
    expect(book.title).toBe('Laporan Detail Kehadiran');
    expect(book.titleLines).toMatchObject({ 'Man Power': 'Kantor Pusat Jakarta', Tim: 'Keuangan', Kategori: 'Semua' });
    expect(book.titleLines['Periode']).toMatch(/^\d{1,2} \S+ \d{4} s\.d\. \d{1,2} \S+ \d{4}$/);
    expect(book.titleLines['Dicetak']).toMatch(/^\d{1,2} \S+ \d{4} \d{2}\.\d{2} WI(B|TA|T)$/);
    expect(book.titleLines['Dicetak oleh']).toBeTruthy();
    expect(book.header).toEqual(DETAIL_HEADER);
    expect(book.freezePanes).toBe(`A${book.headerRow + 1}`);
    expect(book.filterRef).toBe(`A${book.headerRow}:X${book.headerRow + lines}`);
    // One line per day, no total lines among them.
    expect(book.data).toHaveLength(lines);
    const first = report.employees[0];
    expect(book.data[0].slice(0, 3)).toEqual([first.employee_number_formatted, first.employee_name, first.log[0].day]);
    expect(book.data.map((row) => row[2])).not.toContain('Total');
    // A SUM of the duration cells (readXlsx gives their minutes) over the data rows is the summary's figure.
    const late = book.data.reduce((sum, row) => sum + ((row[10] as number | null) ?? 0), 0);
    expect(late).toBe(summaryLate);
    expect(late).toBe(report.employees.reduce((sum, employee) => sum + employee.total.total_late_in_minutes, 0));
    // The totals row under the table sums what a filter leaves visible.
    const range = `K${book.headerRow + 1}:K${book.headerRow + lines}`;
    expect(book.totals?.[0]).toBe('Total');
    expect(book.totals?.[10]).toBe(`=SUBTOTAL(109,${range})`);
  });

  test('CSV downloads the same lines', async ({ page }) => {
    const doc = new ReportDocumentPage(page);
    await doc.open(docUrl());
    await doc.expectCount(report.employees);
    const [download] = await Promise.all([page.waitForEvent('download'), doc.csv.click()]);
    expect(download.suggestedFilename()).toBe(`${report.file_name}.csv`);
    const path = test.info().outputPath('detail.csv');
    await download.saveAs(path);
    const rows = await readCsv(path);
    // Durations as minutes, the unit in the header; no totals rows.
    expect(rows[0]).toEqual(DETAIL_HEADER.map((label) => (DURATIONS.includes(label) ? `${label} (menit)` : label)));
    expect(rows).toHaveLength(1 + lines);
    expect(rows.map((row) => row[2])).not.toContain('Total');
    const late = rows.slice(1).reduce((sum, row) => sum + Number(row[10]), 0);
    expect(late).toBe(summaryLate);
  });

  test('print uses the file name as the title; the page break puts each employee on its own printed page', async ({ page }) => {
    const doc = new ReportDocumentPage(page);
    await doc.stubPrint();
    await doc.open(docUrl());
    await doc.expectCount(report.employees);
    await expect(page).toHaveTitle(/Dokumen Laporan Detail/);
    await doc.print.click();
    await expect.poll(() => doc.printedTitles()).toEqual([report.file_name]);
    await expect(page).toHaveTitle(/Dokumen Laporan Detail/);

    const breaks = () => doc.sections().evaluateAll((sections) => sections.map((section) => getComputedStyle(section).breakBefore));
    // What the printer gets (the browser's print renders every section first).
    await doc.browserPrint(true);
    await expect(doc.sections()).toHaveCount(report.employees.length);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(doc.excel).toBeHidden();
    expect(new Set(await breaks())).toEqual(new Set(['auto']));
    await page.emulateMedia({ media: 'screen' });
    await doc.pageBreak.check();
    await expect(doc.document).toHaveAttribute('data-page-break', 'on');
    await page.emulateMedia({ media: 'print' });
    expect(await breaks()).toEqual(['auto', ...Array.from({ length: report.employees.length - 1 }, () => 'page')]);
    await page.emulateMedia({ media: 'screen' });
    await doc.browserPrint(false);
  });

  test('the overtime variant shows its category and only days with overtime', async ({ page, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    const lembur = await api.get<DetailReport>('report/lembur', { ...QUERY, category: 'workday' });
    await request.dispose();
    const doc = new ReportDocumentPage(page);
    await doc.open(docUrl({ kind: 'lembur', cat: 'workday' }));
    await expect(doc.title('Laporan Detail Lembur')).toBeVisible();
    await expect(page.getByText('Kategori: Hari Kerja')).toBeVisible();
    if (lembur.employees.length === 0) {
      await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
    } else {
      await doc.expectCount(lembur.employees);
      const first = lembur.employees[0];
      await expect(doc.employee(first.employee_number_formatted, first.employee_name).locator('tbody tr')).toHaveCount(first.log.length);
    }
  });

  test('an incomplete address sends the user back to the form', async ({ page }) => {
    await page.goto(`/report/attendance-detail/doc?kind=detail&s=${start}&e=${end}`);
    await expect(page.getByRole('alert')).toContainText('Parameter laporan tidak lengkap.');
    await page.getByRole('link', { name: 'Kembali ke form' }).click();
    await expect(page).toHaveURL(/\/report\/attendance-detail$/);
  });
});
