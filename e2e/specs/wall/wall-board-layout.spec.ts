import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { DashboardApi } from '../../fixtures/dashboard-api';
import { djangoShell } from '../../fixtures/django-shell';
import { MobileApp } from '../../fixtures/mobile';
import { expect, test } from '../../fixtures/test';
import { WallPage } from '../../pages/wall-page';

/**
 * The wall board on the screen it is made for (issue 6/7): 1920x1080 read from 5 m. No text under
 * 28 px, today's counts per site, the latest arrivals coming in live; axe at both viewports.
 */

const noSession = { storageState: { cookies: [], origins: [] } };
const SCREEN = { width: 1920, height: 1080 };
const WEB = '/api/web/v1/';

interface WallSite {
  id: string;
  name: string;
  checked_in: number;
  late: number;
  absence_known: boolean;
  absent: number;
  waiting: number;
}

interface WallArrival {
  name: string;
  site: string;
  time: string;
  timezone: string;
}

interface WallBoard {
  sites: WallSite[];
  arrivals: WallArrival[];
}

async function wallBoard(request: APIRequestContext, token: string): Promise<WallBoard> {
  const response = await request.get(`${WEB}wall_display/snapshot`, { headers: { Authorization: `Display ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: WallBoard }).data;
}

/** A seeded employee (past `offset` from the end) with no check-in received today: number, name, site. */
const PICK_NEWCOMER = `
import json, os
from server.attendance.models import AttendanceLog, LogStatus
from server.core import clock
from server.workforce.models import Employee
offset = int(os.environ["E2E_EMPLOYEE_OFFSET"])
today = {clock.local_date(clock.now(), z) for z in (None, "Asia/Makassar", "Asia/Jayapura")}
came = AttendanceLog.objects.filter(log_date__in=today, log_type="check_in").exclude(status=LogStatus.REJECTED).values("employee_id")
rows = (
    Employee.objects.filter(is_active=True, attendance_disabled=False, man_power__is_active=True, employee_number__regex=r"^[0-9]+$")
    .exclude(mobile_password="").exclude(pk__in=came)
    .order_by("-employee_number").values_list("employee_number", "name", "man_power__name")[offset : offset + 1]
)
print(json.dumps([list(row) for row in rows]))
`;

async function newcomer(offset: number): Promise<{ number: string; name: string; site: string }> {
  const stdout = await djangoShell(PICK_NEWCOMER, { E2E_EMPLOYEE_OFFSET: String(offset) });
  const [row] = JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as [string, string, string][];
  expect(row, 'a seeded employee without a check-in today').toBeTruthy();
  return { number: row[0], name: row[1], site: row[2] };
}

async function openWall(page: Page, request: APIRequestContext): Promise<{ wall: WallPage; token: string }> {
  const api = await new DashboardApi(request).signIn();
  const { token } = await api.createDisplay(`Layar Besar ${randomBytes(3).toString('hex')}`);
  const wall = new WallPage(page);
  await wall.goto(token);
  await wall.expectLive();
  return { wall, token };
}

function sitesPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Per Lokasi', exact: true });
}

function arrivalsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Kedatangan Terbaru', exact: true });
}

/** The site rows on screen now: the site's name and its four numbers as shown. */
async function shownSites(page: Page): Promise<{ name: string; numbers: string[] }[]> {
  const rows = sitesPanel(page).getByRole('table').locator('tbody').getByRole('row');
  const shown = [];
  for (const row of await rows.all()) {
    const name = (await row.getByRole('rowheader').innerText()).trim();
    const numbers = (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.replace(/\s+/g, ' ').trim());
    shown.push({ name, numbers });
  }
  return shown;
}

function expectedNumbers(site: WallSite): string[] {
  const count = (value: number) => value.toLocaleString('id-ID');
  // Before the site's shift start plus tolerance: a dash, with the words for a screen reader.
  const absent = site.absence_known ? count(site.absent) : '– Menunggu jam masuk';
  return [count(site.checked_in), count(site.late), absent, count(site.waiting)];
}

/** Shown rows that differ from the server's snapshot (none when the table shows the server's counts). */
async function siteDifferences(page: Page, request: APIRequestContext, token: string): Promise<string[]> {
  const [shown, board] = await Promise.all([shownSites(page), wallBoard(request, token)]);
  const byName = new Map(board.sites.map((site) => [site.name, site]));
  const differences = shown
    .filter((row) => {
      const site = byName.get(row.name);
      return !site || JSON.stringify(expectedNumbers(site)) !== JSON.stringify(row.numbers);
    })
    .map((row) => `${row.name}: ${row.numbers.join(' ')}`);
  return shown.length === 0 ? ['no site shown'] : differences;
}

test.describe('wall board on a 1920x1080 screen', () => {
  test.use({ ...noSession, viewport: SCREEN });

  test('every text of the board is at least 28 px and the board fits the screen', async ({ page, request }) => {
    await openWall(page, request);
    await expect(sitesPanel(page).getByRole('row').nth(1)).toBeVisible();
    const sizes = await page.evaluate(() => {
      const board = document.querySelector('.wall-board');
      const found: { text: string; size: number }[] = [];
      if (!board) return found;
      const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!element || !text || element.closest('.visually-hidden')) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        found.push({ text, size: parseFloat(getComputedStyle(element).fontSize) });
      }
      return found;
    });
    // The sub-labels, the scopes, the site table and the arrivals are all there, and none is small.
    for (const label of ['Diterima', 'Sudah disetujui', 'Kehadiran', 'Izin', 'Lokasi', 'Terlambat', 'Tidak Hadir', 'Menunggu']) {
      expect(sizes.map((entry) => entry.text)).toContain(label);
    }
    const small = sizes.filter((entry) => entry.size < 28).map((entry) => `${entry.text} (${entry.size}px)`);
    expect(small).toEqual([]);
    // The whole board is on the screen: nothing below its bottom edge, nothing beside it.
    const board = await page.locator('.wall-board').boundingBox();
    expect(board).not.toBeNull();
    expect((board?.y ?? 0) + (board?.height ?? 0)).toBeLessThanOrEqual(SCREEN.height);
    const lower = await sitesPanel(page).boundingBox();
    expect((lower?.y ?? 0) + (lower?.height ?? 0)).toBeLessThanOrEqual(SCREEN.height);
    await expectNoAxeViolations(page, 'wall board at 1920x1080');
  });

  test('the per-site split shows each seeded site’s counts as the server has them', async ({ page, request }) => {
    const { token } = await openWall(page, request);
    const board = await wallBoard(request, token);
    expect(board.sites.length, 'seeded sites with people today').toBeGreaterThan(1);
    await expect.poll(() => siteDifferences(page, request, token)).toEqual([]);
    const shown = await shownSites(page);
    // The first rows are the first sites in the server's order.
    expect(shown[0].name).toBe((await wallBoard(request, token)).sites[0].name);
    if (shown.length < board.sites.length) {
      // More sites than fit: the rest come a page at a time, and the page says which.
      await expect(sitesPanel(page)).toContainText(`Lokasi 1–${shown.length} dari ${board.sites.length}`);
    }
  });

  test('a check-in through the API appears in the latest arrivals at once, without a reload', async ({ page, request }) => {
    const person = await newcomer(45);
    const mobile = new MobileApp(request);
    await mobile.signIn(person.number);
    const { token } = await openWall(page, request);
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

    expect(await mobile.checkInWaitingApproval('check_in')).toBe('waiting_approval');
    // Found by name: another spec's check-in made at a later local time (01.30 WIT) can sort above it.
    const mine = arrivalsPanel(page).getByRole('listitem').filter({ hasText: person.name });
    await expect(mine).toBeVisible({ timeout: 5_000 });
    await expect(mine).toContainText(person.site);
    await expect(mine.locator('.wall-arrival-time')).toHaveText(/^\d{2}\.\d{2} (WIB|WITA|WIT)$/);
    const arrivals = (await wallBoard(request, token)).arrivals;
    expect(arrivals.map((arrival) => arrival.name)).toContain(person.name);
    // The site's row counts the arrival too (its page comes round within two turns).
    await expect
      .poll(async () => (await shownSites(page)).some((row) => row.name === person.site), { timeout: 25_000 })
      .toBe(true);
    await expect.poll(() => siteDifferences(page, request, token)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);

    // And on a laptop and a phone: no axe violation, nothing wider than the screen.
    await expectWellFormedAtBothViewports(page, 'wall board with its sites and arrivals');
  });
});
