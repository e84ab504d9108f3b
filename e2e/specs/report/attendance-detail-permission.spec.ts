import { previousMonth, ReportsApi, thisMonth, type DetailReport } from '../../fixtures/reports-api';
import { expect, signedInAs, test } from '../../fixtures/test';
import { Notifications } from '../../pages/notifications';
import { ReportDocumentPage, ReportFormPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

const last = previousMonth();
const days = (count: number) => `${count.toLocaleString('id-ID')} hari`;

test.describe('Laporan Detail Izin form', () => {
  let report: DetailReport;
  let types: { code: string; name: string }[];
  let counts: { cuti: number; lupa_absen_pulang: number };

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<DetailReport>('report/permission', {
      man_power: 'site',
      man_power_name: 'Site Sangatta Kutai Timur',
      start_date: last.start,
      end_date: last.end,
      category: 'all',
    });
    types = await api.get('permission/type_list', {});
    const { month, year } = thisMonth();
    counts = await api.get('report/count_permission', { month: String(month), year: String(year) });
    await request.dispose();
  });

  test('offers Semua and the permission types; the month range defaults to this month', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail Izin');
    await form.goto('/report/attendance-detail/permission');
    await expect(form.category.locator('option')).toHaveText(['Semua', ...types.map((type) => type.name)]);
    const { month, year } = thisMonth();
    const current = `${year}-${String(month).padStart(2, '0')}`;
    await expect(form.startMonth).toHaveAttribute('data-value', current);
    await expect(form.endMonth).toHaveAttribute('data-value', current);
    const panel = page.getByRole('region', { name: 'Statistik Izin Bulan Ini' });
    await expect(panel.locator('dt:text-is("Cuti") + dd')).toHaveText(days(counts.cuti));
    await expect(panel.locator('dt:text-is("Lupa Absen Pulang") + dd')).toHaveText(days(counts.lupa_absen_pulang));
  });

  test('refuses more than a year of months, then opens last month’s permission document', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail Izin');
    await form.goto('/report/attendance-detail/permission');
    await form.chooseManPower('site', 'Site Sangatta Kutai Timur');
    const [year, month] = last.month.split('-').map(Number);
    const yearBefore = `${year - 1}-${String(month).padStart(2, '0')}`;
    await form.months(yearBefore, last.month);
    await form.submit.click();
    await expect(form.endMonth).toBeFocused();
    await expect(form.endMonth).toHaveAccessibleDescription('Rentang bulan maksimal satu tahun.');
    await expect(new Notifications(page).errorPopup()).toHaveCount(0);
    await form.months(last.month, last.month);
    await form.submit.click();
    await expect(page).toHaveURL(new RegExp(`kind=permission&.*s=${last.start}&e=${last.end}&cat=all`));
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.title('Laporan Detail Izin')).toBeVisible();
    if (report.employees.length === 0) {
      await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
      return;
    }
    await doc.expectCount(report.employees);
    const first = report.employees[0];
    const section = doc.employee(first.employee_number_formatted, first.employee_name);
    await expect(section.locator('tbody tr')).toHaveCount(first.log.length);
    await expect(section.locator('tbody tr').first().getByRole('cell').nth(2)).toHaveText(first.log[0].permission_type);
  });
});
