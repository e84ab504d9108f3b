import { addDays, createAdjustmentEmployee } from '../../fixtures/adjustments';
import { expectNoAxeViolations, expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { readXlsx } from '../../fixtures/spreadsheet';
import { expect, signedInAs, test } from '../../fixtures/test';
import { LeaveAdjustmentPage } from '../../pages/adjustment-pages';

/** WIB's today: the server's leave year and the list's default year follow it. */
function wibToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
}

function leaveYear(today: string): number {
  const [year, month, day] = today.split('-').map(Number);
  return month === 1 && day < 15 ? year - 1 : year;
}

test.describe('/adjustment/leave', () => {
  test.use(signedInAs('admin'));

  test('create a manual leave: required messages, balances, the list, the view modal and the new balance', async ({
    page,
    notifications,
  }) => {
    test.setTimeout(120_000);
    const employee = await createAdjustmentEmployee(12);
    const today = wibToday();
    const view = new LeaveAdjustmentPage(page);
    await view.goto();
    await expect(page.getByText('Cuti tahunan diperbarui setiap tanggal 15 Januari')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Riwayat Aktivitas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Laporan Penyesuaian Cuti Manual' })).toBeVisible();

    await view.create.click();
    const modal = view.modal;
    await expect(page.getByRole('dialog', { name: 'Buat Cuti Manual' })).toBeVisible();
    await modal.dialog.getByLabel('Deskripsi').fill('');
    await modal.save.click();
    await expect(modal.dialog.getByText('ID Karyawan harus diisi')).toBeVisible();
    await expect(modal.dialog.getByText('Deskripsi harus diisi')).toBeVisible();
    await expect(modal.dialog.getByText('Berkas harus diisi')).toBeVisible();
    await expectNoAxeViolations(page, 'leave adjustment modal');

    await modal.pickEmployee(employee.number);
    // No shift pattern: every day of the range is a leave day.
    await modal.fill({ start: today, end: addDays(today, 2), requestDate: today, description: 'Cuti keluarga e2e' });
    await expect(modal.currentBalance).toHaveText('12 hari');
    await expect(modal.newBalance).toHaveText('9 hari');
    await expect(modal.dialog.getByTestId('taken-days')).toHaveText('3 hari');
    await modal.save.click();
    const toast = notifications.toast(/^Cuti manual CM\d{8}-\d{5} berhasil disimpan\.$/);
    await expect(toast).toBeVisible();
    const code = /CM\d{8}-\d{5}/.exec(await toast.innerText())?.[0] ?? '';
    await expect(modal.dialog).toBeHidden();

    const table = view.table(leaveYear(today));
    await table.columnSearch('ID Karyawan').fill(employee.number);
    await table.columnSearch('ID Karyawan').press('Enter');
    await expect(table.rows).toHaveCount(1);
    await expect(table.rows.first()).toContainText(employee.name);
    await expect(table.rows.first()).toContainText('Cuti keluarga e2e');
    await table.rows.first().click();
    await expect(page.getByRole('dialog', { name: 'Detail Cuti Manual' })).toBeVisible();
    await expect(modal.dialog.getByRole('link', { name: code })).toBeVisible();
    await modal.dialog.getByRole('button', { name: 'Tutup' }).first().click();

    // The balance changed: the modal shows the employee's new current balance.
    await view.create.click();
    await modal.pickEmployee(employee.number);
    await expect(modal.currentBalance).toHaveText('9 hari');
    await modal.dialog.getByRole('button', { name: 'Batal' }).click();

    // The history of this month lists it.
    await expect(page.getByRole('list', { name: 'Riwayat Aktivitas' }).getByRole('link', { name: code })).toBeVisible();
  });

  test('the detail page: titled with the code, hutang, and export to Excel', async ({ page }) => {
    test.setTimeout(120_000);
    const employee = await createAdjustmentEmployee(2);
    const view = new LeaveAdjustmentPage(page);
    await view.goto();
    const today = wibToday();
    await view.create.click();
    await view.modal.pickEmployee(employee.number);
    // 4 days on a balance of 2: the rest becomes hutang (saldo never goes below zero).
    await view.modal.fill({ start: today, end: addDays(today, 3), requestDate: today, description: 'Hutang cuti e2e' });
    await expect(view.modal.newBalance).toHaveText('-2 hari (hutang)');
    await view.modal.save.click();
    const toast = await page.getByRole('status', { name: /berhasil disimpan/ }).innerText();
    const code = /CM\d{8}-\d{5}/.exec(toast)?.[0] ?? '';

    await page.getByRole('list', { name: 'Riwayat Aktivitas' }).getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/adjustment/leave/${code}$`));
    const table = page.getByRole('table', { name: code, exact: true });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText(employee.number);
    await expect(table.locator('tbody tr').first()).toContainText('-2 hari (hutang)');
    await expectWellFormedAtBothViewports(page, 'leave adjustment detail');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`Penyesuaian Cuti ${code}.xlsx`);
    const path = test.info().outputPath(`${code}.xlsx`);
    await download.saveAs(path);
    const book = await readXlsx(path);
    expect(book.sheetNames).toEqual(['Sheet']);
    expect(book.title).toBe('Laporan Penyesuaian Cuti');
    expect(book.titleLines['Nomor Form']).toBe(code);
    expect(book.freezePanes).toBe(`A${book.headerRow + 1}`);
    // One line per actual leave day (DESIGN §13/§18): four days, four lines.
    expect(book.filterRef).toBe(`A${book.headerRow}:O${book.headerRow + 4}`);
    expect(book.header).toEqual([
      'ID Karyawan', 'Nama', 'Job Title', 'Nomor Form', 'Tanggal Penyesuaian', 'Jumlah Hari Cuti', 'Tanggal Aktual Cuti',
      'Tanggal Mulai', 'Tanggal Selesai', 'Deskripsi', 'Berkas', 'Man Power Name', 'Man Power Type', 'Man Power Team',
      'Man Power Group',
    ]);
    expect(book.data).toHaveLength(4);
    expect(book.data.map((row) => row.slice(0, 4))).toEqual(Array.from({ length: 4 }, () => [employee.number, employee.name, 'Staf Uji', code]));
    // 'Tanggal Aktual Cuti' a date cell a clerk filters, 'Jumlah Hari Cuti' 1 a line; the totals row sums the days shown.
    expect(book.data.map((row) => row[6])).toEqual([0, 1, 2, 3].map((offset) => addDays(today, offset)));
    expect(book.data.map((row) => row[5])).toEqual([1, 1, 1, 1]);
    expect(book.totals?.[5]).toBe(`=SUBTOTAL(109,F${book.headerRow + 1}:F${book.headerRow + 4})`);
  });

  test('a detail page of an unknown code shows the message and goes to the list after 3 seconds', async ({ page }) => {
    await page.goto('/adjustment/leave/CM00000000-00000');
    await expect(page.getByRole('alert')).toContainText('Data penyesuaian cuti tidak ditemukan.', { timeout: 20_000 });
    await expect(page).toHaveURL(/\/adjustment\/leave$/, { timeout: 8_000 });
  });
});
