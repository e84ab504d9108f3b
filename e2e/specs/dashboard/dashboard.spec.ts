import { expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { currentMonthRange, DashboardApi, type DashboardCounts } from '../../fixtures/dashboard-api';
import { checkInEmployees, MobileApp } from '../../fixtures/mobile';
import { expect, signedInAs, test } from '../../fixtures/test';
import { demoUsers } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';
import { DashboardPage, shownNumber, type ApprovalGroup, type ApprovalStat } from '../../pages/dashboard-page';

test.use(signedInAs('admin'));

/** A count as the screens write it (1.234). */
const formatCount = (value: number) => value.toLocaleString('id-ID');

const APPROVAL_FIELDS: [ApprovalGroup, ApprovalStat, (counts: DashboardCounts) => number][] = [
  ['Persetujuan Kehadiran', 'Menunggu Persetujuan', (c) => c.approval.attendance.waiting_approval],
  ['Persetujuan Kehadiran', 'Disetujui', (c) => c.approval.attendance.manual_approval],
  ['Persetujuan Kehadiran', 'Ditolak', (c) => c.approval.attendance.rejected],
  ['Persetujuan Izin', 'Menunggu Persetujuan', (c) => c.approval.izin.waiting_approval],
  ['Persetujuan Izin', 'Disetujui', (c) => c.approval.izin.approved],
  ['Persetujuan Izin', 'Ditolak', (c) => c.approval.izin.rejected],
];

/** Shown minus REST for every approval count: all zeros once the screen shows the server's numbers. */
async function approvalDifferences(dashboard: DashboardPage, api: DashboardApi): Promise<number[]> {
  const counts = await api.counts();
  const shown = await Promise.all(APPROVAL_FIELDS.map(([group, stat]) => shownNumber(dashboard.approvalCount(group, stat))));
  return APPROVAL_FIELDS.map(([, , field], index) => shown[index] - field(counts));
}

test.describe('dashboard widgets', () => {
  test('shows the logo and every widget', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.logo).toBeVisible();
    for (const widget of [dashboard.approval, dashboard.birthdays, dashboard.age, dashboard.undisciplined, dashboard.absent]) {
      await expect(widget).toBeVisible();
    }
  });

  test('the approval summary shows this month’s counts of the server, with Buka links', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const month = new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' }).format(new Date());
    await expect(dashboard.approval).toContainText(`Periode ${month}`);
    await expect.poll(() => approvalDifferences(dashboard, api)).toEqual([0, 0, 0, 0, 0, 0]);

    const counts = await api.counts();
    await dashboard.approvalGroup('Persetujuan Kehadiran').getByRole('link', { name: 'Buka Persetujuan Kehadiran' }).click();
    // The queue on the month's dates: exactly the period's "Menunggu Persetujuan".
    await expect(page).toHaveURL(
      new RegExp(`/approval/attendance\\?start=${counts.queue_month.start}&end=${counts.queue_month.end}$`),
    );
    await page.goBack();
    await dashboard.approvalGroup('Persetujuan Izin').getByRole('link', { name: 'Buka Persetujuan Izin' }).click();
    await expect(page).toHaveURL(/\/approval\/permission$/);
  });

  test('birthdays: three a page, Hari ini / Besok markers, pagination above three', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const birthdays = await api.birthdays();
    // seed_demo puts two birthdays on today and two on tomorrow.
    expect(birthdays.total).toBeGreaterThan(3);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();

    const entries = dashboard.birthdayEntries();
    await expect(entries).toHaveCount(3);
    for (let index = 0; index < 3; index += 1) {
      const row = birthdays.rows[index];
      await expect(entries.nth(index)).toContainText(row.name);
      if (row.keterangan === 'today') await expect(entries.nth(index)).toContainText('Hari ini');
      if (row.keterangan === 'tomorrow') await expect(entries.nth(index)).toContainText('Besok');
      await expect(entries.nth(index).getByRole('img', { name: `Foto ${row.name}` })).toBeVisible();
    }
    expect(birthdays.rows[0].keterangan).toBe('today');

    await dashboard.birthdayPage(2).click();
    await expect(entries.first()).toContainText(birthdays.rows[3].name);
    await expect(entries).toHaveCount(Math.min(3, birthdays.total - 3));
    await expect(dashboard.birthdays).toContainText(`Menampilkan data 4 sampai ${Math.min(6, birthdays.total)} dari ${birthdays.total}`);
  });

  test('birthdays: the empty text when nobody has a birthday soon, and no pagination', async ({ page }) => {
    await page.route('**/api/web/v1/employee/list_birth_day**', (route) =>
      route.fulfill({ json: { http_status: 200, message: '', data: [], recordsTotal: 0, recordsFiltered: 0 } }),
    );
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.birthdays).toContainText('Tidak ada karyawan ulang tahun dalam jangka waktu dekat.');
    await expect(dashboard.birthdays.getByRole('navigation')).toHaveCount(0);
  });

  test('the age donut and its legend show the three age groups of the server', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const ages = await api.ageCounts();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const legend = dashboard.ageLegend();
    await expect(legend).toHaveCount(3);
    await expect(legend.nth(0)).toHaveText(`Di bawah 20 tahun${ages.employee_20} orang`);
    await expect(legend.nth(1)).toHaveText(`20 - 30 tahun${ages.employee_20_30} orang`);
    await expect(legend.nth(2)).toHaveText(`Di atas 30 tahun${ages.employee_30} orang`);
    await expect(dashboard.age.getByRole('img', { name: /^Diagram umur karyawan/ })).toHaveAttribute(
      'aria-label',
      `Diagram umur karyawan: Di bawah 20 tahun ${ages.employee_20}, 20 - 30 tahun ${ages.employee_20_30}, Di atas 30 tahun ${ages.employee_30}`,
    );
  });

  test('undisciplined employees: top 10 of the month, Terlambat by default, Pulang Cepat on its tab', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const { startDate, endDate } = currentMonthRange();
    const late = await api.undisciplined('terlambat', startDate, endDate);
    const early = await api.undisciplined('pulang_cepat', startDate, endDate);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();

    await expect(dashboard.undisciplinedTab('Terlambat')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.undisciplinedTab('Pulang Cepat')).toHaveAttribute('aria-selected', 'false');
    await expect(dashboard.undisciplinedTotal('Total terlambat')).toHaveText(late.totalTerlambat.toLocaleString('id-ID'));
    await expect(dashboard.undisciplinedTotal('Total pulang cepat')).toHaveText(late.totalPulangCepat.toLocaleString('id-ID'));
    const rows = dashboard.undisciplinedRows();
    await expect(rows).toHaveCount(Math.max(1, late.rows.length));
    expect(late.rows.length).toBeLessThanOrEqual(10);
    // The seed has late days every working day; only in the first hours of a month can the month
    // have none yet (then the widget shows the empty state, as the API says).
    if (new Date().getDate() >= 3) expect(late.rows.length).toBeGreaterThan(0);
    if (late.rows.length === 0) {
      await expect(rows.first()).toHaveText('Data tidak ditemukan');
    } else {
      const first = late.rows[0];
      await expect(rows.first().getByRole('cell')).toHaveText(['1', first.employeeNumberFormatted, first.employeeName, `${first.totalDays} hari`, first.totalHoursMinutes]);
    }

    await dashboard.undisciplinedTab('Pulang Cepat').click();
    await expect(dashboard.undisciplinedTab('Pulang Cepat')).toHaveAttribute('aria-selected', 'true');
    if (early.rows.length === 0) {
      await expect(rows.first()).toHaveText('Data tidak ditemukan');
    } else {
      const top = early.rows[0];
      await expect(rows).toHaveCount(early.rows.length);
      await expect(rows.first().getByRole('cell')).toHaveText(['1', top.employeeNumberFormatted, top.employeeName, `${top.totalDays} hari`, top.totalHoursMinutes]);
    }
  });

  test('the absent widget shows "Data tidak tersedia" and opens the month-range modal', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.absent).toContainText('Data tidak tersedia');
    await dashboard.absent.getByRole('button', { name: 'Pilih Periode Laporan' }).click();
    await expect(dashboard.absentModal.dialog).toBeVisible();
    await dashboard.absentModal.cancel.click();
    await expect(dashboard.absentModal.dialog).toBeHidden();
  });
});

test.describe('absent employees modal', () => {
  // The modal works from the browser's today: fix it to Saturday 14 June 2025.
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-06-14T10:00:00+07:00'));
  });

  async function openModal(page: import('@playwright/test').Page) {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.absent.getByRole('button', { name: 'Pilih Periode Laporan' }).click();
    await expect(dashboard.absentModal.dialog).toBeVisible();
    return dashboard.absentModal;
  }

  test('starts at this year so far; months after this month are disabled', async ({ page }) => {
    const modal = await openModal(page);
    await expect(modal.start).toHaveText('Januari 2025');
    await expect(modal.end).toHaveText('Juni 2025');
    await expect(modal.dates).toHaveText('1 Januari 2025 – 30 Juni 2025');
    await expect(modal.month('Juni 2025')).toBeEnabled();
    for (const month of ['Juli 2025', 'Agustus 2025', 'Desember 2025']) await expect(modal.month(month)).toBeDisabled();
    await expect(modal.nextYear).toBeDisabled();
  });

  test('limits the range to one year from the chosen start month', async ({ page }) => {
    const modal = await openModal(page);
    await modal.previousYear.click();
    await modal.month('Maret 2024').click();
    await expect(modal.start).toHaveText('Maret 2024');
    await expect(modal.end).toHaveText('-');
    await expect(modal.confirm).toBeDisabled();
    await expect(modal.month('Januari 2024')).toBeEnabled();
    await modal.nextYear.click();
    await expect(modal.month('Februari 2025')).toBeEnabled();
    await expect(modal.month('Maret 2025')).toBeDisabled();
    await expect(modal.month('Juni 2025')).toBeDisabled();
    await modal.month('Februari 2025').click();
    await expect(modal.end).toHaveText('Februari 2025');
    await expect(modal.dates).toHaveText('1 Maret 2024 – 28 Februari 2025');
    await modal.confirm.click();
    await expect(page).toHaveURL(/\/report\/absent-employees\/doc\?s=2024-03-01&e=2025-02-28$/);
  });

  test('snaps the end to the last day of its month (29 February in a leap year)', async ({ page }) => {
    const modal = await openModal(page);
    await modal.previousYear.click();
    await modal.month('Januari 2024').click();
    await modal.month('Februari 2024').click();
    await expect(modal.dates).toHaveText('1 Januari 2024 – 29 Februari 2024');
    await modal.confirm.click();
    await expect(page).toHaveURL(/\/report\/absent-employees\/doc\?s=2024-01-01&e=2024-02-29$/);
    await expect(page.getByTestId('absent-report-range')).toHaveText('Januari 2024 - Februari 2024');
  });

  test('a click before the chosen start starts the range over', async ({ page }) => {
    const modal = await openModal(page);
    await modal.month('Mei 2025').click();
    await expect(modal.start).toHaveText('Mei 2025');
    await modal.month('Februari 2025').click();
    await expect(modal.start).toHaveText('Februari 2025');
    await expect(modal.end).toHaveText('-');
    await modal.month('Februari 2025').click();
    await expect(modal.dates).toHaveText('1 Februari 2025 – 28 Februari 2025');
  });
});

test.describe('live counts', () => {
  test('a mobile check-in changes the waiting count on screen without a reload', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const [employee] = await checkInEmployees(1, 0);
    const mobile = new MobileApp(request);
    await mobile.signIn(employee);

    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(new AppShell(page).connection('Terhubung')).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => approvalDifferences(dashboard, api)).toEqual([0, 0, 0, 0, 0, 0]);
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
    const waiting = dashboard.approvalCount('Persetujuan Kehadiran', 'Menunggu Persetujuan');
    const before = await shownNumber(waiting);

    expect(await mobile.checkInWaitingApproval()).toBe('waiting_approval');
    await expect.poll(() => shownNumber(waiting), { timeout: 1_500 }).toBeGreaterThan(before);
    await expect.poll(() => approvalDifferences(dashboard, api)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  });

  test('after the socket drops and reconnects the counts are right again, without a reload', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const [employee] = await checkInEmployees(1, 1);
    const mobile = new MobileApp(request);
    await mobile.signIn(employee);
    const servers: Array<{ close: () => Promise<void> }> = [];
    let blocked = false;
    await page.routeWebSocket(/\/ws\/v1\//, (ws) => {
      if (blocked) {
        void ws.close();
        return;
      }
      servers.push(ws.connectToServer());
    });

    const dashboard = new DashboardPage(page);
    const shell = new AppShell(page);
    await dashboard.goto();
    await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
    const waiting = dashboard.approvalCount('Persetujuan Kehadiran', 'Menunggu Persetujuan');
    await expect.poll(() => approvalDifferences(dashboard, api)).toEqual([0, 0, 0, 0, 0, 0]);
    const before = await shownNumber(waiting);

    // Offline while the check-in happens: the push is lost, the reconnect's snapshot repairs it.
    blocked = true;
    await servers[servers.length - 1].close();
    await expect(shell.connection('Terhubung')).toBeHidden();
    expect(await mobile.checkInWaitingApproval()).toBe('waiting_approval');
    await page.waitForTimeout(1_000);
    expect(await shownNumber(waiting)).toBe(before);

    blocked = false;
    await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => shownNumber(waiting)).toBeGreaterThan(before);
    await expect.poll(() => approvalDifferences(dashboard, api)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  });
});

test.describe('a scoped approver (approver.office decides office check-ins only)', () => {
  test.use(signedInAs('approver'));

  test('the card counts its types and says so; each count = its queue = what its Buka opens', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn(demoUsers.approver.email);
    const counts = await api.counts();
    expect(counts.attendance_types).toEqual(['office']);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const group = dashboard.approvalGroup('Persetujuan Kehadiran');
    await expect(group).toContainText('untuk Office');
    const month = dashboard.approvalCount('Persetujuan Kehadiran', 'Menunggu Persetujuan');
    await expect.poll(() => shownNumber(month)).toBe(counts.approval.attendance.waiting_approval);
    const waitingLink = dashboard.queueLink(/^Buka antrean: [\d.]+ menunggu persetujuan · semua tanggal · untuk Office$/);
    const lowRiskLink = dashboard.queueLink(/^Buka antrean: [\d.]+ berisiko rendah · semua tanggal · untuk Office$/);
    await expect(waitingLink).toHaveAccessibleName(
      `Buka antrean: ${formatCount(counts.attendance_waiting)} menunggu persetujuan · semua tanggal · untuk Office`,
    );
    await expect(lowRiskLink).toHaveAccessibleName(
      `Buka antrean: ${formatCount(counts.waiting_low_risk)} berisiko rendah · semua tanggal · untuk Office`,
    );
    // The seed gives the office approver a queue of its own, smaller than the company's.
    expect(counts.attendance_waiting).toBeGreaterThan(0);
    // The menu badge counts the same and says so.
    const shell = new AppShell(page);
    await shell.openGroup('Persetujuan');
    await expect(
      shell.sidebar.getByRole('link', {
        name: `Persetujuan Kehadiran ${formatCount(counts.attendance_waiting)} menunggu persetujuan · semua tanggal · untuk Office`,
      }),
    ).toBeVisible();

    const queue = new ApprovalAttendancePage(page);
    const opens = async (expected: number) => {
      await expect(queue.heading).toBeVisible();
      await queue.table.loaded();
      if (expected === 0) await expect(queue.table.emptyText).toBeVisible();
      else await expect.poll(() => queue.table.total()).toBe(expected);
    };
    await group.getByRole('link', { name: 'Buka Persetujuan Kehadiran' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/approval/attendance\\?start=${counts.queue_month.start}&end=${counts.queue_month.end}$`),
    );
    await opens(counts.approval.attendance.waiting_approval);
    await expect(queue.waitingBadge).toHaveText(
      `${formatCount(counts.attendance_waiting)} menunggu persetujuan · semua tanggal · untuk Office`,
    );

    await dashboard.goto();
    await waitingLink.click();
    await expect(page).toHaveURL(/\/approval\/attendance\?period=all$/);
    await opens(counts.attendance_waiting);

    await dashboard.goto();
    await lowRiskLink.click();
    await expect(page).toHaveURL(/\/approval\/attendance\?period=all&risk=low$/);
    await opens(counts.waiting_low_risk);
    await expect(page.getByRole('region', { name: 'Filter' }).getByRole('combobox', { name: 'Risiko', exact: true })).toHaveValue('low');
  });

  test('axe: the dashboard of a scoped approver, at desktop and phone width', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.queueLink(/^Buka antrean: [\d.]+ berisiko rendah/)).toBeVisible();
    await expectWellFormedAtBothViewports(page, 'dashboard of a scoped approver');
  });
});

test.describe('absent widget without allow_report', () => {
  test.use(signedInAs('approver'));

  test('offers no report range it could not open (the report needs allow_report)', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.absent).toContainText('Data tidak tersedia');
    await expect(dashboard.absent.getByRole('button', { name: 'Pilih Periode Laporan' })).toHaveCount(0);
  });
});
