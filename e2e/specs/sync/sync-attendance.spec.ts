import { expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { expect, signedInAs, test } from '../../fixtures/test';
import { SyncAttendancePage, SyncValidationPage } from '../../pages/sync-pages';

function isoDaysAgo(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(day);
}

test.describe('/sync/attendance', () => {
  test.use(signedInAs('admin'));

  test('tiles lead to both syncs', async ({ page }) => {
    await page.goto('/sync');
    await page.getByRole('link', { name: /Sinkronisasi ke Penggajian/ }).click();
    await expect(page).toHaveURL(/\/sync\/attendance$/);
    await page.goto('/sync');
    await page.getByRole('link', { name: /Sinkronisasi dari HRM/ }).click();
    await expect(page).toHaveURL(/\/sync\/employee$/);
  });

  test('an incomplete filter is refused, and the validation page needs a preview', async ({ page, notifications }) => {
    const view = new SyncAttendancePage(page);
    await view.goto();
    await view.show.click();
    // Inline, the field named and focused (DESIGN §18); no popup.
    const search = page.getByRole('searchbox', { name: 'Cari karyawan', exact: true });
    await expect(search).toBeFocused();
    await expect(search).toHaveAccessibleDescription('Karyawan harus diisi');
    await expect(page.getByText('Lengkapi form terlebih dahulu!')).toBeVisible();
    await expect(notifications.errorPopup()).toHaveCount(0);
    await page.goto('/sync/attendance/validation');
    await expect(page).toHaveURL(/\/sync\/attendance$/);
  });

  test('filter, preview, send with live progress, then history and detail', async ({ page, notifications }) => {
    const view = new SyncAttendancePage(page);
    await view.goto();
    // A day of its own per run (a retry finds its days already sent otherwise).
    const day = isoDaysAgo(2 + Math.floor(Math.random() * 40));
    await view.setRange(day, day);
    const manPower = await view.chooseManPower('office', 'Kantor Pusat Jakarta');
    await view.show.click();

    await expect(page).toHaveURL(/\/sync\/attendance\/validation$/);
    const validation = new SyncValidationPage(page);
    for (const column of ['ID', 'Nama', 'Nama MP', 'Grup MP', 'Tim MP', 'Tanggal', 'Check In', 'Check Out', 'Lembur',
      'Lembur Aktual', 'Status Absen', 'Status Sync', 'Status Generate', 'Pengajuan Izin', 'ID Penyesuaian']) {
      await expect(validation.table.columnHeader(column)).toBeVisible();
    }
    await expect(validation.table.rows.first()).toContainText(manPower.slice(0, 10));
    await expect(validation.table.rows.first()).toContainText('Belum Sync');
    // Client-side sort: the same header flips the direction.
    await validation.table.sortButton('Nama').click();
    const ascending = await validation.table.rows.first().locator('td').nth(1).innerText();
    await validation.table.sortButton('Nama').click();
    const descending = await validation.table.rows.first().locator('td').nth(1).innerText();
    expect(ascending.localeCompare(descending, 'id')).toBeLessThanOrEqual(0);

    await validation.confirmSend();
    await expect(notifications.toast(/^Data penyesuaian berhasil dikirim \(\d+ data, kode PG\d{8}-\d{4}\)\.$/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(/\/sync\/attendance$/);
    const toast = await notifications.toast(/berhasil dikirim/).innerText();
    const code = /kode (PG\d{8}-\d{4})/.exec(toast)?.[1] ?? '';
    expect(code).not.toBe('');

    await expect(view.history.getByRole('link', { name: code })).toBeVisible();
    await page.getByRole('link', { name: 'Tampilkan Semua' }).click();
    await expect(page).toHaveURL(/\/sync\/attendance\/list$/);
    const list = page.getByRole('table', { name: 'Daftar Sinkronisasi' });
    await list.getByRole('row').filter({ hasText: code }).click();

    await expect(page).toHaveURL(new RegExp(`/sync/attendance/detail/${code}$`));
    await expect(page.getByRole('heading', { name: code, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Disinkronisasi oleh Administrator Sistem pada tanggal \d{1,2} \S+ \d{4}$/)).toBeVisible();
    await expect(page.getByRole('table', { name: code }).locator('tbody tr').first()).toContainText(manPower.slice(0, 10));
    await expectWellFormedAtBothViewports(page, 'payroll sync detail');
  });
});
