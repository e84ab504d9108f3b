import { seededDay } from '../../fixtures/dates';
import { test as base, expect, signedInAs, shellTitle } from '../../fixtures/test';
import { storageStatePath } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';
import { AttendanceLogPage } from '../../pages/attendance-log-page';
import { BackOfficeApi } from '../../pages/back-office-api';
import { MobileApp, randomEmployeeOf } from '../../pages/mobile-app';
import { Notifications } from '../../pages/notifications';

/** doc2 §2.11: the attendance history (log) review: undo, reject a valid log, 'Mundurkan absen'. */

const test = base.extend<{ history: AttendanceLogPage; mobile: MobileApp; backOffice: BackOfficeApi }>({
  history: async ({ page }, use) => use(new AttendanceLogPage(page)),
  mobile: async ({ request }, use) => use(new MobileApp(request)),
  backOffice: async ({ request }, use) => use(new BackOfficeApi(request)),
});

const COLUMNS = [
  'ID Karyawan',
  'Nama',
  'Tanggal',
  'Foto Kehadiran',
  'Tipe Log',
  'Lokasi',
  'Face Recognition',
  'Status',
  'Man Power Name',
];

test.describe('attendance history as admin', () => {
  test.use(signedInAs('admin'));

  test('shows the notice, the status summary by month, the filters and the columns', async ({ history, page }) => {
    await history.goto();
    await expect(page).toHaveTitle(shellTitle('Riwayat Kehadiran'));
    await expect(history.notice).toBeVisible();
    for (const label of ['Disetujui', 'Disetujui Manual', 'Ditolak']) {
      // Counts with the thousands separator (DESIGN §18): '10.622', never '10622'.
      await expect(history.summaryValue(label)).toHaveText(/^\d{1,3}(\.\d{3})*$/);
    }
    const now = new Date();
    await expect(history.month).toHaveAttribute('data-value', `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`);
    await expect(history.month).toHaveValue(new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric' }).format(now));
    const approvedText = await history.summaryValue('Disetujui').innerText();
    const approvedThisMonth = Number(approvedText.replaceAll('.', ''));
    expect(approvedThisMonth).toBeGreaterThan(0);
    expect(approvedText).toBe(new Intl.NumberFormat('id-ID').format(approvedThisMonth));
    await history.month.fill('2000-01');
    await expect(history.summaryValue('Disetujui')).toHaveText('0');

    expect(await history.table.headers()).toEqual(COLUMNS);
    await history.table.columnsMenu.click();
    await page.getByRole('checkbox', { name: 'Kode Pola Shift' }).check();
    await expect(history.table.columnHeader('Kode Pola Shift')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Man Power Name' }).uncheck();
    await expect(history.table.columnHeader('Man Power Name')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // From yesterday: today holds no decided check-ins yet shortly after midnight (fixtures/dates.ts).
    await history.startDate.fill(seededDay());
    await history.status.selectOption({ label: 'Ditolak' });
    await expect(history.table.cells(8).filter({ hasNotText: 'Ditolak' })).toHaveCount(0);
    await history.status.selectOption({ label: 'Disetujui' });
    await expect(history.table.cells(8).first()).toHaveText('Disetujui');
    await expect(history.table.cells(8).filter({ hasNotText: /^Disetujui$/ })).toHaveCount(0);
    await history.logType.selectOption({ label: 'Check Out' });
    await expect(history.table.cells(5).filter({ hasNotText: 'Check Out' })).toHaveCount(0);

    const placement = (await history.manPower.locator('option').nth(1).textContent()) ?? '';
    await history.manPower.selectOption({ label: placement });
    await history.table.loaded();
    await expect(history.table.summary).toBeVisible();
  });

  test('undo puts a decided log back in the open approval queue, live', async ({
    history,
    mobile,
    backOffice,
    browser,
    page,
  }) => {
    const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));
    await backOffice.approveLog('admin', checkIn.hash_id);

    const context = await browser.newContext({ storageState: storageStatePath('approver') });
    try {
      const approverPage = await context.newPage();
      const queue = new ApprovalAttendancePage(approverPage);
      await queue.goto();
      await expect(new AppShell(approverPage).connection('Terhubung')).toBeVisible();
      await expect(queue.rowOf(checkIn)).toHaveCount(0);

      await history.goto();
      await history.status.selectOption({ label: 'Disetujui Manual' });
      await history.table.open(history.rowOf(checkIn));
      await expect(history.modal.dialog).toBeVisible();
      await expect(history.modal.dialog.getByText('Disetujui Manual')).toBeVisible();
      await expect(history.modal.reject).toHaveCount(0);
      await history.modal.undo.click();
      await history.modal.confirmUndo().click();
      // The toast (3 s) and the approver's highlight of the returned row (4 s) are both brief: watch them together.
      await Promise.all([
        expect(new Notifications(page).toast('Absen dikembalikan ke tahap persetujuan.')).toBeVisible(),
        expect(queue.rowOf(checkIn)).toHaveClass(/data-table-row-new/),
      ]);
      await expect(history.modal.dialog).toBeHidden();
      await expect(history.rowOf(checkIn)).toHaveCount(0);
      await expect(queue.rowOf(checkIn)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a rejected log shows its rejection note read-only and can be undone, not rejected', async ({
    history,
    mobile,
    backOffice,
  }) => {
    const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('pool'));
    await backOffice.rejectLog('admin', checkIn.hash_id, 'Foto tidak jelas (uji e2e)');
    await history.goto();
    await history.status.selectOption({ label: 'Ditolak' });
    await history.table.open(history.rowOf(checkIn));
    await expect(history.modal.rejectedNote).toHaveValue('Foto tidak jelas (uji e2e)');
    await expect(history.modal.rejectedNote).toHaveAttribute('readonly', '');
    await expect(history.modal.undo).toBeVisible();
    await expect(history.modal.reject).toHaveCount(0);
  });

  test('an approved log can be rejected with a note', async ({ history, page }) => {
    await history.goto();
    await history.startDate.fill(seededDay());
    await history.status.selectOption({ label: 'Disetujui' });
    await history.logType.selectOption({ label: 'Check In' });
    await expect(history.table.cells(8).first()).toHaveText('Disetujui');
    const row = history.table.rows.first();
    const number = await row.locator('td').nth(0).innerText();
    const time = (await row.locator('td').nth(2).innerText()).split('\n').pop() ?? '';
    await row.click();

    const modal = history.modal;
    await expect(modal.undo).toHaveCount(0);
    await modal.reject.click();
    await expect(modal.rejectNote).toBeVisible();
    await modal.reject.click();
    await expect(modal.problem).toHaveText('Catatan penolakan harus diisi');
    await modal.cancel.click();
    await expect(modal.rejectNote).toBeHidden();
    await modal.reject.click();
    await modal.rejectNote.fill('Ternyata titip absen (uji e2e)');
    await modal.reject.click();
    await expect(new Notifications(page).toast('Absen berhasil ditolak.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();

    await history.status.selectOption({ label: 'Ditolak' });
    // The day's rejected logs can pass one page (other specs of the worker reject too): narrowed to
    // the employee, the log is on the first page whatever came before.
    await history.table.globalSearch.fill(number);
    await history.table.loaded();
    await history.table.open(history.table.row(number, time));
    await expect(modal.rejectedNote).toHaveValue('Ternyata titip absen (uji e2e)');
  });

  test("'Mundurkan absen' moves the log to the day before and back", async ({ history, mobile, backOffice, page }) => {
    const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));
    await backOffice.approveLog('admin', checkIn.hash_id);
    await history.goto();
    await history.table.open(history.rowOf(checkIn));
    await history.modal.openTab('Detail Shift');
    const toggle = history.modal.differentDay;
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(new Notifications(page).toast('Absen dimundurkan ke hari sebelumnya.')).toBeVisible();
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(new Notifications(page).toast('Absen dikembalikan ke tanggalnya.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });

  test("a failed 'Mundurkan absen' closes the modal", async ({ history, page }) => {
    await page.route('**/api/web/v1/attendance_log/set_non_working_shift', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ http_status: 422, message: 'Absen tidak dapat dimundurkan.', errors: {} }),
      }),
    );
    await history.goto();
    await history.startDate.fill(seededDay());
    await history.table.open(history.table.rows.first());
    await history.modal.openTab('Detail Shift');
    await history.modal.differentDay.click();
    await expect(new Notifications(page).errorPopup('Absen tidak dapat dimundurkan.')).toBeVisible();
    await expect(history.modal.dialog).toBeHidden();
  });
});
