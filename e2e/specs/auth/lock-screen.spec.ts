import { expect, test } from '../../fixtures/test';

test.describe('/lock-screen', () => {
  test.beforeEach(async ({ loginPage, throwawayUser }) => {
    await loginPage.goto();
    await loginPage.signIn(throwawayUser.email, throwawayUser.password, { remember: true });
  });

  test('Lock Screen from the user menu shows the full name and unlocks with the password', async ({
    shell,
    lockScreenPage,
    notifications,
    page,
    throwawayUser,
  }) => {
    await shell.chooseFromUserMenu('Lock Screen');
    await expect(page).toHaveURL(/\/lock-screen$/);
    await expect(page).toHaveTitle('Kehadiran | Kunci Layar');
    await expect(lockScreenPage.fullname(throwawayUser.fullname)).toBeVisible();
    // Only the token is gone; the profile stays for this screen.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // Locked: protected pages are out of reach.
    await page.goto('/announcement');
    await expect(page).toHaveURL(/\/login$|\/lock-screen$/);
    await page.goto('/lock-screen');

    await lockScreenPage.unlock.click();
    await expect(page.getByText('Password harus diisi')).toBeVisible();

    await lockScreenPage.password.fill('bukan-passwordnya');
    await lockScreenPage.unlock.click();
    // Said on the form, read with the password field, which takes the focus again; no popup.
    await expect(page.getByRole('alert').filter({ hasText: 'Password salah.' })).toBeVisible();
    await expect(notifications.errorPopup()).toHaveCount(0);
    await expect(lockScreenPage.password).toHaveAccessibleDescription('Password salah.');
    await expect(lockScreenPage.password).toBeFocused();
    await expect(page).toHaveURL(/\/lock-screen$/);

    await lockScreenPage.showPassword.click();
    await expect(lockScreenPage.password).toHaveAttribute('type', 'text');
    await lockScreenPage.password.fill(throwawayUser.password);
    await lockScreenPage.unlock.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.userMenu).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  });

  test("'Bukan Anda?' signs the locked user out to /login", async ({ shell, page }) => {
    await shell.chooseFromUserMenu('Lock Screen');
    await expect(page).toHaveURL(/\/lock-screen$/);
    await page.getByRole('link', { name: 'Bukan Anda? Masuk dengan akun lain' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('userEmail'))).toBeNull();
    await page.goto('/lock-screen');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('/lock-screen without any session goes to /login', async ({ page }) => {
  await page.goto('/lock-screen');
  await expect(page).toHaveURL(/\/login$/);
});
