import { DashboardApi, type AbsentRow } from '../../fixtures/dashboard-api';
import { readCsv, readXlsx } from '../../fixtures/spreadsheet';
import { expect, signedInAs, test, shellTitle } from '../../fixtures/test';
import { AbsentReportPage } from '../../pages/absent-report-page';

test.use(signedInAs('admin'));

const HEADERS = ['ID Karyawan', 'Nama Karyawan', 'Jabatan', 'Man Power', 'Alpa (Mangkir)', 'Sakit', 'Cuti', 'CTB', 'Total'];

/** This year so far, as the dashboard modal opens it by default (server time zone Asia/Jakarta). */
function thisYear(): { startDate: string; endDate: string; label: string } {
  const jakarta = new Date(Date.now() + 7 * 3_600_000);
  const year = jakarta.getUTCFullYear();
  const month = jakarta.getUTCMonth();
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  const name = (m: number) => new Intl.DateTimeFormat('id-ID', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m, 1)));
  const label = month === 0 ? `Januari ${year}` : `Januari ${year} - ${name(month)} ${year}`;
  return { startDate: `${year}-01-01`, endDate: `${year}-${pad(month + 1)}-${pad(last)}`, label };
}

const cellsOf = (row: AbsentRow) => [
  row.employeeNumberFormatted,
  row.employeeName,
  row.jobTitle,
  row.manPowerName,
  row.alpa,
  row.sakit,
  row.cuti,
  row.ctb,
  row.total,
];

test.describe('absent employees document', () => {
  const range = thisYear();
  const fileName = `Karyawan-Tidak-Hadir_${range.startDate}-_${range.endDate}`;
  let rows: AbsentRow[] = [];

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    rows = await (await new DashboardApi(request).signIn()).absentReport(range.startDate, range.endDate);
    await request.dispose();
    // The seeded 60 days hold absences: the document has rows to check.
    expect(rows.length).toBeGreaterThan(1);
  });

  test('shows the title with the month range and the rows of the server', async ({ page }) => {
    const report = new AbsentReportPage(page);
    await report.goto(range.startDate, range.endDate);
    await expect(report.heading).toBeVisible();
    await expect(report.range).toHaveText(range.label);
    await expect(report.headers()).toHaveText(['No', ...HEADERS]);
    await expect(report.rows).toHaveCount(rows.length);
    await expect(report.rows.first().getByRole('cell')).toHaveText(['1', ...cellsOf(rows[0]).map(String)]);
    await expect(report.rows.last().getByRole('cell')).toHaveText([String(rows.length), ...cellsOf(rows[rows.length - 1]).map(String)]);
  });

  test('shows 25 skeleton rows while the report loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/web/v1/report/unattendance_employee?**', async (route) => {
      await held;
      await route.continue();
    });
    const report = new AbsentReportPage(page);
    await report.goto(range.startDate, range.endDate);
    await expect(report.skeletonRows).toHaveCount(25);
    await expect(report.table).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(report.skeletonRows).toHaveCount(0);
    await expect(report.rows).toHaveCount(rows.length);
  });

  test('says "Data tidak ditemukan" for a range without absences', async ({ page }) => {
    const report = new AbsentReportPage(page);
    await report.goto('2020-01-01', '2020-12-31');
    await expect(report.range).toHaveText('Januari 2020 - Desember 2020');
    await expect(report.rows).toHaveCount(1);
    await expect(report.rows.first()).toHaveText('Data tidak ditemukan');
  });

  test('Excel downloads the server’s xlsx: sheet "Sheet", the header and the rows', async ({ page }) => {
    const report = new AbsentReportPage(page);
    await report.goto(range.startDate, range.endDate);
    await expect(report.rows).toHaveCount(rows.length);
    const [download] = await Promise.all([page.waitForEvent('download'), report.excel.click()]);
    expect(download.suggestedFilename()).toBe(`${fileName}.xlsx`);
    const path = test.info().outputPath(`${fileName}.xlsx`);
    await download.saveAs(path);

    const book = await readXlsx(path);
    expect(book.sheetNames).toEqual(['Sheet']);
    expect(book.title).toBe('Laporan Karyawan Tidak Hadir');
    expect(book.titleLines['Periode']).toMatch(/ s\.d\. /);
    expect(book.header).toEqual(HEADERS);
    expect(book.freezePanes).toBe(`A${book.headerRow + 1}`);
    expect(book.filterRef).toBe(`A${book.headerRow}:I${book.headerRow + rows.length}`);
    expect(book.data[0]).toEqual(cellsOf(rows[0]));
    expect(book.data).toHaveLength(rows.length);
    // The counts' totals sit under the table as SUBTOTALs of the data rows.
    expect(book.totals?.[8]).toBe(`=SUBTOTAL(109,I${book.headerRow + 1}:I${book.headerRow + rows.length})`);
  });

  test('CSV downloads the server’s csv with the same header and rows', async ({ page }) => {
    const report = new AbsentReportPage(page);
    await report.goto(range.startDate, range.endDate);
    await expect(report.rows).toHaveCount(rows.length);
    const [download] = await Promise.all([page.waitForEvent('download'), report.csv.click()]);
    expect(download.suggestedFilename()).toBe(`${fileName}.csv`);
    const path = test.info().outputPath(`${fileName}.csv`);
    await download.saveAs(path);

    const csv = await readCsv(path);
    expect(csv[0]).toEqual(HEADERS);
    expect(csv[1]).toEqual(cellsOf(rows[0]).map(String));
    expect(csv).toHaveLength(rows.length + 1);
  });

  test('print uses the file name as the document title, then restores it', async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printedTitles: string[] }).printedTitles ??= [];
        (window as unknown as { printedTitles: string[] }).printedTitles.push(document.title);
      };
    });
    const report = new AbsentReportPage(page);
    await report.goto(range.startDate, range.endDate);
    await expect(report.rows).toHaveCount(rows.length);
    await expect(page).toHaveTitle(shellTitle('Laporan Karyawan Tidak Hadir'));
    await report.print.click();
    expect(await page.evaluate(() => (window as unknown as { printedTitles?: string[] }).printedTitles)).toEqual([fileName]);
    await expect(page).toHaveTitle(shellTitle('Laporan Karyawan Tidak Hadir'));
  });

  test('the page-break toggle breaks the printed table every 25 rows; the shell is not printed', async ({ page }) => {
    const report = new AbsentReportPage(page);
    await report.goto(range.startDate, range.endDate);
    await expect(report.rows).toHaveCount(rows.length);
    expect(rows.length).toBeGreaterThan(25);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
    await expect(report.excel).toBeHidden();

    const breaks = () =>
      report.table.evaluate((table) =>
        Array.from(table.querySelectorAll('tbody')).map((body) => getComputedStyle(body).breakBefore),
      );
    expect(await breaks()).toEqual(['auto']);

    await page.emulateMedia({ media: 'screen' });
    await report.pageBreak.check();
    await expect(report.document).toHaveAttribute('data-page-break', 'on');
    await page.emulateMedia({ media: 'print' });
    const pages = Math.ceil(rows.length / 25);
    expect(await breaks()).toEqual(['auto', ...Array.from({ length: pages - 1 }, () => 'page')]);
    // Row numbers run on across the printed pages.
    await expect(report.rows.nth(25).getByRole('cell').first()).toHaveText('26');

    await page.emulateMedia({ media: 'screen' });
    await report.pageBreak.uncheck();
    await expect(report.document).toHaveAttribute('data-page-break', 'off');
  });

  test('a malformed or too long range shows a message instead of the report', async ({ page }) => {
    const report = new AbsentReportPage(page);
    for (const [start, end] of [
      ['2025-13-01', '2025-12-31'],
      ['2024-01-01', '2025-06-30'],
      ['2025-06-01', '2025-01-31'],
    ]) {
      await report.goto(start, end);
      await expect(page.getByRole('alert')).toContainText('Rentang tanggal laporan tidak valid.');
      await expect(report.table).toHaveCount(0);
    }
  });
});
