import { daysAgo, ReportsApi, thisMonth, type DetailReport } from '../../fixtures/reports-api';
import { expect, signedInAs, test } from '../../fixtures/test';
import { Notifications } from '../../pages/notifications';
import { ReportDocumentPage, ReportFormPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

const start = daysAgo(12);
const end = daysAgo(3);
const days = (count: number) => `${count.toLocaleString('id-ID')} hari`;

test.describe('Laporan Detail Lembur form', () => {
  let report: DetailReport;
  let counts: { workday: number; holiday: number };

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<DetailReport>('report/lembur', {
      man_power: 'office',
      man_power_name: 'Kantor Pusat Jakarta',
      start_date: start,
      end_date: end,
      category: 'all',
    });
    const { month, year } = thisMonth();
    counts = await api.get('report/count_lembur', { month: String(month), year: String(year) });
    await request.dispose();
  });

  test('offers the overtime categories and this month’s overtime counts', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail Lembur');
    await form.goto('/report/attendance-detail/overtime');
    await expect(form.category.locator('option')).toHaveText(['Semua', 'Hari Kerja', 'Hari Libur']);
    await expect(form.category).toHaveValue('all');
    await expect(form.activeManPower).toHaveCount(0);
    const panel = page.getByRole('region', { name: 'Lembur Bulan Ini' });
    await expect(panel.locator('dt:text-is("Lembur Hari Kerja") + dd')).toHaveText(days(counts.workday));
    await expect(panel.locator('dt:text-is("Lembur Hari Libur") + dd')).toHaveText(days(counts.holiday));
  });

  test("validates, then opens the overtime document of the placement", async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail Lembur');
    await form.goto('/report/attendance-detail/overtime');
    await form.submit.click();
    await expect(form.employeeSearch).toBeFocused();
    await expect(form.employeeSearch).toHaveAccessibleDescription('Karyawan harus diisi');
    await expect(new Notifications(page).errorPopup()).toHaveCount(0);
    await form.chooseManPower('office', 'Kantor Pusat Jakarta');
    await form.days(start, end);
    await form.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-detail\/doc\?kind=lembur&.*cat=all/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.title('Laporan Detail Lembur')).toBeVisible();
    await expect(page.getByText('Kategori: Semua')).toBeVisible();
    if (report.employees.length === 0) await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
    else await doc.expectCount(report.employees);
  });
});
