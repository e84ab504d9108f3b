import { previousMonth, ReportsApi, thisMonth, type DetailReport } from '../../fixtures/reports-api';
import { expect, signedInAs, test } from '../../fixtures/test';
import { ReportDocumentPage, ReportFormPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

const last = previousMonth();

interface Card {
  total: number;
  percentage: number;
}

test.describe('Laporan Detail Tidak Disiplin form', () => {
  let report: DetailReport;
  let late: Card;
  let early: Card;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<DetailReport>('report/late', {
      man_power: 'office',
      man_power_name: 'Kantor Pusat Jakarta',
      start_date: last.start,
      end_date: last.end,
      category: 'datang_terlambat',
    });
    const { month, year } = thisMonth();
    late = await api.get<Card>('attendance_log/count_late_in', { month: String(month), year: String(year) });
    early = await api.get<Card>('attendance_log/count_early_out', { month: String(month), year: String(year) });
    await request.dispose();
  });

  test('the Datang Terlambat and Pulang Cepat cards show a total and a percentage', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail Tidak Disiplin');
    await form.goto('/report/attendance-detail/undisciplined');
    for (const [name, card] of [['Datang Terlambat', late], ['Pulang Cepat', early]] as const) {
      const region = page.getByRole('region', { name });
      await expect(region).toContainText(`${card.total.toLocaleString('id-ID')} hari`);
      await expect(region).toContainText(`${card.percentage.toLocaleString('id-ID')}% dari kehadiran hari kerja`);
      await expect(region.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(card.percentage));
    }
    await expect(form.category.locator('option')).toHaveText(['Semua', 'Datang Terlambat', 'Pulang Cepat']);
  });

  test('opens last month’s late arrivals of the placement', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail Tidak Disiplin');
    await form.goto('/report/attendance-detail/undisciplined');
    await form.chooseManPower('office', 'Kantor Pusat Jakarta');
    await form.months(last.month, last.month);
    await form.category.selectOption('datang_terlambat');
    await form.submit.click();
    await expect(page).toHaveURL(/kind=late&.*cat=datang_terlambat/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.title('Laporan Detail Tidak Disiplin')).toBeVisible();
    await expect(page.getByText('Kategori: Datang Terlambat')).toBeVisible();
    if (report.employees.length === 0) {
      await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
      return;
    }
    await doc.expectCount(report.employees);
    const first = report.employees[0];
    await expect(doc.employee(first.employee_number_formatted, first.employee_name).locator('tbody tr')).toHaveCount(
      first.log.length,
    );
  });
});
