import { shownNumber } from '../pages/dashboard-page';
import { WallPage } from '../pages/wall-page';
import { expect, test } from './test';

test.describe('wall display (/wall)', () => {
  // The wall signs in with its display token only.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a new display’s board shows its name, connects and shows the server’s counts @smoke', async ({ page, backOffice, run }) => {
    const name = `${run.tag}: layar`;
    const display = await backOffice.createDisplay(name);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await expect(wall.name).toHaveText(name);
    await wall.expectLive();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toHaveCount(0);
    await expect
      .poll(async () => {
        const { counts } = await backOffice.displaySnapshot(display.token);
        return [
          (await wall.waitingAttendance()) - counts.attendance_waiting,
          (await shownNumber(wall.waitingCount('Izin'))) - counts.izin_waiting,
        ];
      })
      .toEqual([0, 0]);
  });

  test('the board’s waiting count rises live when the employee app sends a check-in @smoke', async ({
    page,
    backOffice,
    employeeApp,
    run,
  }) => {
    const display = await backOffice.createDisplay(`${run.tag}: layar langsung`);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await wall.expectLive();
    await expect.poll(() => wall.waitingAttendance()).not.toBeNaN();
    await page.evaluate(() => ((window as unknown as { smokeNoReload: boolean }).smokeNoReload = true));
    const before = await wall.waitingAttendance();

    await employeeApp.checkIn(`${run.tag}: dinding`);
    await expect.poll(() => wall.waitingAttendance()).toBeGreaterThan(before);
    expect(await page.evaluate(() => (window as unknown as { smokeNoReload?: boolean }).smokeNoReload)).toBe(true);
  });

  test('revoking a display blanks its open board at once and its token is refused @smoke', async ({ page, backOffice, request, run }) => {
    const display = await backOffice.createDisplay(`${run.tag}: layar dicabut`);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await wall.expectLive();
    expect(await backOffice.revokeDisplay(display.hash_id)).toBe(200);
    await expect(wall.revoked).toBeVisible();
    const refused = await request.get('/api/web/v1/wall_display/snapshot', { headers: { Authorization: `Display ${display.token}` } });
    expect(refused.status()).toBe(401);
  });
});
