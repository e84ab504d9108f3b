import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { uniqueSuffix } from '../../fixtures/people';
import { demoUsers } from '../../fixtures/users';
import { DataTable } from '../../pages/data-table';
import { UserLevelPage } from '../../pages/people-pages';

// Issue 29 (DESIGN §17): a change made in one browser appears live in another browser's audit screen
// and in the changed object's Riwayat.
test.use(signedInAs('admin'));
test.describe.configure({ timeout: 120_000 });

test('a level made in one browser appears live in the audit screen of another, and in its Riwayat', async ({
  page,
  browser,
}) => {
  await page.goto('/system-admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible({ timeout: 20_000 });
  const audit = new DataTable(page, 'Jejak Audit');
  await audit.loaded();
  await page.getByLabel('Jenis data').selectOption('user_level');

  const name = `Level Audit ${uniqueSuffix()}`;
  const other = await signedInContext(browser, demoUsers.admin);
  try {
    const levels = new UserLevelPage(other.page);
    await levels.goto();
    await levels.add.click();
    await levels.modal.field('Nama / Wewenang').fill(name);
    await levels.flag('Laporan').check();
    await levels.modal.save.click();
    await expect(other.page.getByText('Data berhasil disimpan.')).toBeVisible();

    // Live: no reload of the audit screen.
    const row = audit.row(name);
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row).toContainText('Tambah');
    await expect(row).toContainText('User Level');
    await expect(row).toContainText('Administrator Sistem');
    await expect(row).toContainText('Hak akses');

    // The level's Riwayat shows the same entry.
    await levels.open(name);
    const history = levels.modal.dialog.getByRole('region', { name: 'Riwayat' });
    await expect(history).toContainText('Tambah');
    await expect(history).toContainText('Hak akses');
    await expect(history).toContainText('Administrator Sistem');
  } finally {
    await other.context.close();
  }
});
