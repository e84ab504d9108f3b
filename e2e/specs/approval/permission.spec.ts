import { fullChromium } from '../../fixtures/browsers';
import { test as base, expect, signedInAs, shellTitle } from '../../fixtures/test';
import { storageStatePath } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalPermissionPage } from '../../pages/approval-permission-page';
import { BackOfficeApi } from '../../pages/back-office-api';
import { MobileApp } from '../../pages/mobile-app';
import { Notifications } from '../../pages/notifications';

/** doc2 §2.10 and DESIGN §10: the izin (permission) approval screen, with live updates. */

const test = base.extend<{ izinPage: ApprovalPermissionPage; mobile: MobileApp; backOffice: BackOfficeApi }>({
  izinPage: async ({ page }, use) => use(new ApprovalPermissionPage(page)),
  mobile: async ({ request }, use) => use(new MobileApp(request)),
  backOffice: async ({ request }, use) => use(new BackOfficeApi(request)),
});

// The izin attachment is a PDF, which opens in a new tab: Chrome's PDF viewer, which the headless shell lacks.
test.use(fullChromium);

const COLUMNS = ['Nama', 'ID Karyawan', 'Jenis Izin', 'Tanggal', 'Durasi', 'Ditujukan pada', 'Status', 'Menunggu sejak'];

test.describe('izin approval as admin', () => {
  test.use(signedInAs('admin'));

  test('lists the requests with the year picker, the month’s waiting count, search, sort and page size', async ({
    izinPage,
    page,
  }) => {
    await izinPage.goto();
    await expect(page).toHaveTitle(shellTitle('Persetujuan Izin'));
    expect(await izinPage.table.headers()).toEqual(COLUMNS);
    const year = new Date().getFullYear();
    await expect(izinPage.year).toHaveValue(String(year));
    expect(await izinPage.year.locator('option').allInnerTexts()).toEqual(
      [0, 1, 2, 3, 4].map((back) => String(year - back)),
    );
    await expect(izinPage.waitingThisMonth).toBeVisible();
    await expect(izinPage.table.cells(5).first()).toHaveText(/^\d+ hari$/);

    await izinPage.table.sortButton('Durasi').click();
    await expect(izinPage.table.columnHeader('Durasi')).toHaveAttribute('aria-sort', 'ascending');
    await izinPage.table.loaded();
    const ascending = (await izinPage.table.columnTexts(5)).map((text) => Number.parseInt(text, 10));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await izinPage.table.sortButton('Durasi').click();
    await expect(izinPage.table.columnHeader('Durasi')).toHaveAttribute('aria-sort', 'descending');
    await izinPage.table.loaded();
    const descending = (await izinPage.table.columnTexts(5)).map((text) => Number.parseInt(text, 10));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await izinPage.table.pageSize.selectOption('25');
    await expect(izinPage.table.summary).toHaveText(/^Menampilkan data 1 sampai 25 dari [\d.]+$/);

    await izinPage.table.columnSearch('Jenis Izin').fill('Sakit');
    await expect(izinPage.table.cells(3).filter({ hasNotText: 'Sakit' })).toHaveCount(0);
    await expect(izinPage.table.cells(3).first()).toHaveText('Sakit');

    // The status filter (issue 28): the list protocol's `status` search.
    await izinPage.table.columnSearch('Jenis Izin').fill('');
    await izinPage.table.columnChoice('Status').selectOption({ label: 'Disetujui' });
    await izinPage.table.loaded();
    await expect(izinPage.table.cells(7).filter({ hasNotText: 'Disetujui' })).toHaveCount(0);
    await izinPage.table.columnChoice('Status').selectOption({ label: 'Menunggu Persetujuan' });
    await izinPage.table.loaded();
    // A request past its deadline also says so in its status cell ('Menunggu Persetujuan Lewat batas').
    await expect(izinPage.table.cells(7).first()).toHaveText(/^Menunggu Persetujuan\s*(Lewat batas)?$/);
    await expect(izinPage.table.cells(7).filter({ hasNotText: 'Menunggu Persetujuan' })).toHaveCount(0);
    await izinPage.table.columnChoice('Status').selectOption({ label: 'Semua' });

    await izinPage.table.globalSearch.fill('tidak-ada-karyawan-ini');
    await expect(izinPage.table.emptyText).toBeVisible();

    await izinPage.year.selectOption(String(year - 4));
    await expect(izinPage.table.emptyText).toBeVisible();
  });

  test('a new request appears live; approving it with a note turns its header green', async ({
    izinPage,
    mobile,
    page,
  }) => {
    await izinPage.goto();
    await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
    const izin = await mobile.requestIzin('office');

    const row = izinPage.rowOf(izin);
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/data-table-row-new/);
    await expect(row.getByText('Menunggu Persetujuan')).toBeVisible();
    await expect(row.getByText('1 hari')).toBeVisible();

    await row.click();
    const detail = izinPage.detail;
    await expect(detail.region).toBeVisible();
    await expect(detail.header).toHaveClass(/text-bg-warning/);
    await expect(detail.header).toContainText('Menunggu Persetujuan');
    await expect(detail.field('Nama')).toHaveText(izin.employee.name);
    await expect(detail.field('ID Karyawan')).toHaveText(izin.employee.number);
    // The employee's remaining leave, in the one balance notation (issue 28).
    await expect(detail.field('Sisa Cuti')).toHaveText(/^-?[\d.]+ hari( \(hutang\))?$/);
    await expect(detail.field('Jenis Izin')).toHaveText('Izin');
    await expect(detail.field('Tanggal')).toHaveText(`${izin.date_formatted} (1 hari)`);
    await expect(detail.field('Lampiran')).toHaveText('-');
    await expect(detail.recent).toBeVisible();

    await detail.note.fill('Silakan (uji e2e)');
    await detail.approve.click();
    await expect(new Notifications(page).toast('Izin berhasil disetujui.')).toBeVisible();
    await expect(detail.header).toHaveClass(/text-bg-success/);
    await expect(detail.header).toContainText('Disetujui');
    await expect(detail.field('Catatan keputusan')).toContainText('Silakan (uji e2e)');
    await expect(detail.approve).toHaveCount(0);

    await detail.back.click();
    await expect(detail.region).toBeHidden();
    await expect(izinPage.rowOf(izin).getByText('Disetujui')).toBeVisible();
  });

  test('rejecting needs a note; the attachment opens in a new tab', async ({ izinPage, mobile, page, context }) => {
    const izin = await mobile.requestIzin('site', { withAttachment: true });
    await izinPage.goto();
    await izinPage.rowOf(izin).click();
    const detail = izinPage.detail;
    await expect(detail.region).toBeVisible();

    const attachment = detail.field('Lampiran').getByRole('link');
    await expect(attachment).toContainText(/^\S{1,30}\.pdf/);
    await expect(attachment).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), attachment.click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    await detail.reject.click();
    await expect(detail.problem).toHaveText('Catatan penolakan harus diisi');
    await detail.note.fill('Tanggal bentrok dengan jadwal (uji e2e)');
    await detail.reject.click();
    await expect(new Notifications(page).toast('Izin berhasil ditolak.')).toBeVisible();
    await expect(detail.header).toHaveClass(/text-bg-danger/);
    await expect(detail.field('Status')).toHaveText('Ditolak');
    await expect(detail.field('Catatan keputusan')).toContainText('Tanggal bentrok dengan jadwal (uji e2e)');
  });

  test('a request decided elsewhere changes in the list and in the open detail without a reload', async ({
    browser,
    mobile,
    backOffice,
  }) => {
    const context = await browser.newContext({ storageState: storageStatePath('approver') });
    try {
      const page = await context.newPage();
      const izinPage = new ApprovalPermissionPage(page);
      const first = await mobile.requestIzin('office');
      const second = await mobile.requestIzin('office');
      await izinPage.goto();
      await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
      await expect(izinPage.rowOf(first).getByText('Menunggu Persetujuan')).toBeVisible();

      await backOffice.decideIzin('admin', 'approve', first.hash_id, '');
      await expect(izinPage.rowOf(first).getByText('Disetujui')).toBeVisible();

      await izinPage.rowOf(second).click();
      await expect(izinPage.detail.approve).toBeVisible();
      await backOffice.decideIzin('admin', 'reject', second.hash_id, 'Ditolak dari tab lain (uji e2e)');
      // A calm notice, not the blocking 'Gagal' popup (DESIGN §18).
      await expect(new Notifications(page).notice('Data sudah diproses oleh Administrator Sistem.')).toBeVisible();
      await expect(new Notifications(page).errorPopup()).toHaveCount(0);
      await expect(izinPage.detail.field('Status')).toHaveText('Ditolak');
      await expect(izinPage.detail.approve).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
