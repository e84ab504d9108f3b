import { ExtraDaphne } from '../../fixtures/daphne';
import { guidePath, port } from '../../fixtures/env';
import { expect, signedInAs, test } from '../../fixtures/test';

/** A server of its own with GUIDE_URL set, on the worker's e2e port + 2. */
const guidePort = port + 2;

test.describe('/panduan without GUIDE_URL (the default)', () => {
  test('shows the in-app Indonesian guide to a visitor, with a way to sign in', async ({ page }) => {
    await page.goto('/panduan');
    await expect(page).toHaveURL(/\/panduan$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panduan Kehadiran' })).toBeVisible();
    await expect(page).toHaveTitle('Kehadiran | Panduan');
    const contents = page.getByRole('navigation', { name: 'Daftar isi' });
    await contents.getByRole('link', { name: 'Persetujuan kehadiran' }).click();
    await expect(page).toHaveURL(/#persetujuan-kehadiran$/);
    await expect(page.getByRole('region', { name: 'Persetujuan kehadiran' })).toBeInViewport();
    await page.getByRole('link', { name: 'Ke halaman masuk' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test.describe('signed in', () => {
    test.use(signedInAs('viewer'));

    test('the sidebar guide entry opens the in-app guide in a new tab, with a way to the dashboard', async ({
      page,
      shell,
      context,
    }) => {
      await shell.goto('/');
      const [guide] = await Promise.all([context.waitForEvent('page'), shell.link(/^Panduan/).click()]);
      await expect(guide).toHaveURL(/\/panduan$/);
      await expect(guide.getByRole('heading', { level: 1, name: 'Panduan Kehadiran' })).toBeVisible();
      await guide.getByRole('link', { name: 'Ke Dashboard' }).click();
      await expect(guide).toHaveURL(/\/$/);
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test.describe('/panduan with GUIDE_URL set', () => {
  const server = new ExtraDaphne(guidePort, { GUIDE_URL: `http://127.0.0.1:${guidePort}${guidePath}` });

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    await server.start();
  });
  test.afterAll(async () => server.stop());

  test('forwards the browser to the configured guide', async ({ page, context }) => {
    // The external guide site is not part of the project: its page is served by the test.
    await context.route(`**${guidePath}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Panduan uji</title><h1>Panduan uji</h1>' }),
    );
    await page.goto(`${server.baseURL}/panduan`);
    await expect(page).toHaveURL(new RegExp(`${guidePath}$`));
    await expect(page.getByRole('heading', { name: 'Panduan uji' })).toBeVisible();
  });
});
