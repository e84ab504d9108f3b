import { expect, signedInContext, signedInAs, test } from '../../fixtures/test';
import { createUserWithFlags } from '../../fixtures/flag-users';
import { createLevelUser, uniqueSuffix } from '../../fixtures/people';
import { UserLevelPage } from '../../pages/people-pages';

// The admin edits only levels made for each test (the seeded levels stay as they are).
test.use(signedInAs('admin'));
// Each test makes its data through manage.py shell and some open a second browser.
test.describe.configure({ timeout: 90_000 });

test('matrix rules: children follow their List box; create, edit, then delete a level', async ({ page }) => {
  const levels = new UserLevelPage(page);
  await levels.goto();
  expect(await levels.table.headers()).toEqual(['Wewenang', 'Personalia']);

  await levels.add.click();
  const modal = levels.modal;
  await expect(modal.dialog).toBeVisible();
  expect(await modal.footer()).toEqual(['Batal', 'Simpan']);
  await modal.save.click();
  await expect(modal.dialog.getByText('Nama / wewenang harus diisi.')).toBeVisible();

  const name = `Level Uji ${uniqueSuffix()}`;
  await modal.field('Nama / Wewenang').fill(name);
  // A child is disabled until its List box is ticked; unticking List clears it again.
  await expect(levels.flag('Pengumuman', 'Tambah')).toBeDisabled();
  await levels.flag('Pengumuman').check();
  await expect(levels.flag('Pengumuman', 'Tambah')).toBeEnabled();
  await levels.flag('Pengumuman', 'Tambah').check();
  await levels.flag('Pengumuman', 'Hapus').check();
  await levels.flag('Pengumuman').uncheck();
  await expect(levels.flag('Pengumuman', 'Tambah')).not.toBeChecked();
  await expect(levels.flag('Pengumuman', 'Tambah')).toBeDisabled();
  await expect(levels.flag('Pengumuman', 'Hapus')).not.toBeChecked();
  await levels.flag('Karyawan').check();
  await levels.flag('Karyawan', 'Ubah').check();
  await levels.flag('Laporan').check();
  await modal.save.click();
  await expect(page.getByText('Data berhasil disimpan.')).toBeVisible();
  await expect(modal.dialog).toBeHidden();

  // View: everything disabled, Hapus and Ubah; edit: Batal and Perbarui.
  await levels.open(name);
  expect(await modal.footer()).toEqual(['Hapus', 'Ubah']);
  await expect(levels.flag('Karyawan')).toBeChecked();
  await expect(levels.flag('Karyawan', 'Ubah')).toBeChecked();
  await expect(levels.flag('Karyawan')).toBeDisabled();
  await expect(levels.flag('Laporan')).toBeChecked();
  await expect(levels.flag('Pengumuman')).not.toBeChecked();
  await modal.edit.click();
  expect(await modal.footer()).toEqual(['Batal', 'Perbarui']);
  await expect(levels.flag('Karyawan', 'Hapus')).toBeEnabled();
  await expect(levels.flag('Pengumuman', 'Ubah')).toBeDisabled();
  await levels.flag('Karyawan').uncheck();
  await expect(levels.flag('Karyawan', 'Ubah')).not.toBeChecked();
  await modal.update.click();
  await expect(page.getByText('Data berhasil diperbarui.')).toBeVisible();

  await levels.open(name);
  await expect(levels.flag('Karyawan')).not.toBeChecked();
  await expect(levels.flag('Karyawan', 'Ubah')).not.toBeChecked();
  await modal.deleteRecord();
  await expect(page.getByText('Data berhasil dihapus.')).toBeVisible();
  await expect(levels.table.emptyText).toBeVisible();
});

test('a level still used by a login is not deleted, and says by how many', async ({ page }) => {
  const user = await createLevelUser(['allow_report']);
  const levels = new UserLevelPage(page);
  await levels.goto();
  await levels.open(user.level);
  await levels.modal.deleteRecord();
  await expect(levels.modal.alert).toContainText('User level tidak dapat dihapus: masih dipakai oleh 1 user login.');
  await expect(levels.modal.dialog).toBeVisible();
});

test('removing Laporan from a level takes it out of a signed-in user’s sidebar live', async ({ page, browser }) => {
  const user = await createLevelUser(['allow_report', 'allow_employee']);
  const member = await signedInContext(browser, user);
  await member.shell.openGroup('Laporan');
  await expect(member.shell.link('Laporan Detail')).toBeVisible();
  // The member keeps a report screen open: losing the flag says so there (no silent redirect).
  await member.shell.link('Laporan Detail').click();
  await expect(member.page).toHaveURL(/\/report\/attendance-detail/);

  const levels = new UserLevelPage(page);
  await levels.goto();
  await levels.open(user.level);
  await levels.modal.edit.click();
  await levels.flag('Laporan').uncheck();
  await levels.modal.update.click();
  await expect(page.getByText('Data berhasil diperbarui.')).toBeVisible();

  // No reload in the member's tab: the pushed access hides Laporan within 2 s.
  await expect(member.shell.group('Laporan')).toBeHidden({ timeout: 2_000 });
  await expect(member.shell.link('Laporan Detail')).toBeHidden({ timeout: 2_000 });
  await expect(member.page.getByRole('alert')).toContainText('Akses Anda ke halaman ini telah dicabut');
  await expect(member.page).toHaveURL(/\/report\/attendance-detail/);
  await member.page.getByRole('main').getByRole('link', { name: 'Kembali ke Dashboard' }).click();
  await expect(member.page).toHaveURL(/\/$/);
  await expect(member.shell.link('Karyawan')).toBeVisible();
  await member.context.close();
});

test('Tambah shows only with allow_user_level_create, which the server requires (README "Flag decisions")', async ({ browser }) => {
  for (const [flags, shown] of [
    [['allow_user_level'], false],
    [['allow_user_level', 'allow_user_level_create'], true],
  ] as const) {
    const { context, page } = await signedInContext(browser, await createUserWithFlags(flags));
    const levels = new UserLevelPage(page);
    await levels.goto();
    await levels.table.loaded();
    await expect(levels.add).toHaveCount(shown ? 1 : 0);
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token') ?? '';
      const response = await fetch('/api/web/v1/user_level', {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: '' }),
      });
      return response.status;
    });
    // Without the flag the server refuses before reading the body; with it the empty name is a 422.
    expect(status).toBe(shown ? 422 : 403);
    await context.close();
  }
});
