import { daysAgo, hhmm, ReportsApi, type DetailReport } from '../../fixtures/reports-api';
import { expect, signedInAs, test } from '../../fixtures/test';
import { ReportDocumentPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

// Issue [5/7]: a long detail document renders what is on screen. A week of the largest seeded site
// (seed_demo: about 140 employees, about 1,000 lines), a past week whatever the hour.
const start = daysAgo(9);
const end = daysAgo(3);
const SITE = { type: 'site', name: 'Site Sangatta Kutai Timur' };
const QUERY = {
  man_power: SITE.type,
  man_power_name: SITE.name,
  man_power_team_name: '',
  man_power_group_name: '',
  man_power_status: '0',
  start_date: start,
  end_date: end,
};
const docUrl = `/report/attendance-detail/doc?${new URLSearchParams({ kind: 'detail', mpt: SITE.type, mpn: SITE.name, s: start, e: end })}`;
const dayText = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** At most this many table rows are in the DOM at once on the screen (a 1280 x 720 window). */
const ROWS_BOUND = 120;

test.describe('windowed detail document', () => {
  let report: DetailReport;
  let lines = 0;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<DetailReport>('report', QUERY);
    await request.dispose();
    lines = report.employees.reduce((sum, employee) => sum + employee.log.length, 0);
    // Long enough that rendering every line would be the old problem.
    expect(report.employees.length).toBeGreaterThan(50);
    expect(lines).toBeGreaterThan(3 * ROWS_BOUND);
  });

  test('renders the rows on screen, shows the last employee after scrolling, and prints every row', async ({ page }) => {
    const doc = new ReportDocumentPage(page);
    await doc.open(docUrl);
    await doc.expectCount(report.employees);
    const first = report.employees[0];
    const last = report.employees[report.employees.length - 1];
    await expect(doc.employee(first.employee_number_formatted, first.employee_name)).toBeVisible();
    // Only the sections around the screen are in the DOM.
    await expect(doc.employee(last.employee_number_formatted, last.employee_name)).toHaveCount(0);
    expect(await doc.rows().count()).toBeLessThanOrEqual(ROWS_BOUND);

    // Scrolled to the end, the last employee's section shows its lines and totals.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const section = doc.employee(last.employee_number_formatted, last.employee_name);
    await expect(section).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    const rows = section.locator('tbody tr');
    await expect(rows).toHaveCount(last.log.length);
    const lastLine = last.log[last.log.length - 1];
    await expect(rows.last().getByRole('cell').first()).toHaveText(String(last.log.length));
    await expect(rows.last().getByRole('cell').nth(1)).toHaveText(dayText(lastLine.day));
    await expect(rows.last()).toBeInViewport();
    await expect(section.locator('tfoot th')).toHaveText(`Total (${last.total.days} hari)`);
    await expect(section.locator('tfoot td').first()).toHaveText(hhmm(last.total.total_late_in_minutes));
    await expect(section.locator('tfoot td').nth(5)).toHaveText(hhmm(last.total.total_of_working_hours_in_minutes));
    await expect(doc.employee(first.employee_number_formatted, first.employee_name)).toHaveCount(0);
    expect(await doc.rows().count()).toBeLessThanOrEqual(ROWS_BOUND);

    // The browser's print renders every row; the screen view comes back after.
    await doc.browserPrint(true);
    await expect(doc.sections()).toHaveCount(report.employees.length);
    await expect(doc.rows()).toHaveCount(lines);
    await doc.browserPrint(false);
    await expect.poll(() => doc.rows().count()).toBeLessThanOrEqual(ROWS_BOUND);

    // The print button prints under the file name, the export still downloads the server's file.
    await doc.stubPrint();
    await page.reload();
    await doc.loaded();
    await doc.print.click();
    await expect.poll(() => doc.printedTitles()).toEqual([report.file_name]);
    const [download] = await Promise.all([page.waitForEvent('download'), doc.csv.click()]);
    expect(download.suggestedFilename()).toBe(`${report.file_name}.csv`);
  });
});
