import { randomBytes } from 'node:crypto';
import { expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { DashboardApi } from '../../fixtures/dashboard-api';
import { ExtraDaphne, restartPort } from '../../fixtures/daphne';
import { djangoShell } from '../../fixtures/django-shell';
import { checkInEmployees, MobileApp } from '../../fixtures/mobile';
import { expect, signedInAs, test } from '../../fixtures/test';
import { shownNumber } from '../../pages/dashboard-page';
import { WallPage } from '../../pages/wall-page';

const noSession = { storageState: { cookies: [], origins: [] } };

/** A seeded employee (from the end of the list, past `offset`) with no check-in received today. */
const PICK_NOT_CHECKED_IN = `
import json, os
from server.attendance.models import AttendanceLog, LogStatus
from server.core import clock
from server.workforce.models import Employee
offset = int(os.environ["E2E_EMPLOYEE_OFFSET"])
today = {clock.local_date(clock.now(), None), clock.local_date(clock.now(), "Asia/Jayapura"), clock.local_date(clock.now(), "Asia/Makassar")}
came = AttendanceLog.objects.filter(log_date__in=today, log_type="check_in").exclude(status=LogStatus.REJECTED).values("employee_id")
rows = (
    Employee.objects.filter(is_active=True, attendance_disabled=False, man_power__isnull=False, employee_number__regex=r"^[0-9]+$")
    .exclude(mobile_password="").exclude(pk__in=came)
    .order_by("-employee_number").values_list("employee_number", flat=True)[offset : offset + 1]
)
print(json.dumps(list(rows)))
`;

async function employeeNotCheckedIn(offset: number): Promise<string> {
  const stdout = await djangoShell(PICK_NOT_CHECKED_IN, { E2E_EMPLOYEE_OFFSET: String(offset) });
  const [number] = JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as string[];
  expect(number, 'a seeded employee without a check-in today').toBeTruthy();
  return number;
}

async function newDisplay(api: DashboardApi, prefix = 'Layar Uji') {
  const name = `${prefix} ${randomBytes(3).toString('hex')}`;
  return { name, ...(await api.createDisplay(name)) };
}

/**
 * Shown minus REST for every number of the board: all zeros when the wall shows the server's counts.
 * Before any site's shift start plus tolerance the absence tile shows 'Menunggu jam masuk' (0 then).
 */
async function boardDifferences(wall: WallPage, api: DashboardApi, token: string, baseURL = ''): Promise<number[]> {
  const { counts } = await api.displaySnapshot(token, baseURL);
  const shown = await Promise.all([
    shownNumber(wall.checkInCount('Diterima')),
    shownNumber(wall.checkInCount('Sudah disetujui')),
    shownNumber(wall.waitingCount('Kehadiran')),
    shownNumber(wall.waitingCount('Izin')),
    shownNumber(wall.tile('Terlambat Hari Ini')),
  ]);
  const rest = [
    counts.checkins_received_today,
    counts.checked_in_today,
    counts.attendance_waiting,
    counts.izin_waiting,
    counts.late_today,
  ];
  const absence = counts.absence_today.known
    ? (await shownNumber(wall.tile('Tidak Hadir Hari Ini'))) - counts.absence_today.absent
    : (await wall.region('Tidak Hadir Hari Ini').innerText()).includes('Menunggu jam masuk')
      ? 0
      : 1;
  return [...shown.map((value, index) => value - rest[index]), absence];
}

const ZEROS = [0, 0, 0, 0, 0, 0];

test.describe('wall display board', () => {
  test.use(noSession);

  test('without a token, or with an unknown one, it says the token is not valid', async ({ page }) => {
    const wall = new WallPage(page);
    await page.goto('/wall');
    await expect(wall.invalid).toBeVisible();
    await wall.goto('bukan-token-yang-benar');
    await expect(wall.invalid).toBeVisible();
    await expect(page).toHaveURL(/\/wall#token=/);
    await expect(wall.clock).toHaveCount(0);
  });

  test('the token stays in the fragment: no request carries it in its address; an old ?token= link opens the board and becomes #token=', async ({
    page,
    request,
  }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const addresses: string[] = [];
    page.on('request', (sent) => addresses.push(sent.url()));
    page.on('websocket', (socket) => addresses.push(socket.url()));
    // Playwright reports a document request with its fragment; the browser never sends one.
    const carrying = () => addresses.filter((address) => address.split('#')[0].includes(display.token));
    const wall = new WallPage(page);

    // An old link still works, once: its address becomes the fragment form in place.
    await wall.gotoOldLink(display.token);
    await expect(wall.name).toHaveText(display.name);
    await wall.expectLive();
    await expect(page).toHaveURL(new RegExp(`/wall#token=${display.token}$`));
    expect(new URL(page.url()).search).toBe('');
    // Only the old link's own page load carried it; nothing after it (the REST calls, the ticket, the socket).
    expect(addresses.length).toBeGreaterThan(3);
    expect(carrying()).toHaveLength(1);
    expect(carrying()[0]).toMatch(/\/wall\?token=/);
    // Replaced, not pushed: Back leaves the wall instead of returning to the query form.
    await page.goBack();
    await expect(page).toHaveURL('about:blank');

    // The fragment form: no request carries the token in its address, a reload neither.
    addresses.length = 0;
    await wall.goto(display.token);
    await expect(wall.name).toHaveText(display.name);
    await wall.expectLive();
    await page.reload();
    await wall.expectLive();
    expect(new URL(page.url()).hash).toBe(`#token=${display.token}`);
    expect(addresses.length).toBeGreaterThan(3);
    expect(carrying()).toEqual([]);

    // Another token in the fragment of the open wall starts it afresh with that token.
    await wall.goto('bukan-token-yang-benar');
    await expect(wall.invalid).toBeVisible();
    await expect(wall.clock).toHaveCount(0);
  });

  test('shows the server’s counts in large type, a clock and the connection, with no sign-in and no shell', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await expect(wall.name).toHaveText(display.name);
    await wall.expectLive();
    await expect(page).toHaveURL(/\/wall#token=/);
    await expect(page).toHaveTitle('Kehadiran | Tampilan Dinding');
    await expect(page.getByRole('button', { name: 'Menu pengguna' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toHaveCount(0);
    await expect(wall.clock).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);
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
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
    const before = await wall.waitingAttendance();

    expect(await mobile.checkInWaitingApproval()).toBe('waiting_approval');
    await expect.poll(() => wall.waitingAttendance(), { timeout: 1_500 }).toBeGreaterThan(before);
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  });

  test('every card says what it counts: check-ins received (waiting included) beside the approved ones, absence after the shift start', async ({ page, request }) => {
    const api = await new DashboardApi(request).signIn();
    const display = await newDisplay(api);
    const employee = await employeeNotCheckedIn(30);
    const mobile = new MobileApp(request);
    await mobile.signIn(employee);
    const wall = new WallPage(page);
    await wall.goto(display.token);
    await wall.expectLive();
    await expect(wall.region('Check-in Hari Ini')).toContainText('Check-in yang diterima hari ini, termasuk yang menunggu persetujuan');
    await expect(wall.region('Menunggu Persetujuan')).toContainText('Semua tanggal, semua tipe man power');
    await expect(wall.region('Terlambat Hari Ini')).toContainText('Check-in disetujui yang lewat jam masuk + toleransi');
    const { counts } = await api.displaySnapshot(display.token);
    const absence = wall.region('Tidak Hadir Hari Ini');
    if (!counts.absence_today.known) {
      await expect(absence).toContainText('Menunggu jam masuk');
    } else if (counts.absence_today.sites_known < counts.absence_today.sites_total) {
      await expect(absence).toContainText(
        `${counts.absence_today.sites_known} dari ${counts.absence_today.sites_total} lokasi sudah lewat jam masuk`,
      );
    } else {
      await expect(absence).toContainText('Belum check-in setelah jam masuk + toleransi tiap lokasi');
    }
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);

    // A check-in waiting for approval is received at once; the approved number does not move.
    const received = await shownNumber(wall.checkInCount('Diterima'));
    const approved = await shownNumber(wall.checkInCount('Sudah disetujui'));
    expect(await mobile.checkInWaitingApproval('check_in')).toBe('waiting_approval');
    await expect.poll(() => shownNumber(wall.checkInCount('Diterima'))).toBe(received + 1);
    expect(await shownNumber(wall.checkInCount('Sudah disetujui'))).toBe(approved);
    await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);
    await expectWellFormedAtBothViewports(page, 'wall display board');
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
    await expect(page).toHaveURL(/\/wall#token=/);
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
      await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);
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
      await expect.poll(() => boardDifferences(wall, api, display.token)).toEqual(ZEROS);

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
