import { addDays, createAdjustmentEmployee } from '../../fixtures/adjustments';
import { tableDate } from '../../fixtures/dates';
import { expectNoAxeViolations, expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { expect, signedInAs, test } from '../../fixtures/test';
import type { Page } from '@playwright/test';
import { AdjustmentSelection, AttendanceAdjustmentEditPage } from '../../pages/adjustment-pages';

/** A new employee's first adjustable day, filtered and shown on the edit page. */
async function editOneDay(page: Page) {
  const employee = await createAdjustmentEmployee();
  const filter = new AdjustmentSelection(page);
  await filter.goto('/adjustment/attendance', 'Penyesuaian Kehadiran');
  await filter.setRange(employee.start, employee.start);
  await filter.pickEmployee(employee.number);
  await filter.show.click();
  return { employee, edit: new AttendanceAdjustmentEditPage(page) };
}

test.describe('/adjustment/attendance', () => {
  test.use(signedInAs('admin'));

  test('an incomplete filter is refused and the edit page needs loaded rows', async ({ page, notifications }) => {
    await new AdjustmentSelection(page).goto('/adjustment/attendance', 'Penyesuaian Kehadiran');
    await expect(page.getByRole('link', { name: 'Unggah manual' })).toHaveAttribute('href', '/adjustment/attendance/manual-upload');
    await new AdjustmentSelection(page).show.click();
    // DESIGN §18: the field named and focused inline, no popup.
    const search = page.getByRole('searchbox', { name: 'Cari karyawan', exact: true });
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('aria-invalid', 'true');
    await expect(search).toHaveAccessibleDescription('Karyawan harus diisi');
    await expect(page.getByText('Lengkapi form terlebih dahulu!')).toBeVisible();
    await expect(notifications.errorPopup()).toHaveCount(0);
    await expectNoAxeViolations(page, 'attendance adjustment filter with inline errors');
    // An empty date is named on its own input.
    await page.getByLabel('Tanggal mulai', { exact: true }).fill('');
    await page.getByLabel('Tanggal mulai', { exact: true }).blur();
    await new AdjustmentSelection(page).show.click();
    await expect(page.getByLabel('Tanggal mulai', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Tanggal mulai', { exact: true })).toHaveAccessibleDescription('Tanggal mulai harus diisi');
    await page.goto('/adjustment/attendance/edit');
    await expect(page).toHaveURL(/\/adjustment\/attendance$/);
  });

  test('filter, edit a row, Edit Semua, Kirim, then the list and the detail', async ({ page, notifications }) => {
    test.setTimeout(120_000);
    const employee = await createAdjustmentEmployee();
    const [first, second, third] = [employee.start, addDays(employee.start, 1), employee.end];
    const filter = new AdjustmentSelection(page);
    await filter.goto('/adjustment/attendance', 'Penyesuaian Kehadiran');
    await filter.setRange(first, third);
    await filter.pickEmployee(employee.number);
    await expectNoAxeViolations(page, 'attendance adjustment filter');
    await filter.show.click();

    await expect(page).toHaveURL(/\/adjustment\/attendance\/edit$/);
    const edit = new AttendanceAdjustmentEditPage(page);
    await expect(edit.table.rows).toHaveCount(3);
    for (const column of ['ID Karyawan', 'Nama', 'Jabatan', 'Man Power', 'Tim', 'Grup', 'Tanggal', 'Jam Masuk', 'Jam Keluar',
      'Keterangan', 'Tipe Lembur', 'Lembur', 'Lembur Aktual', 'Status Absen', 'Standby', 'Shift Off']) {
      await expect(edit.table.columnHeader(column)).toBeVisible();
    }
    await edit.overtime(employee.name, first).fill('1.5');
    // The bulk replace covers the last two days only; the first keeps its own edit.
    await edit.applyBulk({ start: second, end: third, overtime: '2', status: 'Tidak Valid' });
    await expect(edit.overtime(employee.name, first)).toHaveValue('1.5');
    await expect(edit.overtime(employee.name, second)).toHaveValue('2');
    await expect(edit.validity(employee.name, third)).toHaveValue('0');
    await expect(page.getByText('3 baris diubah')).toBeVisible();

    await edit.confirmSend();
    const toast = notifications.toast(/^Penyesuaian kehadiran PK\d{8}-\d{5} berhasil disimpan \(3 data\)\.$/);
    await expect(toast).toBeVisible();
    const code = /PK\d{8}-\d{5}/.exec(await toast.innerText())?.[0] ?? '';
    await expect(page).toHaveURL(/\/adjustment\/attendance$/);

    await expect(page.getByRole('list', { name: 'Riwayat Penyesuaian' }).getByRole('link', { name: code })).toBeVisible();
    await page.getByRole('link', { name: 'Tampilkan Semua' }).click();
    await expect(page).toHaveURL(/\/adjustment\/attendance\/list$/);
    const list = page.getByRole('table', { name: 'Daftar Penyesuaian Kehadiran' });
    await list.getByRole('row').filter({ hasText: code }).click();

    await expect(page).toHaveURL(new RegExp(`/adjustment/attendance/detail/${code}$`));
    const lines = page.getByRole('table', { name: code, exact: true }).locator('tbody tr');
    await expect(lines).toHaveCount(3);
    await expect(lines.filter({ hasText: tableDate(first) })).toContainText('1 jam 30 menit');
    await expect(lines.filter({ hasText: tableDate(third) })).toContainText('Tidak Valid');
    await expectWellFormedAtBothViewports(page, 'attendance adjustment detail');
  });

  test('Kirim without edits or with a negative overtime says why beside the buttons, no popup', async ({ page, notifications }) => {
    test.setTimeout(120_000);
    const { employee, edit } = await editOneDay(page);
    await expect(edit.table.rows).toHaveCount(1);

    await edit.confirmSend();
    await expect(page.getByRole('alert').filter({ hasText: 'Belum ada data yang diubah.' })).toBeVisible();
    await expect(notifications.errorPopup()).toHaveCount(0);

    const overtime = edit.overtime(employee.name, employee.start);
    await overtime.fill('-1');
    // An edit clears the old notice.
    await expect(page.getByText('Belum ada data yang diubah.')).toHaveCount(0);
    await edit.confirmSend();
    await expect(page.getByRole('alert').filter({ hasText: 'Nilai minimal lembur aktual adalah 0' })).toBeVisible();
    await expect(overtime).toBeFocused();
    await expect(overtime).toHaveAttribute('aria-invalid', 'true');
    await expect(overtime).toHaveAccessibleDescription('Nilai minimal lembur aktual adalah 0');
    await expect(notifications.errorPopup()).toHaveCount(0);
    await expectNoAxeViolations(page, 'attendance adjustment edit with a wrong overtime');
    // Nothing was sent: the page and the typed value stay.
    await expect(page).toHaveURL(/\/adjustment\/attendance\/edit$/);
    await expect(overtime).toHaveValue('-1');
  });

  test('leaving the edit page with unsent edits asks first', async ({ page }) => {
    test.setTimeout(120_000);
    const { employee, edit } = await editOneDay(page);
    await edit.overtime(employee.name, employee.start).fill('3');
    await page.getByRole('button', { name: 'Kembali' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tinggalkan halaman?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Tetap di sini' }).click();
    await expect(page).toHaveURL(/\/adjustment\/attendance\/edit$/);
    await expect(edit.overtime(employee.name, employee.start)).toHaveValue('3');
    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.getByRole('dialog', { name: 'Tinggalkan halaman?' }).getByRole('button', { name: 'Tinggalkan' }).click();
    await expect(page).toHaveURL(/\/adjustment\/attendance$/);
  });
});
