import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ClientBuildCopy } from '../../fixtures/client-build';
import { DashboardApi } from '../../fixtures/dashboard-api';
import { ExtraDaphne } from '../../fixtures/daphne';
import { port } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { demoUsers } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { LoginPage } from '../../pages/login-page';
import { WallPage } from '../../pages/wall-page';

/**
 * A deploy swaps the client build under open tabs (DESIGN §19): the server restarts serving a newer
 * build, each tab's socket reconnects and its `subscribed` frames name the new build, and the tab
 * reloads at a safe moment: the wall at once, a back-office tab when no form holds unsaved input,
 * else a quiet banner until the form is closed. A server of its own (the worker's port + 3) serves a
 * copy of the client build that the test turns into a newer one.
 */
const skewPort = port + 3;
const noSession = { storageState: { cookies: [], origins: [] } };
const RECONNECT_MS = 45_000;

/** The build the page runs (lib/build-version.ts marks it on <html>); '' while it reloads. */
const running = (page: Page) => page.evaluate(() => document.documentElement.dataset.build ?? '').catch(() => '');

test.describe('a new client build under open tabs', () => {
  test.use(noSession);
  let dist: ClientBuildCopy;
  let server: ExtraDaphne;

  test.beforeEach(async () => {
    test.setTimeout(150_000);
    dist = new ClientBuildCopy();
    server = new ExtraDaphne(skewPort, { CLIENT_DIST: dist.dir });
    await server.start();
  });

  test.afterEach(async () => {
    await server.stop();
    dist.remove();
  });

  /** The deploy: the server stops, its dist becomes a newer build, it starts again. */
  async function deploy(): Promise<string> {
    const next = `e2e-${randomBytes(4).toString('hex')}`;
    await server.stop();
    dist.becomeNewBuild(next);
    await server.start();
    return next;
  }

  async function signIn(page: Page): Promise<AppShell> {
    await page.goto(`${server.baseURL}/login`);
    await new LoginPage(page).signIn(demoUsers.admin.email, demoUsers.admin.password);
    const shell = new AppShell(page);
    await expect(shell.connection('Terhubung')).toBeVisible();
    return shell;
  }

  const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Versi baru tersedia.' });

  test('a back-office tab with no unsaved input reloads into the new build', async ({ page }) => {
    const old = dist.build;
    await signIn(page);
    expect(await running(page)).toBe(old);

    const next = await deploy();
    await expect.poll(() => running(page), { timeout: RECONNECT_MS }).toBe(next);
    await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('a tab with unsaved input keeps it under a quiet banner and reloads once the form is closed', async ({ page }) => {
    const old = dist.build;
    const shell = await signIn(page);
    await shell.chooseFromUserMenu('Ubah Kata Sandi');
    await shell.changePassword.oldPassword.fill('sedang-diketik');

    await deploy();
    await expect(banner(page)).toBeVisible({ timeout: RECONNECT_MS });
    expect(await running(page)).toBe(old);
    await expect(shell.changePassword.oldPassword).toHaveValue('sedang-diketik');

    // The typed form asks before it is thrown away (DESIGN §18); once it is, the waiting build loads.
    await shell.changePassword.cancel.click();
    await page.getByRole('alertdialog', { name: 'Tutup form?' }).getByRole('button', { name: 'Buang isian' }).click();
    await expect.poll(() => running(page), { timeout: 15_000 }).not.toBe(old);
    await expect(banner(page)).toHaveCount(0);
  });

  test('the wall reloads into the new build at once', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await api.createDisplay(`Layar Versi ${randomBytes(3).toString('hex')}`);
    const wall = new WallPage(page);
    await wall.goto(display.token, server.baseURL);
    await wall.expectLive();
    expect(await running(page)).toBe(dist.build);

    const next = await deploy();
    await expect.poll(() => running(page), { timeout: RECONNECT_MS }).toBe(next);
    await wall.expectLive();
  });
});
