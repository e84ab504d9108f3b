import { readFileSync } from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { ExtraDaphne } from '../../fixtures/daphne';
import { shownDate } from '../../fixtures/dates';
import { port } from '../../fixtures/env';
import { djangoShell } from '../../fixtures/django-shell';
import { uniqueSuffix } from '../../fixtures/people';
import { test as base, expect } from '../../fixtures/test';
import { storageStatePath } from '../../fixtures/users';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';
import { BackOfficeApi } from '../../pages/back-office-api';
import { employeesOf, MobileApp, type CheckIn, type DemoEmployee } from '../../pages/mobile-app';

/**
 * Issue 16, the time-zone rule (README "Time zones") at 23:30 WIB: a second server whose clock starts
 * at the next 23:30 WIB (CLOCK_START) on the same database, and a browser on that clock. A WIB office,
 * a WITA site and a WIT office (moved to Jayapura for the test) check in at the same moment; each log is dated, filtered, shown and counted by
 * its placement's own date.
 */

const test = base;
test.describe.configure({ mode: 'serial' });

const WIB_OFFSET_MS = 7 * 3_600_000;

/** The next 23:30 WIB from now, as an ISO string with the +07:00 offset, and its WIB date. */
function nextHalfPastElevenWib(): { iso: string; wibDate: string; nextDate: string } {
  const wibNow = new Date(Date.now() + WIB_OFFSET_MS);
  const day = new Date(Date.UTC(wibNow.getUTCFullYear(), wibNow.getUTCMonth(), wibNow.getUTCDate()));
  if (wibNow.getUTCHours() * 60 + wibNow.getUTCMinutes() >= 23 * 60 + 25) day.setUTCDate(day.getUTCDate() + 1);
  const wibDate = day.toISOString().slice(0, 10);
  const next = new Date(day);
  next.setUTCDate(next.getUTCDate() + 1);
  return { iso: `${wibDate}T23:30:00+07:00`, wibDate, nextDate: next.toISOString().slice(0, 10) };
}

/**
 * Two office employees without a check-in counted on `E2E_DAY`, so each approved check-in below adds
 * to "today": a demo employee of Jakarta (WIB), and a new copy of another one placed in Jayapura (WIT).
 * The copy is new so that no demo employee changes placement under the other specs of this worker
 * (employeesOf keeps the placements it read).
 */
const WIB_AND_WIT_EMPLOYEES = `
import json, os
from datetime import date
from server.attendance.models import AttendanceDay
from server.workforce.models import Employee, ManPower
day = date.fromisoformat(os.environ["E2E_DAY"])
place, _ = ManPower.objects.get_or_create(
    name="Kantor Perwakilan Jayapura",
    defaults={"type": "office", "latitude": -2.53371, "longitude": 140.71813, "max_radius": 150,
              "timezone": "Asia/Jayapura"},
)
checked_in = AttendanceDay.objects.filter(date__gte=day, check_in__isnull=False).values("employee_id")
free = (
    Employee.objects.filter(man_power__type="office", man_power__timezone="Asia/Jakarta", is_active=True,
                            attendance_disabled=False, attendance_location_type="placement",
                            employee_number__regex=r"^[0-9]+$")  # seed_demo's: others may have a new password
    .exclude(mobile_password="").exclude(pk__in=checked_in).order_by("-pk")
)
wib, wit = free[0], Employee.objects.get(pk=free[1].pk)
suffix = os.environ["E2E_SUFFIX"]
wit.pk, wit._state.adding = None, True
wit.employee_number = wit.employee_number_formatted = f"WIT-{suffix}"
wit.name, wit.email, wit.man_power = f"Karyawan Jayapura {suffix}", "", place
wit.save()
print("E2E_JSON=" + json.dumps([[e.employee_number_formatted, e.name, e.man_power.name] for e in (wib, wit)]))
`;

async function wibAndWitEmployees(day: string): Promise<[DemoEmployee, DemoEmployee]> {
  const stdout = await djangoShell(WIB_AND_WIT_EMPLOYEES, { E2E_DAY: day, E2E_SUFFIX: uniqueSuffix() });
  const line = stdout.split('\n').find((text) => text.startsWith('E2E_JSON='));
  const rows = JSON.parse(line?.slice('E2E_JSON='.length) ?? '[]') as string[][];
  const [wib, wit] = rows.map(([number, name, manPowerName]) => ({ number, name, manPowerName }));
  return [wib, wit];
}

/** The stored admin session, moved to the second server's origin (a session lives per origin). */
function adminStateFor(baseURL: string) {
  const state = JSON.parse(readFileSync(storageStatePath('admin'), 'utf8')) as {
    cookies: unknown[];
    origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
  };
  return { cookies: [], origins: state.origins.map((origin) => ({ ...origin, origin: baseURL })) };
}

test('at 23:30 WIB each placement keeps its own date in the list, the filters, the detail and the counts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const clock = nextHalfPastElevenWib();
  const server = new ExtraDaphne(port + 2, { CLOCK_START: clock.iso });
  await server.start();
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: adminStateFor(server.baseURL) });
  try {
    // Kantor Pusat Jakarta is WIB; every demo site is in Kalimantan (WITA, with nothing on tomorrow yet).
    const [wib, wit] = await wibAndWitEmployees(clock.wibDate);
    const wita = (await employeesOf('site'))[0];
    const backOffice = new BackOfficeApi(api);
    const countsBefore = await dashboardCounts(backOffice);

    const mobile = new MobileApp(api);
    const logs: Record<'WIB' | 'WITA' | 'WIT', CheckIn> = {
      WIB: await mobile.checkInFarAway(wib),
      WITA: await mobile.checkInFarAway(wita),
      WIT: await mobile.checkInFarAway(wit),
    };
    // The server's clock: every check-in was made a moment after 23:30 WIB.
    expect(logs.WIB.log_datetime).toMatch(new RegExp(`^${clock.wibDate} 23:3\\d:\\d\\d$`));
    expect(logs.WITA.log_datetime).toMatch(new RegExp(`^${clock.nextDate} 00:3\\d:\\d\\d$`));
    expect(logs.WIT.log_datetime).toMatch(new RegExp(`^${clock.nextDate} 01:3\\d:\\d\\d$`));

    const page = await context.newPage();
    await page.clock.install({ time: new Date(clock.iso) });
    const queue = new ApprovalAttendancePage(page);
    await queue.goto();

    // "Today" by default spans every placement's today: WIB's date to WIT's, so all three are listed.
    await expect(queue.startDate).toHaveValue(shownDate(clock.wibDate));
    await expect(queue.endDate).toHaveValue(shownDate(clock.nextDate));
    await expect(queue.endDate).toHaveAttribute('data-max', clock.nextDate);
    await expect(queue.rowOf(logs.WIB)).toContainText(/23\.3\d WIB/);
    await expect(queue.rowOf(logs.WITA)).toContainText(/00\.3\d WITA/);
    await expect(queue.rowOf(logs.WIT)).toContainText(/01\.3\d WIT/);

    // The WIB date alone: the WIB check-in only; the others are already on the next date.
    await queue.endDate.fill(clock.wibDate);
    await expect(queue.rowOf(logs.WIB)).toContainText(/23\.3\d WIB/);
    await expect(queue.rowOf(logs.WITA)).toHaveCount(0);
    await expect(queue.rowOf(logs.WIT)).toHaveCount(0);

    await queue.endDate.fill(clock.nextDate);
    await queue.startDate.fill(clock.nextDate);
    await expect(queue.rowOf(logs.WITA)).toContainText(/00\.3\d WITA/);
    await expect(queue.rowOf(logs.WIT)).toContainText(/01\.3\d WIT/);
    await expect(queue.rowOf(logs.WIB)).toHaveCount(0);

    await queue.table.open(queue.rowOf(logs.WITA));
    await queue.modal.openTab('Detail Shift');
    await expect(queue.modal.dialog.getByText(/^00\.3\d WITA$/)).toBeVisible();
    await queue.modal.close.click();

    // Approved, each check-in counts for its placement's today in the live counts (dashboard and wall):
    // under the server's date alone only the WIB one would.
    for (const log of Object.values(logs)) await backOffice.approveLog('admin', log.hash_id);
    await expect
      .poll(async () => (await dashboardCounts(backOffice)).checked_in_today - countsBefore.checked_in_today)
      .toBeGreaterThanOrEqual(3);
    const after = await dashboardCounts(backOffice);
    expect(after.date).toBe(clock.wibDate);
  } finally {
    await context.close();
    await api.dispose();
    await server.stop();
  }
});

interface Counts {
  date: string;
  checked_in_today: number;
}

async function dashboardCounts(backOffice: BackOfficeApi): Promise<Counts> {
  return backOffice.get<Counts>('admin', 'dashboard/counts');
}
