import { readCsv, readXlsx } from '../../fixtures/spreadsheet';
import {
  createResignedEmployee,
  daysAgo,
  hhmm,
  previousMonth,
  ReportsApi,
  type ResignedEmployee,
  type SummaryReport,
} from '../../fixtures/reports-api';
import { expect, signedInAs, test } from '../../fixtures/test';
import { Notifications } from '../../pages/notifications';
import { ReportDocumentPage, ReportFormPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

const last = previousMonth();
const HEADER = [
  'ID Karyawan', 'Nama Karyawan', 'Hari Kerja', 'Kehadiran', 'Mangkir', 'Terlambat', 'Pulang Cepat',
  'Lembur HK', 'Lembur HL', 'Sakit', 'Cuti', 'CTB', 'LAP', 'LAD',
];
const DURATIONS = ['total_late_in_minutes', 'total_early_out_minutes', 'lembur_hari_kerja_in_minutes', 'lembur_hari_libur_in_minutes'];
const KEYS = [
  'hari_kerja', 'kehadiran', 'mangkir', ...DURATIONS, 'total_sakit', 'total_cuti', 'total_cuti_tidak_berbayar',
  'total_lupa_absen_pulang', 'total_lupa_absen_datang',
];
const show = (key: string, value: number) => (DURATIONS.includes(key) ? hhmm(value) : value.toLocaleString('id-ID'));

test.describe('Laporan Rangkuman', () => {
  let report: SummaryReport;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<SummaryReport>('report/report_summary', {
      man_power: 'office',
      man_power_name: 'Kantor Pusat Jakarta',
      start_date: last.start,
      end_date: last.end,
    });
    await request.dispose();
    expect(report.rows.length).toBeGreaterThan(25);
    expect(report.rows.length).toBeLessThanOrEqual(100);
  });

  async function openDocument(page: import('@playwright/test').Page): Promise<ReportDocumentPage> {
    const form = new ReportFormPage(page, 'Laporan Rangkuman');
    await form.goto('/report/attendance-summary');
    await form.chooseManPower('office', 'Kantor Pusat Jakarta');
    await form.months(last.month, last.month);
    await form.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-summary\/doc\?kind=summary&/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.summaryTable().locator('tbody tr')).toHaveCount(report.rows.length);
    return doc;
  }

  test("validates the form: 'Lengkapi form terlebih dahulu!' without people, inline on the employee search", async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Rangkuman');
    await form.goto('/report/attendance-summary');
    // The summary's category is its route (the pickers), not a select.
    await expect(page.getByRole('combobox', { name: 'Kategori' })).toHaveCount(0);
    await form.submit.click();
    await expect(page.getByText('Lengkapi form terlebih dahulu!')).toBeVisible();
    await expect(form.employeeSearch).toBeFocused();
    await expect(form.employeeSearch).toHaveAccessibleDescription('Karyawan harus diisi');
    await expect(new Notifications(page).errorPopup()).toHaveCount(0);
  });

  test('one row per employee and a footer summing every column', async ({ page }) => {
    const doc = await openDocument(page);
    await expect(doc.title('Laporan Rangkuman Kehadiran')).toBeVisible();
    await expect(doc.summaryTable().getByRole('columnheader')).toHaveText(['No', ...HEADER]);
    const first = report.rows[0];
    await expect(doc.summaryTable().locator('tbody tr').first().getByRole('cell')).toHaveText([
      '1',
      first.employee_number_formatted,
      first.employee_name,
      ...KEYS.map((key) => show(key, first[key] as number)),
    ]);
    const sums = KEYS.map((key) => show(key, report.rows.reduce((sum, row) => sum + (row[key] as number), 0)));
    await expect(doc.summaryTable().locator('tfoot td')).toHaveText(sums);
  });

  test('Excel and CSV download the server’s files', async ({ page }) => {
    const doc = await openDocument(page);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), doc.excel.click()]);
    expect(xlsx.suggestedFilename()).toBe(`${report.file_name}.xlsx`);
    expect(report.file_name).toBe(`LAPORAN_RANGKUMAN_Kantor-Pusat-Jakarta_${last.start}_sd_${last.end}`);
    const xlsxPath = test.info().outputPath('summary.xlsx');
    await xlsx.saveAs(xlsxPath);
    const book = await readXlsx(xlsxPath);
    expect(book.sheetNames).toEqual(['Sheet']);
    expect(book.title).toBe('Laporan Rangkuman Kehadiran');
    expect(book.titleLines['Dicetak oleh']).toBeTruthy();
    expect(book.header).toEqual(HEADER);
    expect(book.freezePanes).toBe(`A${book.headerRow + 1}`);
    expect(book.data).toHaveLength(report.rows.length);
    const lastColumn = String.fromCharCode(64 + HEADER.length);
    expect(book.filterRef).toBe(`A${book.headerRow}:${lastColumn}${book.headerRow + report.rows.length}`);
    // Terlambat summed over the data rows (minutes) is the report's figure; the totals row is a SUBTOTAL.
    const late = report.rows.reduce((sum, row) => sum + (row.total_late_in_minutes as number), 0);
    expect(book.data.reduce((sum, row) => sum + (row[5] as number), 0)).toBe(late);
    expect(book.totals?.[5]).toBe(`=SUBTOTAL(109,F${book.headerRow + 1}:F${book.headerRow + report.rows.length})`);
    expect(book.data[0].slice(0, 5)).toEqual([
      report.rows[0].employee_number_formatted,
      report.rows[0].employee_name,
      report.rows[0].hari_kerja,
      report.rows[0].kehadiran,
      report.rows[0].mangkir,
    ]);

    const [csv] = await Promise.all([page.waitForEvent('download'), doc.csv.click()]);
    expect(csv.suggestedFilename()).toBe(`${report.file_name}.csv`);
    const csvPath = test.info().outputPath('summary.csv');
    await csv.saveAs(csvPath);
    const rows = await readCsv(csvPath);
    expect(rows[0]).toEqual(HEADER.map((label, index) => (index >= 5 && index <= 8 ? `${label} (menit)` : label)));
    expect(rows).toHaveLength(report.rows.length + 1);
    expect(rows[1][5]).toBe(String(report.rows[0].total_late_in_minutes));
  });

  test('print uses the file name as the title; the page break splits printed pages of 25 rows', async ({ page }) => {
    const doc = new ReportDocumentPage(page);
    await doc.stubPrint();
    await openDocument(page);
    await expect(page).toHaveTitle(/Dokumen Laporan Rangkuman/);
    await doc.print.click();
    await expect.poll(() => doc.printedTitles()).toEqual([report.file_name]);
    await expect(page).toHaveTitle(/Dokumen Laporan Rangkuman/);
    const breaks = () =>
      doc.summaryTable().evaluate((table) =>
        Array.from(table.querySelectorAll('tbody')).map((body) => getComputedStyle(body).breakBefore),
      );
    const groups = Math.ceil(report.rows.length / 25);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    expect(await breaks()).toEqual(Array.from({ length: groups }, () => 'auto'));
    await page.emulateMedia({ media: 'screen' });
    await doc.pageBreak.check();
    await expect(doc.document).toHaveAttribute('data-page-break', 'on');
    await page.emulateMedia({ media: 'print' });
    expect(await breaks()).toEqual(['auto', ...Array.from({ length: groups - 1 }, () => 'page')]);
    // Row numbers run on across the printed pages.
    await expect(doc.summaryTable().locator('tbody tr').nth(25).getByRole('cell').first()).toHaveText('26');
    await page.emulateMedia({ media: 'screen' });
  });
});

test.describe('Laporan Rangkuman, the category pickers', () => {
  const CATEGORIES = [
    { path: 'overtime', label: 'Lembur', title: 'Laporan Rangkuman Lembur', header: ['Lembur HK', 'Lembur HL'] },
    { path: 'permission', label: 'Izin', title: 'Laporan Rangkuman Izin', header: ['Sakit', 'Cuti', 'CTB', 'LAP', 'LAD'] },
    { path: 'undisciplined', label: 'Tidak Disiplin', title: 'Laporan Rangkuman Tidak Disiplin', header: ['Terlambat', 'Pulang Cepat'] },
  ] as const;

  for (const category of CATEGORIES) {
    test(`/report/attendance-summary/${category.path}: its picker, its rows and its columns`, async ({ page }) => {
      const form = new ReportFormPage(page, 'Laporan Rangkuman');
      await form.goto('/report/attendance-summary');
      const pickers = page.getByRole('navigation', { name: 'Kategori rangkuman' });
      await expect(pickers.getByRole('link')).toHaveText(['Semua', 'Lembur', 'Izin', 'Tidak Disiplin']);
      await expect(pickers.getByRole('link', { name: 'Semua' })).toHaveAttribute('aria-current', 'page');
      await pickers.getByRole('link', { name: category.label }).click();
      await expect(page).toHaveURL(new RegExp(`/report/attendance-summary/${category.path}$`));
      await expect(page.getByRole('heading', { name: category.title, level: 1 })).toBeVisible();
      await expect(pickers.getByRole('link', { name: category.label })).toHaveAttribute('aria-current', 'page');
      await form.chooseManPower('office', 'Kantor Pusat Jakarta');
      await form.months(last.month, last.month);
      const answer = page.waitForResponse((response) => response.url().includes('/report/report_summary?'));
      await form.submit.click();
      const body = (await (await answer).json()) as { data: SummaryReport & { category: string; columns: string[] } };
      expect(new URL((await answer).url()).searchParams.get('category')).toBe(category.path);
      await expect(page).toHaveURL(new RegExp(`/report/attendance-summary/doc\\?kind=summary&.*cat=${category.path}`));
      const doc = new ReportDocumentPage(page);
      await doc.loaded();
      await expect(doc.summaryTable().getByRole('columnheader')).toHaveText(['No', 'ID Karyawan', 'Nama Karyawan', ...category.header]);
      await expect(doc.summaryTable().locator('tbody tr')).toHaveCount(body.data.rows.length);
      // Every row kept has something in the category's columns.
      const keys = body.data.columns.slice(2);
      for (const row of body.data.rows) expect(keys.some((key) => (row[key] as number) > 0)).toBe(true);
    });
  }
});

test.describe('Laporan Rangkuman, Karyawan Sudah Resign', () => {
  let resigned: ResignedEmployee;
  let report: SummaryReport;
  let months: { start: string; end: string };

  test.beforeAll(async ({ playwright }) => {
    resigned = await createResignedEmployee(daysAgo(6), daysAgo(3));
    months = { start: resigned.start.slice(0, 7), end: resigned.end.slice(0, 7) };
    const [year, month] = months.end.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<SummaryReport>('report/report_summary', {
      employee_id: JSON.stringify({ 0: resigned.number }),
      start_date: `${months.start}-01`,
      end_date: lastDay,
    });
    await request.dispose();
    expect(report.rows).toHaveLength(1);
    // Four worked days, each checked in at 08:20 on an 08:00 shift.
    expect(report.rows[0].kehadiran).toBe(4);
    expect(report.rows[0].total_late_in_minutes).toBeGreaterThan(0);
  });

  test('a resigned employee: the document shows their row and the footer their totals', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Rangkuman');
    await form.goto('/report/attendance-summary');
    await form.chooseResigned(resigned.number);
    await expect(form.selectedEmployees).toHaveText([`${resigned.number} ${resigned.name}`]);
    await form.months(months.start, months.end);
    await form.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-summary\/doc\?kind=summary&/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    const row = report.rows[0];
    const cells = KEYS.map((key) => show(key, row[key] as number));
    await expect(doc.summaryTable().locator('tbody tr')).toHaveCount(1);
    await expect(doc.summaryTable().locator('tbody tr').getByRole('cell')).toHaveText(['1', resigned.number, resigned.name, ...cells]);
    await expect(doc.summaryTable().locator('tfoot td')).toHaveText(cells);
  });
});
