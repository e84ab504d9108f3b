import { expect, signedInAs, test } from '../../fixtures/test';

test.describe('/credits', () => {
  test.use(signedInAs('viewer'));

  test('lists the open-source works the product is built on', async ({ page, shell }) => {
    await shell.goto('/');
    await shell.link('Credits').click();
    await expect(page).toHaveURL(/\/credits$/);
    await expect(page).toHaveTitle('Kehadiran | Credits');
    await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
    await expect(shell.link('Credits')).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Aset', 'Digunakan di', 'Lisensi', 'Sumber']);
    expect(await table.getByRole('row').count()).toBeGreaterThan(3);
    await expect(table.getByRole('rowheader', { name: /Bootstrap Icons/ })).toBeVisible();
  });

  test('needs a session', async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      await page.goto('/credits');
      await expect(page).toHaveURL(/\/login$/);
    } finally {
      await context.close();
    }
  });
});
