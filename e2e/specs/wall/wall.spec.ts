import { randomBytes } from 'node:crypto';
import { DashboardApi } from '../../fixtures/dashboard-api';
import { ExtraDaphne, restartPort } from '../../fixtures/daphne';
import { checkInEmployees, MobileApp } from '../../fixtures/mobile';
import { expect, signedInAs, test } from '../../fixtures/test';
import { shownNumber } from '../../pages/dashboard-page';
import { WallPage } from '../../pages/wall-page';

const noSession = { storageState: { cookies: [], origins: [] } };

async function newDisplay(api: DashboardApi, prefix = 'Layar Uji') {
  const name = `${prefix} ${randomBytes(3).toString('hex')}`;
  return { name, ...(await api.createDisplay(name)) };
}

/** Shown minus REST for every number of the board: all zeros when the wall shows the server's counts. */
async function boardDifferences(wall: WallPage, api: DashboardApi, token: string, baseURL = ''): Promise<number[]> {
  const { counts } = await api.displaySnapshot(token, baseURL);
  const shown = await Promise.all([
    shownNumber(wall.tile('Check-in Hari Ini')),
    shownNumber(wall.waitingCount('Kehadiran')),
    shownNumber(wall.waitingCount('Izin')),
    shownNumber(wall.tile('Terlambat Hari Ini')),
    shownNumber(wall.tile('Tidak Hadir Hari Ini')),
  ]);
  const rest = [counts.checked_in_today, counts.attendance_waiting, counts.izin_waiting, counts.late_today, counts.absent_today];
  return shown.map((value, index) => value - rest[index]);
}

test.describe('wall display board', () => {
  test.use(noSession);

  test('without a token, or with an unknown one, it says the token is not valid', async ({ page }) => {
    const wall = new WallPage(page);
    await page.goto('/wall');
    await expect(wall.invalid).toBeVisible();
    await wall.goto('bukan-token-yang-benar');
    await expect(wall.invalid).toBeVisible();
    await expect(page).toHaveURL(/\/wall\?token=/);
    await expect(wall.clock).toHaveCount(0);
  });

  test('shows the server’s counts in large type, a clock and the connection, with no sign-in and no shell', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await expect(wall.name).toHaveText(display.name);
    await wall.expectLive();
    await expect(page).toHaveURL(/\/wall\?token=/);
    await expect(page).toHaveTitle('Kehadiran | Tampilan Dinding');
    await expect(page.getByRole('button', { name: 'Menu pengguna' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toHaveCount(0);
    await expect(wall.clock).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual([0, 0, 0, 0, 0]);
  });

  test('updates live after a mobile check-in, without a reload', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const [employee] = await checkInEmployees(1, 3);
    const mobile = new MobileApp(request);
    await mobile.signIn(employee);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await wall.expectLive();
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual([0, 0, 0, 0, 0]);
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
    const before = await wall.waitingAttendance();

    expect(await mobile.checkInWaitingApproval()).toBe('waiting_approval');
    await expect.poll(() => wall.waitingAttendance(), { timeout: 1_500 }).toBeGreaterThan(before);
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual([0, 0, 0, 0, 0]);
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  });

  test('revoking the token blanks the board at once and it stops reconnecting', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const wall = new WallPage(page);
    let sockets = 0;
    page.on('websocket', () => (sockets += 1));
    await wall.goto(display.token);
    await wall.expectLive();

    await api.revokeDisplay(display.hash_id);
    await expect(wall.revoked).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('alert')).toContainText('dicabut oleh administrator');
    await expect(wall.clock).toHaveCount(0);
    await expect(wall.waiting).toHaveCount(0);
    const afterRevoke = sockets;
    await page.waitForTimeout(5_000);
    expect(sockets).toBe(afterRevoke);
    await expect(wall.revoked).toBeVisible();

    // The token is refused from now on.
    await page.reload();
    await expect(wall.invalid).toBeVisible();
  });
});

test.describe('wall display for a signed-in browser', () => {
  test.use(signedInAs('admin'));

  test('/wall is not redirected to the dashboard and shows no shell', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await wall.expectLive();
    await expect(page).toHaveURL(/\/wall\?token=/);
    await expect(page.getByRole('button', { name: 'Menu pengguna' })).toHaveCount(0);
  });
});

test.describe('wall display across a server restart', () => {
  test.use(noSession);

  test('shows Terputus while the server is down, then reconnects by itself and is correct again', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api, 'Layar Restart');
    const [employee] = await checkInEmployees(1, 2);
    const mobile = new MobileApp(request);
    await mobile.signIn(employee);

    const server = new ExtraDaphne(restartPort);
    await server.start();
    try {
      const wall = new WallPage(page);
      await wall.goto(display.token, server.baseURL);
      await wall.expectLive();
      await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
      await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual([0, 0, 0, 0, 0]);
      const before = await wall.waitingAttendance();

      await server.stop();
      await expect(wall.connection('Terputus')).toBeVisible({ timeout: 10_000 });
      // A change while the wall's server is away (made through the other server).
      expect(await mobile.checkInWaitingApproval('check_in')).toBe('waiting_approval');
      await page.waitForTimeout(3_000);
      expect(await wall.waitingAttendance()).toBe(before);

      await server.start();
      await expect(wall.connection('Terhubung')).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => wall.waitingAttendance()).toBeGreaterThan(before);
      await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual([0, 0, 0, 0, 0]);

      // And it is live again.
      const afterRestart = await wall.waitingAttendance();
      expect(await mobile.checkInWaitingApproval('check_out')).toBe('waiting_approval');
      await expect.poll(() => wall.waitingAttendance(), { timeout: 1_500 }).toBeGreaterThan(afterRestart);
      expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
