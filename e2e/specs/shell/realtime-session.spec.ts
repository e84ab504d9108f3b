import { expect, signedInContext, test } from '../../fixtures/test';
import { updateLogin } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { LoginPage } from '../../pages/login-page';

/** The `session` topic: a revoked token signs the other open tabs and devices out without a reload. */
test.describe('realtime session', () => {
  test('the header shows the connection as connected', async ({ browser, throwawayUser }) => {
    const { context, shell } = await signedInContext(browser, throwawayUser);
    try {
      await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  test('the socket authenticates with a one-time ticket, never the token', async ({ browser, throwawayUser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      const sockets: string[] = [];
      page.on('websocket', (socket) => sockets.push(socket.url()));
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(throwawayUser.email, throwawayUser.password, { remember: true });
      await expect(new AppShell(page).connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      const token = await page.evaluate(() => window.localStorage.getItem('token'));
      expect(sockets.length).toBeGreaterThan(0);
      for (const url of sockets) {
        expect(url).toMatch(/\/ws\/v1\/\?ticket=/);
        expect(url).not.toContain(token as string);
      }
    } finally {
      await context.close();
    }
  });

  test('a dropped socket shows in the header and reconnects by itself', async ({ browser, throwawayUser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      const servers: Array<{ close: () => Promise<void> }> = [];
      await page.routeWebSocket(/\/ws\/v1\//, (ws) => {
        servers.push(ws.connectToServer());
      });
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(throwawayUser.email, throwawayUser.password, { remember: true });
      const shell = new AppShell(page);
      await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      const before = servers.length;

      await servers[servers.length - 1].close();
      await expect(shell.connection('Terhubung')).toBeHidden();
      await expect(shell.connection('Terputus').or(shell.connection('Menghubungkan…'))).toBeVisible();
      await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 15_000 });
      expect(servers.length).toBeGreaterThan(before);
    } finally {
      await context.close();
    }
  });

  test('Log Out in one tab signs the other tab out within 2 s, without a reload', async ({ browser, throwawayUser }) => {
    const { context, page: first, shell } = await signedInContext(browser, throwawayUser);
    try {
      const second = await context.newPage();
      const otherShell = new AppShell(second);
      await otherShell.goto('/credits');
      await expect(otherShell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      await second.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

      await shell.chooseFromUserMenu('Log Out');
      await expect(first).toHaveURL(/\/login$/);
      await expect(second).toHaveURL(/\/login$/, { timeout: 2_000 });
      expect(await second.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('changing the password signs the user out of their other sign-in within 2 s', async ({ browser, throwawayUser }) => {
    const changer = await signedInContext(browser, throwawayUser);
    const other = await signedInContext(browser, throwawayUser);
    try {
      await other.page.goto('/credits');
      await expect(other.shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      await other.page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

      await changer.shell.chooseFromUserMenu('Ubah Kata Sandi');
      await changer.shell.changePassword.fill(throwawayUser.password, 'Realtime-123456');
      await changer.shell.changePassword.submit.click();
      await expect(changer.page.getByRole('status', { name: 'Kata sandi berhasil diubah.' })).toBeVisible();

      await expect(other.page).toHaveURL(/\/login$/, { timeout: 2_000 });
      expect(await other.page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
      expect(await other.page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      // The tab that changed it keeps its session.
      await expect(changer.page).not.toHaveURL(/\/login$/);
      await expect(changer.shell.userMenu).toBeVisible();
    } finally {
      await changer.context.close();
      await other.context.close();
    }
  });
});

test.describe('realtime access changes', () => {
  test('a narrower access level reaches the open tab live: sidebar and page follow', async ({ browser, throwawayUser }) => {
    const { context, page, shell } = await signedInContext(browser, throwawayUser);
    try {
      await shell.goto('/system-admin/user-level');
      await expect(page.getByRole('main').getByText('User Level').first()).toBeVisible();
      await expect(shell.group('Sistem Administrasi')).toBeVisible();
      await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

      await updateLogin(throwawayUser.email, { level: 'Tanpa Akses' });

      await expect(shell.sidebar.getByRole('button')).toHaveCount(0, { timeout: 3_000 });
      // The open screen is no longer allowed: it says why (no silent redirect), without a reload,
      // and the user moves on from there.
      await expect(page.getByRole('heading', { name: 'Akses Dicabut', level: 1 })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Akses Anda ke halaman ini telah dicabut');
      await expect(page).toHaveURL(/\/system-admin\/user-level$/);
      expect(await shell.visibleLinkHrefs()).toEqual(['/', '/credits', '/panduan']);
      await page.getByRole('main').getByRole('link', { name: 'Kembali ke Dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
      const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('userAccess') ?? '{}'));
      expect(stored.allow_user_level ?? 0).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('deactivating the login signs its open tab out within 2 s', async ({ browser, throwawayUser }) => {
    const { context, page, shell } = await signedInContext(browser, throwawayUser);
    try {
      await expect(shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      await updateLogin(throwawayUser.email, { isActive: false });
      await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
    } finally {
      await context.close();
    }
  });
});
