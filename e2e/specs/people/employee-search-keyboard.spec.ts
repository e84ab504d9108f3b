import { createEmployee } from '../../fixtures/people';
import { expect, signedInAs, test } from '../../fixtures/test';
import { DataTable } from '../../pages/data-table';

// The employee searches by keyboard alone (no clicks): Enter searches and never submits the form
// around the box; the arrows walk the results and Enter picks one.
test.use(signedInAs('admin'));
test.describe.configure({ timeout: 90_000 });

test('/employee: Enter searches the directory, Enter on the row opens its detail, Escape closes it', async ({ page }) => {
  const employee = await createEmployee();
  await page.goto('/employee');
  await expect(page.getByRole('heading', { level: 1, name: 'Karyawan' })).toBeVisible({ timeout: 20_000 });
  const table = new DataTable(page, 'Daftar Karyawan');
  await table.loaded();

  await page.getByRole('searchbox', { name: 'Cari', exact: true }).focus();
  await page.keyboard.type(employee.number);
  await page.keyboard.press('Enter');
  // The list keeps its search in the address (the list protocol); the page stays /employee.
  await expect(page).toHaveURL(/\/employee\?global_search=/);
  const row = table.row(employee.name);
  await expect(row).toHaveCount(1);
  await expect(table.rows).toHaveCount(1);

  await row.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: new RegExp(`^Detail Karyawan: ${employee.name}`) });
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
});

test('report form: Enter in the employee search does not submit; ArrowDown and Enter pick the employee', async ({ page }) => {
  const employee = await createEmployee();
  await page.goto('/report/attendance-detail');
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Detail' })).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole('searchbox', { name: 'Cari karyawan', exact: true });

  await search.focus();
  await page.keyboard.type(employee.number);
  await page.keyboard.press('Enter');
  // Not submitted: no incomplete-form message, no document opened, the box keeps the focus.
  const result = page.getByRole('button', { name: new RegExp(`^${employee.number} `) });
  await expect(result).toBeVisible();
  await expect(page.getByText('Lengkapi form terlebih dahulu!')).toHaveCount(0);
  await expect(page.getByText('Karyawan harus diisi')).toHaveCount(0);
  await expect(page).toHaveURL(/\/report\/attendance-detail$/);
  await expect(search).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Karyawan terpilih' })).toContainText(employee.number);
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(/\/report\/attendance-detail$/);
});

test('leave form: Enter in the employee search does not save; ArrowDown and Enter choose the employee', async ({ page }) => {
  const employee = await createEmployee();
  await page.goto('/adjustment/leave');
  await expect(page.getByRole('heading', { level: 1, name: 'Daftar Cuti Manual' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Buat Cuti Manual' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Buat Cuti Manual' });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole('searchbox');

  await search.focus();
  await page.keyboard.type(employee.number);
  await page.keyboard.press('Enter');
  const result = dialog.getByRole('button', { name: new RegExp(`^${employee.number} `) });
  await expect(result).toBeVisible();
  // Not saved: no required-field messages, the dialog stays open.
  await expect(dialog.getByText('Deskripsi harus diisi')).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(result).toBeFocused();
  await page.keyboard.press('Escape');
  // Escape in the results goes back to the box; the dialog stays.
  await expect(search).toBeFocused();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Karyawan terpilih')).toContainText(employee.number);
});
