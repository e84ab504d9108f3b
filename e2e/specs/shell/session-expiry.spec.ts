import { expect, signedInAs, test } from '../../fixtures/test';

test.describe('an answer of 401', () => {
  test.use(signedInAs('admin'));

  test('signs the user out silently and goes to /login', async ({ page, shell, notifications }) => {
    await shell.goto('/credits');
    await page.route('**/api/web/v1/profile', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ http_status: 401, message: 'Sesi berakhir.', data: null }),
      }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(notifications.errorPopup()).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('a 401 carried only in the body (http_status) counts too', async ({ page, shell }) => {
    await shell.goto('/credits');
    await page.route('**/api/web/v1/profile', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ http_status: 401, message: 'Sesi berakhir.', data: null }),
      }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});
