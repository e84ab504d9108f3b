import { guidePath } from '../../fixtures/env';
import { expect, signedInAs, test } from '../../fixtures/test';

test.describe('/panduan', () => {
  test.beforeEach(async ({ context }) => {
    await context.route(`**${guidePath}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Panduan uji</title><h1>Panduan uji</h1>' }),
    );
  });

  test('redirects the browser to the configured guide URL', async ({ page }) => {
    await page.goto('/panduan');
    await expect(page).toHaveURL(new RegExp(`${guidePath}$`));
    await expect(page.getByRole('heading', { name: 'Panduan uji' })).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use(signedInAs('viewer'));

    test('the sidebar guide entry opens the guide in a new tab', async ({ page, shell, context }) => {
      await shell.goto('/');
      const [guide] = await Promise.all([context.waitForEvent('page'), shell.link(/^Panduan/).click()]);
      await expect(guide).toHaveURL(new RegExp(`${guidePath}$`));
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
