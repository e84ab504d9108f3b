import { expect, test } from '../../fixtures/test';

test.describe('header user menu', () => {
  test.beforeEach(async ({ loginPage, throwawayUser }) => {
    await loginPage.goto();
    await loginPage.signIn(throwawayUser.email, throwawayUser.password, { remember: true });
  });

  test('shows the full name and My Profile opens the profile page', async ({ shell, page, throwawayUser }) => {
    await expect(page.getByRole('banner').getByText(throwawayUser.fullname)).toBeVisible();
    await shell.link('Credits').click();
    await expect(page).toHaveURL(/\/credits$/);
    await shell.chooseFromUserMenu('My Profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil Saya' })).toBeVisible();
  });

  test('Log Out goes to /login, clears the session and revokes the token', async ({ shell, api, page }) => {
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await shell.chooseFromUserMenu('Log Out');
    await expect(page).toHaveURL(/\/login$/);

    const left = await page.evaluate(() =>
      ['token', 'userProfile', 'userAccess', 'userEmail', 'permanentData'].flatMap((key) =>
        [window.localStorage.getItem(key), window.sessionStorage.getItem(key)].filter((value) => value !== null),
      ),
    );
    expect(left).toEqual([]);
    await expect.poll(() => api.profileStatus(token as string)).toBe(401);

    for (const path of ['/', '/announcement', '/credits', '/system-admin/user-level']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});
