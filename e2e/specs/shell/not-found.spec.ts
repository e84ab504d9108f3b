import { expect, signedInAs, test } from '../../fixtures/test';

const NOT_FOUND = 'Halaman yang Anda cari tidak ada.';

test.describe('404 page', () => {
  test.describe('signed in', () => {
    test.use(signedInAs('viewer'));

    for (const path of ['/tidak-ada', '/report/tidak-ada/sama-sekali', '/announcement/123']) {
      test(`${path} shows the 404 page; 'Ke Dashboard?' goes to /`, async ({ page, shell }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
        await expect(page).toHaveTitle('Kehadiran | Halaman Tidak Ditemukan');
        await page.getByRole('link', { name: 'Ke Dashboard?' }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(shell.userMenu).toBeVisible();
      });
    }
  });

  test('signed out, the 404 page still shows and its link leads to sign-in', async ({ page }) => {
    await page.goto('/tidak-ada');
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
    await page.getByRole('link', { name: 'Ke Dashboard?' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown API path answers 404 in the envelope, not the page', async ({ request }) => {
    const response = await request.get('/api/web/v1/tidak-ada');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ http_status: 404 });
  });
});
