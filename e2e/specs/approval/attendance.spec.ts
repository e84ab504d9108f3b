import type { Browser, Page } from '@playwright/test';
import { test as base, expect, signedInAs, shellTitle } from '../../fixtures/test';
import { shownDate, shownTime } from '../../fixtures/dates';
import { storageStatePath, type Role } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';
import { BackOfficeApi } from '../../pages/back-office-api';
import { MobileApp, randomEmployeeOf } from '../../pages/mobile-app';
import { Notifications } from '../../pages/notifications';

/** doc2 §2.9 and issue 4: the live attendance approval queue. */

const test = base.extend<{ queue: ApprovalAttendancePage; mobile: MobileApp; backOffice: BackOfficeApi }>({
  queue: async ({ page }, use) => use(new ApprovalAttendancePage(page)),
  mobile: async ({ request }, use) => use(new MobileApp(request)),
  backOffice: async ({ request }, use) => use(new BackOfficeApi(request)),
});

const COLUMNS = ['Pilih', 'Risiko', 'Alasan', 'ID Karyawan', 'Nama', 'Tanggal', 'Foto Kehadiran', 'Tipe Log', 'Lokasi', 'Face Recognition', 'Menunggu sejak'];
/** A column's position (1-based) in the queue's table. */
const column = (header: (typeof COLUMNS)[number]) => COLUMNS.indexOf(header) + 1;

function localDate(offsetMonths = 0): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() + offsetMonths, now.getDate());
  if (day.getDate() !== now.getDate()) day.setDate(0);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** Today in WIT (the latest placement today), `offsetMonths` calendar months away (clamped like the server). */
function latestPlacementToday(offsetMonths = 0): string {
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jayapura' })
    .format(new Date())
    .split('-')
    .map(Number);
  const day = new Date(year, month - 1 + offsetMonths, date);
  if (day.getDate() !== date) day.setDate(0);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function percent(text: string): number {
  return Number(text.replace('%', '').replace(/\./g, '').replace(',', '.'));
}

/** A second approver's own browser context on the queue, with its stored session. */
async function openQueueAs(
  browser: Browser,
  role: Role,
): Promise<{ page: Page; queue: ApprovalAttendancePage; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  const page = await context.newPage();
  const queue = new ApprovalAttendancePage(page);
  await queue.goto();
  await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
  return { page, queue, close: () => context.close() };
}

test.describe('attendance approval as admin', () => {
  test.use(signedInAs('admin'));

  test('shows the notice, the columns, the two-month date window and the live waiting count', async ({
    queue,
    page,
  }) => {
    await queue.goto();
    await expect(page).toHaveTitle(shellTitle('Persetujuan Kehadiran'));
    await expect(queue.notice).toBeVisible();
    expect(await queue.table.headers()).toEqual(COLUMNS);
    await expect(queue.startDate).toHaveValue(shownDate(localDate()));
    // "Today" runs from WIB's today to the latest placement's (WIT's), so a WITA check-in after midnight is listed.
    await expect(queue.endDate).toHaveValue(shownDate(latestPlacementToday()));
    await expect(queue.startDate).toHaveAttribute('data-min', latestPlacementToday(-2));
    // Up to the latest placement today (WIT is two hours ahead of WIB; README "Time zones").
    await expect(queue.endDate).toHaveAttribute('data-max', latestPlacementToday());
    await expect(queue.waitingBadge).toBeVisible();
    await expect(queue.table.summary).toBeVisible();

    const shell = new AppShell(page);
    await shell.openGroup('Persetujuan');
    const count = await queue.waitingCount();
    // The badge names its scope as the queue does ('… · semua tanggal · untuk Office' or every type).
    await expect(
      shell.sidebar.getByRole('link', {
        name: new RegExp(`^Persetujuan Kehadiran ${count.toLocaleString('id-ID').replace('.', '\\.')} menunggu persetujuan · semua tanggal · `),
      }),
    ).toBeVisible();
  });

  test('filters by log type, location and face recognition, and searches globally and by column', async ({
    queue,
    mobile,
  }) => {
    const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));
    await queue.goto();
    await expect(queue.rowOf(checkIn)).toBeVisible();

    await queue.logType.selectOption({ label: 'Check Out' });
    await expect(queue.rowOf(checkIn)).toHaveCount(0);
    await expect(queue.table.cells(column('Tipe Log')).filter({ hasNotText: 'Check Out' })).toHaveCount(0);

    await queue.logType.selectOption({ label: 'Check In' });
    await queue.location.selectOption({ label: 'Out of Spot' });
    await expect(queue.rowOf(checkIn)).toBeVisible();
    await expect(queue.table.cells(column('Lokasi')).filter({ hasNotText: 'Out of Spot' })).toHaveCount(0);

    await queue.location.selectOption({ label: 'In Spot' });
    await expect(queue.rowOf(checkIn)).toHaveCount(0);
    await queue.location.selectOption({ label: 'Semua' });

    await queue.faceRecognition.selectOption({ label: 'Tidak Valid' });
    await expect(queue.rowOf(checkIn)).toHaveCount(0);
    await queue.faceRecognition.selectOption({ label: 'Valid' });
    await expect(queue.rowOf(checkIn)).toBeVisible();

    await queue.table.globalSearch.fill(checkIn.employee.number);
    await expect(queue.rowOf(checkIn)).toBeVisible();
    await expect(queue.table.cells(column('ID Karyawan')).filter({ hasNotText: checkIn.employee.number })).toHaveCount(0);

    await queue.table.columnSearch('Nama').fill('tidak-ada-karyawan-ini');
    await expect(queue.table.emptyText).toBeVisible();
    await expect(queue.table.summary).toHaveText('Menampilkan data 0 sampai 0 dari 0');
  });

  test('narrows the man power cascade level by level, each choice clearing the levels below', async ({ queue }) => {
    await queue.goto();
    await expect(queue.manPowerName).toBeDisabled();
    await expect(queue.manPowerTeam).toBeDisabled();
    await queue.manPowerType.selectOption('office');
    await expect(queue.manPowerName).toBeEnabled();
    await expect(queue.manPowerTeam).toBeDisabled();
    // A seeded placement with teams (another spec of this worker may add a placement without any).
    const name = 'Kantor Pusat Jakarta';
    await queue.manPowerName.selectOption({ label: name });
    await expect(queue.manPowerTeam).toBeEnabled();
    const team = (await queue.manPowerTeam.locator('option').nth(1).textContent()) ?? '';
    await queue.manPowerTeam.selectOption({ label: team });
    await expect(queue.manPowerGroup).toBeEnabled();

    await queue.manPowerType.selectOption('site');
    await expect(queue.manPowerName).toHaveValue('');
    await expect(queue.manPowerTeam).toHaveValue('');
    await expect(queue.manPowerTeam).toBeDisabled();
    await expect(queue.manPowerGroup).toBeDisabled();
    await expect(queue.manPowerName.locator('option', { hasText: name })).toHaveCount(0);
  });

  test('sorts by a column (the same column flips), pages and changes the page size', async ({ queue }) => {
    await queue.goto();
    await queue.startDate.fill(latestPlacementToday(-2));
    await queue.table.loaded();
    expect(await queue.table.total()).toBeGreaterThan(25);

    const header = queue.table.columnHeader('Face Recognition');
    await queue.table.sortButton('Face Recognition').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = (await queue.table.columnTexts(column('Face Recognition'))).map(percent);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await queue.table.sortButton('Face Recognition').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = (await queue.table.columnTexts(column('Face Recognition'))).map(percent);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0]);

    await queue.table.sortButton('Nama').click();
    await expect(queue.table.columnHeader('Nama')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header).toHaveAttribute('aria-sort', 'none');

    await expect(queue.table.rows).toHaveCount(10);
    await queue.table.pagination.getByRole('button', { name: 'Halaman 2' }).click();
    await expect(queue.table.summary).toHaveText(/^Menampilkan data 11 sampai 20 dari [\d.]+$/);
    await queue.table.pageSize.selectOption('25');
    await expect(queue.table.summary).toHaveText(/^Menampilkan data 1 sampai 25 dari [\d.]+$/);
    await expect(queue.table.rows).toHaveCount(25);
  });

  test('the detail shows the photos and score, the map, the shift, the note, and asks before deciding', async ({
    queue,
    mobile,
    backOffice,
    page,
  }) => {
    const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));
    await queue.goto();
    await queue.table.open(queue.rowOf(checkIn));
    const modal = queue.modal;
    await expect(modal.dialog).toBeVisible();
    await expect(modal.dialog.getByText(checkIn.employee.name, { exact: true })).toBeVisible();

    await expect(modal.tab('Face Recognition')).toHaveAttribute('aria-selected', 'true');
    await expect(modal.dialog.getByRole('img', { name: 'Foto Kehadiran', exact: true })).toBeVisible();
    const { employee_photo_url: referencePhoto } = await backOffice.get<{ employee_photo_url: string }>(
      'admin',
      `attendance_log/detail/${checkIn.hash_id}`,
    );
    if (referencePhoto) {
      await expect(modal.dialog.getByRole('img', { name: 'Foto Karyawan', exact: true })).toBeVisible();
      await expect(modal.dialog.getByText('Skor 95,5%')).toBeVisible();
    } else {
      // Nothing to match against: the app's score is shown as reported, never as a match.
      await expect(modal.dialog.getByRole('img', { name: 'Foto karyawan belum tersedia' })).toBeVisible();
      await expect(modal.dialog.getByText('Skor dari aplikasi 95,5%')).toBeVisible();
      await expect(modal.dialog.getByText(/^Wajah (tidak )?cocok$/)).toHaveCount(0);
    }
    await expect(modal.dialog.getByText('Absen dari uji e2e')).toBeVisible();

    await modal.openTab('Lokasi');
    await expect(modal.map).toBeVisible();
    await expect(modal.dialog.getByText('Out of Spot')).toBeVisible();
    // Two markers, the line and the radius circle are drawn as vector layers, tiles or not.
    await expect(modal.map.locator('path.leaflet-interactive')).toHaveCount(4);
    await expect(modal.map.getByText(`Titik ${checkIn.employee.manPowerName}`).first()).toBeVisible();
    await expect(modal.map.getByText('Titik absen').first()).toBeVisible();
    await expect(modal.dialog.getByRole('link', { name: /Buka lokasi di Google Maps/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=-7.797068,110.370529',
    );
    await expect(modal.dialog.getByRole('link', { name: /Petunjuk arah/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&origin=-7\.797068,110\.370529&destination=-?\d/,
    );

    await modal.openTab('Detail Shift');
    await expect(modal.dialog.getByText('Tanggal absen')).toBeVisible();
    await expect(modal.dialog.getByText(shownTime(checkIn.log_datetime))).toBeVisible();
    await expect(modal.tab('Tipe Layanan')).toBeDisabled();

    await modal.reject.click();
    await expect(modal.rejectNote).toBeVisible();
    await expect(modal.approve).toBeHidden();
    await modal.reject.click();
    await expect(modal.problem).toHaveText('Catatan penolakan harus diisi');
    await modal.cancel.click();
    await expect(modal.rejectNote).toBeHidden();

    await modal.approve.click();
    await expect(modal.nearest).toBeVisible();
    await expect(modal.reject).toBeHidden();
    // The choice starts at the nearest placement (listed first).
    await expect(modal.nearest.getByRole('radio').first()).toBeChecked();
    await modal.cancel.click();
    await expect(modal.nearest).toBeHidden();

    await modal.reject.click();
    await modal.rejectNote.fill('Lokasi tidak sesuai (uji e2e)');
    await modal.reject.click();
    await expect(new Notifications(page).toast('Absen berhasil ditolak.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();
    await expect(queue.rowOf(checkIn)).toHaveCount(0);
  });
});

test.describe('two approvers on the live queue', () => {
  test.use(signedInAs('admin'));

  test('a mobile check-in appears in both queues; when A approves it leaves B at once and B’s open modal closes', async ({
    browser,
    queue,
    mobile,
    page,
  }) => {
    await queue.goto();
    await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
    const other = await openQueueAs(browser, 'approver');
    try {
      const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));

      // Both queues show it without a reload, briefly highlighted.
      await expect(queue.rowOf(checkIn)).toBeVisible();
      await expect(queue.rowOf(checkIn)).toHaveClass(/data-table-row-new/);
      await expect(other.queue.rowOf(checkIn)).toBeVisible();

      await other.queue.table.open(other.queue.rowOf(checkIn));
      await expect(other.queue.modal.dialog).toBeVisible();

      await queue.table.open(queue.rowOf(checkIn));
      await queue.modal.approve.click();
      await queue.modal.nearest.getByRole('radio').first().check();
      await queue.modal.approve.click();
      await expect(new Notifications(page).toast('Absen berhasil disetujui.')).toBeVisible();
      await expect(queue.modal.dialog).toBeHidden();
      await expect(queue.rowOf(checkIn)).toHaveCount(0);

      await expect(other.queue.rowOf(checkIn)).toHaveCount(0, { timeout: 2_000 });
      await expect(other.queue.modal.dialog).toBeHidden({ timeout: 2_000 });
      // A calm notice, not the blocking 'Gagal' popup (DESIGN §18).
      await expect(new Notifications(other.page).notice('Data sudah diproses oleh Administrator Sistem.')).toBeVisible();
      await expect(new Notifications(other.page).errorPopup()).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('an office-only approver never sees a site check-in', async ({ browser, queue, mobile, backOffice }) => {
    await queue.goto();
    const other = await openQueueAs(browser, 'approver');
    try {
      const site = await mobile.checkInFarAway(await randomEmployeeOf('site'));
      const office = await mobile.checkInFarAway(await randomEmployeeOf('office'));
      await expect(queue.rowOf(site)).toBeVisible();
      await expect(queue.rowOf(office)).toBeVisible();
      // The office log posted after the site one reached B, so the site one would have too.
      await expect(other.queue.rowOf(office)).toBeVisible();
      await expect(other.queue.rowOf(site)).toHaveCount(0);
      await other.page.reload();
      await other.queue.table.loaded();
      await expect(other.queue.rowOf(office)).toBeVisible();
      await expect(other.queue.rowOf(site)).toHaveCount(0);
      expect(await backOffice.logDetailStatus('approver', site.hash_id)).toBe(404);
      expect(await backOffice.logDetailStatus('approver', office.hash_id)).toBe(200);
    } finally {
      await other.close();
    }
  });

  test('deciding a log someone else decided first answers with who did it and shows its current state', async ({
    browser,
    mobile,
    backOffice,
  }) => {
    const context = await browser.newContext({ storageState: storageStatePath('approver') });
    try {
      const page = await context.newPage();
      // No socket for this tab: the other approver's decision cannot reach it before it acts.
      await page.route('**/api/web/v1/realtime/ticket', (route) => route.abort());
      const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));
      const queue = new ApprovalAttendancePage(page);
      await queue.goto();
      await queue.table.open(queue.rowOf(checkIn));
      await expect(queue.modal.reject).toBeVisible();

      await backOffice.approveLog('admin', checkIn.hash_id);

      await queue.modal.reject.click();
      await queue.modal.rejectNote.fill('Terlambat diputuskan (uji e2e)');
      await queue.modal.reject.click();
      // A calm notice, not the blocking 'Gagal' popup (DESIGN §18).
      await expect(new Notifications(page).notice('Data sudah diproses oleh Administrator Sistem.')).toBeVisible();
      await expect(new Notifications(page).errorPopup()).toHaveCount(0);
      await expect(queue.modal.dialog.getByText('Disetujui Manual')).toBeVisible();
      await expect(queue.modal.approve).toHaveCount(0);
      await expect(queue.modal.reject).toHaveCount(0);
      await queue.modal.close.click();
      await expect(queue.rowOf(checkIn)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the header count and the sidebar badge follow the queue live', async ({ browser, mobile, backOffice }) => {
    const other = await openQueueAs(browser, 'approver');
    try {
      const shell = new AppShell(other.page);
      await shell.openGroup('Persetujuan');
      const badge = shell.sidebar.getByRole('link', { name: /^Persetujuan Kehadiran [\d.]+ menunggu persetujuan · semua tanggal · / });
      // The badge shows the exact count, formatted the Indonesian way ('1.298'), as its accessible name does.
      const badgeCount = async () =>
        Number(
          ((await badge.locator('.sidebar-badge').getAttribute('aria-label')) ?? '').match(/[\d.]+/)?.[0].replace(/\./g, ''),
        );
      const before = await other.queue.waitingCount();
      expect(await badgeCount()).toBe(before);

      await mobile.checkInFarAway(await randomEmployeeOf('office'));
      // Other tests add and decide logs at the same time: the counts must converge on the server's.
      await expect
        .poll(async () => {
          const [header, side, server] = [
            await other.queue.waitingCount(),
            await badgeCount(),
            await backOffice.queueTotal('approver'),
          ];
          return header === side && side === server ? 'same' : `${header}/${side}/${server}`;
        })
        .toBe('same');
      expect(await other.queue.waitingCount()).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
