import { expect, signedInContext, signedInAs, test } from '../../fixtures/test';
import { createLevelUser } from '../../fixtures/people';
import { UserLoginPage } from '../../pages/people-pages';

// The admin edits only logins made for each test (the seeded sign-ins stay as they are).
test.use(signedInAs('admin'));
// Each test makes its data through manage.py shell and some open a second browser.
test.describe.configure({ timeout: 90_000 });

test('edit a login: username, level and special rights, with the spec messages', async ({ page, browser }) => {
  const user = await createLevelUser(['allow_employee'], ['allow_approved_attendance', 'allow_approved_attendance_site']);
  const target = await createLevelUser(['allow_report']);
  const member = await signedInContext(browser, user);
  await expect(member.shell.link('Karyawan')).toBeVisible();

  const logins = new UserLoginPage(page);
  await logins.goto();
  expect(await logins.table.headers()).toEqual(['Nama', 'Username', 'Hak Akses']);
  // doc3 §2.6: Nama 15 %, Username 15 %, Hak Akses 70 % of the table.
  const shares = await page.getByRole('table', { name: 'Daftar User Login' }).evaluate((table) => {
    const width = table.getBoundingClientRect().width;
    return Array.from(table.querySelectorAll('thead tr:first-child th')).map((cell) =>
      Math.round((cell.getBoundingClientRect().width / width) * 100),
    );
  });
  expect(shares).toEqual([15, 15, 70]);
  await logins.open(user.fullname);
  const modal = logins.modal;
  expect(await modal.footer()).toEqual(['Hapus', 'Ubah']);
  await expect(modal.field('Email')).toHaveValue(user.email);
  await expect(modal.field('Username')).toBeDisabled();
  await expect(logins.right('Setujui Kehadiran')).toBeChecked();
  await expect(logins.right('Setujui Kehadiran Site')).toBeChecked();

  await modal.edit.click();
  expect(await modal.footer()).toEqual(['Batal', 'Perbarui']);
  await modal.field('Username').fill('');
  await modal.update.click();
  await expect(modal.dialog.getByText('Username wajib diisi')).toBeVisible();
  const username = `${user.username}-baru`;
  await modal.field('Username').fill(username);
  // Unticking a parent right clears its man power sub-flags.
  await logins.right('Setujui Kehadiran').uncheck();
  await expect(logins.right('Setujui Kehadiran Site')).not.toBeChecked();
  await expect(logins.right('Setujui Kehadiran Site')).toBeDisabled();
  await logins.right('Tolak Kehadiran').check();
  await logins.right('Tolak Kehadiran Pool').check();
  await modal.field('Hak Akses').selectOption({ label: target.level });
  await modal.update.click();
  await expect(page.getByText('Data berhasil diperbarui.')).toBeVisible();
  await expect(modal.dialog).toBeHidden();

  await logins.table.globalSearch.fill(user.fullname);
  const row = logins.table.row(user.fullname);
  await expect(row).toContainText(username);
  await expect(row).toContainText(target.level);

  // The login's open tab follows at once: Karyawan gone, Laporan there.
  await expect(member.shell.link('Karyawan')).toBeHidden({ timeout: 2_000 });
  await expect(member.shell.group('Laporan')).toBeVisible();
  await member.context.close();
});

test('deactivating a login signs its open tab out live', async ({ page, browser }) => {
  const user = await createLevelUser(['allow_employee']);
  const member = await signedInContext(browser, user);

  const logins = new UserLoginPage(page);
  await logins.goto();
  await logins.open(user.fullname);
  await logins.modal.edit.click();
  await logins.modal.field('Status').selectOption({ label: 'Tidak Aktif' });
  await logins.modal.update.click();
  await expect(page.getByText('Data berhasil diperbarui.')).toBeVisible();

  await expect(member.page).toHaveURL(/\/login/, { timeout: 5_000 });
  await member.context.close();
});

test('a login locked by failed sign-ins shows locked live and the admin unlocks it', async ({ page, api }) => {
  const user = await createLevelUser(['allow_report']);
  const logins = new UserLoginPage(page);
  await logins.goto();
  await logins.table.globalSearch.fill(user.fullname);
  await expect(logins.table.row(user.fullname)).toHaveCount(1);
  await expect(logins.lockBadge(user.fullname)).toBeHidden();

  // Ten wrong passwords lock the account (DESIGN §16); the open list shows it without a reload.
  for (let attempt = 0; attempt < 10; attempt += 1) expect(await api.signInStatus(user.email, 'salah-sekali')).toBe(401);
  await expect(logins.lockBadge(user.fullname)).toHaveText('Terkunci 15 menit lagi');
  expect(await api.signInStatus(user.email, user.password)).toBe(429);

  await logins.unlock(user.fullname);
  await expect(page.getByText('Kunci login berhasil dibuka.')).toBeVisible();
  await expect(logins.lockBadge(user.fullname)).toBeHidden();
  await expect(logins.modal.dialog).toBeHidden();
  expect(await api.signInStatus(user.email, user.password)).toBe(200);
});
