import {
  createResignedEmployee,
  daysAgo,
  hhmm,
  ReportsApi,
  thisMonth,
  type DetailReport,
  type ResignedEmployee,
} from '../../fixtures/reports-api';
import { expectNoAxeViolations, expectWellFormed } from '../../fixtures/axe';
import { expect, signedInAs, test } from '../../fixtures/test';
import { Notifications } from '../../pages/notifications';
import { ReportDocumentPage, ReportFormPage } from '../../pages/report-pages';

test.use(signedInAs('admin'));

const days = (count: number) => `${count.toLocaleString('id-ID')} hari`;
const start = daysAgo(12);
const end = daysAgo(3);

interface PermissionCounts {
  cuti: number;
  cuti_tidak_berbayar: number;
  lupa_absen_datang: number;
  lupa_absen_pulang: number;
}

test.describe('Laporan Detail form', () => {
  let team: DetailReport;
  let counts: PermissionCounts;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    team = await api.get<DetailReport>('report', {
      man_power: 'office',
      man_power_name: 'Kantor Pusat Jakarta',
      man_power_team_name: 'Keuangan',
      man_power_status: '1',
      start_date: start,
      end_date: end,
    });
    const { month, year } = thisMonth();
    counts = await api.get<PermissionCounts>('report/count_permission', { month: String(month), year: String(year) });
    await request.dispose();
    expect(team.employees.length).toBeGreaterThan(1);
  });

  test("'Tampilkan' without people names and focuses the employee search inline (no popup) and stays", async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    // Default range: today to today.
    await expect(form.startDate).not.toHaveValue('');
    expect(await form.endDate.inputValue()).toBe(await form.startDate.inputValue());
    await form.submit.click();
    // DESIGN §18: the field named and focused, the spec's words above the form, no popup.
    await expect(form.employeeSearch).toBeFocused();
    await expect(form.employeeSearch).toHaveAttribute('aria-invalid', 'true');
    await expect(form.employeeSearch).toHaveAccessibleDescription('Karyawan harus diisi');
    await expect(page.getByText('Lengkapi form terlebih dahulu!')).toBeVisible();
    await expect(new Notifications(page).errorPopup()).toHaveCount(0);
    await expectNoAxeViolations(page, 'detail report form with inline errors');
    await expect(page).toHaveURL(/\/report\/attendance-detail$/);
    // The message follows the input: one employee chosen, it is gone.
    await form.chooseEmployee(team.employees[0].employee_number_formatted);
    await expect(page.getByText('Karyawan harus diisi')).toHaveCount(0);
    await expect(page.getByText('Lengkapi form terlebih dahulu!')).toHaveCount(0);
  });

  test('a man power type without its name is incomplete; more than 30 days is refused', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    await form.manPowerSection.click();
    await form.manPowerType.selectOption('office');
    await expect(form.manPowerName).toBeEnabled();
    await form.submit.click();
    await expect(form.manPowerName).toBeFocused();
    await expect(form.manPowerName).toHaveAccessibleDescription('Man Power harus diisi');
    await expect(new Notifications(page).errorPopup()).toHaveCount(0);
    await form.manPowerName.selectOption('Kantor Pusat Jakarta');
    await form.days(daysAgo(40), daysAgo(3));
    await form.submit.click();
    await expect(form.endDate).toBeFocused();
    await expect(form.endDate).toHaveAccessibleDescription('Rentang tanggal maksimal 30 hari.');
    await expect(new Notifications(page).errorPopup()).toHaveCount(0);
    await expect(page).toHaveURL(/\/report\/attendance-detail$/);
  });

  test('opening another section clears the chosen employees', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    const first = team.employees[0];
    await form.chooseEmployee(first.employee_number_formatted);
    await expect(form.selectedEmployees).toHaveCount(1);
    await form.manPowerSection.click();
    await expect(form.manPowerType).toBeVisible();
    await form.employeesSection.click();
    await expect(form.employeeSearch).toBeVisible();
    await expect(form.employeeSearch).toHaveValue('');
    await expect(form.selectedEmployees).toHaveCount(0);
  });

  test('one employee: the document shows them under a file name of their name', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    const first = team.employees[0];
    await form.chooseEmployee(first.employee_number_formatted);
    await form.days(start, end);
    await form.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-detail\/doc\?kind=detail&emp=/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.sections()).toHaveCount(1);
    await expect(doc.employee(first.employee_number_formatted, first.employee_name).locator('tbody tr')).toHaveCount(
      first.log.length,
    );
  });

  test('a man power team with Man Power Aktif: the document lists the team', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    await form.chooseManPower('office', 'Kantor Pusat Jakarta', 'Keuangan');
    await expect(form.activeManPower).toBeChecked();
    await form.days(start, end);
    await form.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-detail\/doc\?kind=detail&mpt=office/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.title('Laporan Detail Kehadiran')).toBeVisible();
    await doc.expectCount(team.employees);
  });

  test('the side panel shows this month’s permission statistics and opens the sub-reports', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    const panel = page.getByRole('region', { name: 'Statistik Izin Bulan Ini' });
    const value = (label: string) => panel.locator(`dt:text-is("${label}") + dd`);
    await expect(value('Cuti')).toHaveText(days(counts.cuti));
    await expect(value('Cuti Tidak Berbayar')).toHaveText(days(counts.cuti_tidak_berbayar));
    await expect(value('Lupa Absen Datang')).toHaveText(days(counts.lupa_absen_datang));
    await expect(value('Lupa Absen Pulang')).toHaveText(days(counts.lupa_absen_pulang));
    const links = page.getByRole('navigation', { name: 'Laporan lain' });
    await links.getByRole('link', { name: 'Laporan Lembur' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Laporan Detail Lembur' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Laporan lain' }).getByRole('link', { name: 'Laporan Izin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Laporan Detail Izin' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Laporan lain' }).getByRole('link', { name: 'Laporan Tidak Disiplin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Laporan Detail Tidak Disiplin' })).toBeVisible();
  });

  test('the form is well formed (axe, no horizontal overflow)', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    await expect(page.getByRole('region', { name: 'Statistik Izin Bulan Ini' }).locator('dd').first()).not.toHaveAttribute('aria-busy', 'true');
    await form.manPowerSection.click();
    await expect(form.activeManPower).toBeVisible();
    await expectWellFormed(page, 'Laporan Detail');
  });
});

test.describe('Laporan Detail form, Karyawan Sudah Resign', () => {
  let resigned: ResignedEmployee;
  let report: DetailReport;

  test.beforeAll(async ({ playwright }) => {
    // Four worked days, each checked in at 08:20 on an 08:00 shift: late every day.
    resigned = await createResignedEmployee(daysAgo(6), daysAgo(3));
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const api = await new ReportsApi(request).signIn();
    report = await api.get<DetailReport>('report', {
      employee_id: JSON.stringify({ 0: resigned.number }),
      start_date: resigned.start,
      end_date: resigned.end,
    });
    await request.dispose();
    expect(report.employees).toHaveLength(1);
    expect(report.employees[0].log).toHaveLength(4);
    expect(report.employees[0].total.total_late_in_minutes).toBeGreaterThan(0);
  });

  test('a resigned employee is found only in their own section, and the document shows their days and totals', async ({ page }) => {
    const form = new ReportFormPage(page, 'Laporan Detail');
    await form.goto('/report/attendance-detail');
    // The active employees' search does not know them.
    await form.employeeSearch.fill(resigned.number);
    await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
    await form.chooseResigned(resigned.number);
    await expect(form.selectedEmployees).toHaveText([`${resigned.number} ${resigned.name}`]);
    await form.days(resigned.start, resigned.end);
    await form.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-detail\/doc\?kind=detail&emp=/);
    const doc = new ReportDocumentPage(page);
    await doc.loaded();
    await expect(doc.sections()).toHaveCount(1);
    const section = doc.employee(resigned.number, resigned.name);
    const { log, total } = report.employees[0];
    await expect(section.locator('tbody tr')).toHaveCount(log.length);
    await expect(section.locator('tfoot th')).toHaveText(`Total (${total.days} hari)`);
    await expect(section.locator('tfoot td').nth(0)).toHaveText(hhmm(total.total_late_in_minutes));
    await expect(section.locator('tfoot td').nth(1)).toHaveText(hhmm(total.total_early_out_minutes));
    await expect(section.locator('tfoot td').nth(2)).toHaveText(hhmm(total.total_lembur_workday_in_minutes));
    await expect(section.locator('tfoot td').nth(5)).toHaveText(hhmm(total.total_of_working_hours_in_minutes));
  });
});
