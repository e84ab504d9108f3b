import { expect, test } from '../../fixtures/test';

test.describe('change-password modal', () => {
  test.beforeEach(async ({ loginPage, throwawayUser }) => {
    await loginPage.goto();
    await loginPage.signIn(throwawayUser.email, throwawayUser.password, { remember: true });
  });

  test('validates, refuses a wrong old password, then changes it', async ({
    shell,
    loginPage,
    notifications,
    api,
    page,
    throwawayUser,
  }) => {
    // Six round trips and two sign-ins in one story: more than the default 45 s on a loaded machine.
    test.slow();
    const modal = shell.changePassword;
    await shell.chooseFromUserMenu('Ubah Kata Sandi');
    await expect(modal.dialog).toBeVisible();

    await expect(modal.newPassword).toHaveAccessibleDescription('Minimal 6 karakter.');
    await modal.submit.click();
    await expect(modal.dialog.getByText('Kata sandi harus diisi')).toHaveCount(3);

    await modal.fill(throwawayUser.password, 'Ganti-123456', 'Ganti-999999');
    await modal.submit.click();
    await expect(modal.dialog.getByText('Kata sandi tidak sama')).toBeVisible();
    await expect(modal.dialog.getByText('Kata sandi harus diisi')).toHaveCount(0);

    // The server's answer is shown on the field it names, focused, not in a blocking popup (DESIGN §18).
    await modal.fill('lama-yang-salah', 'Ganti-123456');
    await modal.submit.click();
    await expect(modal.oldPassword).toHaveAccessibleDescription(/Kata sandi lama salah\./);
    await expect(modal.oldPassword).toBeFocused();
    await expect(modal.oldPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(notifications.errorPopup()).toHaveCount(0);
    await expect(modal.dialog).toBeVisible();

    // The minimum length (doc1 §9) is checked in the form, under the field, before anything is sent.
    await modal.fill(throwawayUser.password, '12345');
    await modal.submit.click();
    await expect(modal.newPassword).toHaveAccessibleDescription(/^Kata sandi setidaknya memiliki 6 karakter/);
    await expect(modal.newPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(notifications.errorPopup()).toHaveCount(0);
    // The server holds it too, and that the new password differs from the old one.
    await modal.fill(throwawayUser.password, throwawayUser.password);
    await modal.submit.click();
    await expect(modal.newPassword).toHaveAccessibleDescription(/Kata sandi baru tidak boleh sama dengan kata sandi lama\./);
    await expect(modal.newPassword).toBeFocused();
    await expect(notifications.errorPopup()).toHaveCount(0);

    await modal.fill(throwawayUser.password, 'Ganti-123456');
    await modal.submit.click();
    await expect(notifications.toast('Kata sandi berhasil diubah.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();
    // The tab that changed the password stays signed in.
    await page.goto('/credits');
    await expect(page).toHaveURL(/\/credits$/);

    expect(await api.signInStatus(throwawayUser.email, throwawayUser.password)).not.toBe(200);
    await shell.chooseFromUserMenu('Log Out');
    await expect(page).toHaveURL(/\/login$/);
    await loginPage.signIn(throwawayUser.email, 'Ganti-123456');
    await expect(shell.userMenu).toBeVisible();
  });

  test('Batal closes the modal (after asking, as it is filled) without changing anything', async ({ shell, api, throwawayUser, page }) => {
    await shell.chooseFromUserMenu('Ubah Kata Sandi');
    await shell.changePassword.fill(throwawayUser.password, 'Tidak-jadi-1');
    await shell.changePassword.cancel.click();
    await page.getByRole('alertdialog', { name: 'Tutup form?' }).getByRole('button', { name: 'Buang isian' }).click();
    await expect(shell.changePassword.dialog).toBeHidden();
    expect(await api.signInStatus(throwawayUser.email, throwawayUser.password)).toBe(200);
  });

  test('a route change (browser Back) closes the open modal', async ({ shell, page }) => {
    await shell.link('Credits').click();
    await expect(page).toHaveURL(/\/credits$/);
    await shell.chooseFromUserMenu('Ubah Kata Sandi');
    await expect(shell.changePassword.dialog).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.changePassword.dialog).toBeHidden();
  });
});
