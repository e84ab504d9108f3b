import type { Page } from '@playwright/test';
import { expect, signedInAs, test } from '../../fixtures/test';
import { seededDay } from '../../fixtures/dates';
import { SyncAttendancePage, SyncValidationPage } from '../../pages/sync-pages';
import { ADMIN_SCREENS, SIGNED_OUT_SCREENS, tableLoaded, type Screen } from './route-sweep';

/**
 * DESIGN §18 on every screen of the route sweep (the accessibility spec's screens, their modals
 * included), on the seeded data: dates read '27 Nov 2026' or '27 November 2026', never '2026-11-27';
 * times 'HH.mm' with their zone, never '09:34:16 WITA'; numbers '1.431', never '1431'. The one
 * formatter (client/src/lib/format.ts, dates.ts) writes them; this reads what the screens show.
 */

interface Rule {
  name: string;
  pattern: RegExp;
  /** Matches that are right, each with its reason. */
  allowed?: Array<{ pattern: RegExp; reason: string }>;
}

const ZONES = '(?:WIB|WITA|WIT)';

export const RULES: Rule[] = [
  { name: 'ISO date (2026-11-27)', pattern: /\b\d{4}-\d{2}-\d{2}\b/g },
  { name: 'ISO-like date (2026/11/27, 27-11-2026)', pattern: /\b(?:\d{4}\/\d{2}\/\d{2}|\d{2}-\d{2}-\d{4})\b/g },
  { name: 'time with seconds (09:34:16)', pattern: /\b\d{1,2}[:.]\d{2}[:.]\d{2}\b/g },
  { name: "zoned time with a colon ('09:34 WITA', §18: '09.34 WITA')", pattern: new RegExp(`(?<![\\d:])\\d{1,2}:\\d{2} ${ZONES}\\b`, 'g') },
  {
    name: 'number without thousands separator (1431, §18: 1.431)',
    // Four or more digits standing alone (not inside a code such as 'EMP0001', a separated '1.431' or a decimal).
    pattern: /(?<![\w.,/:#-])\d{4,}(?!\w|[.,:/-]\d)/g,
    allowed: [{ pattern: /^(?:19|20)\d{2}$/, reason: 'a year (27 Nov 2026, November 2026)' }],
  },
  {
    name: "a word said twice ('periode Periode November 2026')",
    // Within one line and one cell: a breadcrumb above its heading, or two cells side by side, are not a phrase.
    pattern: /\b(\p{L}{4,}) \1\b/giu,
  },
];

/** The text a screen shows, less the wall's clock (a clock ticks in seconds: 'HH:mm:ss' is its face). */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let text = document.body.innerText;
    for (const timer of document.querySelectorAll<HTMLElement>('[role="timer"]')) text = text.split(timer.innerText).join(' ');
    return text;
  });
}

/** Every break of the rules in a text: the rule and the match with some text around it. */
export function findings(text: string): string[] {
  const found: string[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      if (rule.allowed?.some((allowed) => allowed.pattern.test(match[0]))) continue;
      const index = match.index ?? 0;
      const around = text.slice(Math.max(0, index - 40), index + match[0].length + 40).replace(/\s+/g, ' ');
      found.push(`${rule.name}: "${match[0]}" in "…${around}…"`);
    }
  }
  return [...new Set(found)];
}

test.describe('the rules', () => {
  test('find what the tester found and pass what §18 writes', () => {
    expect(findings('Tanggal 2026-11-29, jam 09:34:16 WITA')).toHaveLength(2);
    expect(findings('Data 1431 baris')).toHaveLength(1);
    expect(findings('periode Periode November 2026')).toHaveLength(1);
    expect(findings('Masuk 09:34 WITA')).toHaveLength(1);
    expect(findings('29 Nov 2026 12.22 WIB · 1.431 data · 0,55 · 33 menit · EMP0001 · ADJ-0042 · Periode November 2026')).toEqual([]);
  });
});

function sweep(screens: Screen[]): void {
  for (const screen of screens) {
    test(screen.name, async ({ page, request }) => {
      test.setTimeout(150_000);
      const address = typeof screen.path === 'string' ? screen.path : await screen.path(request);
      await screen.prepare?.(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      const load = async () => {
        await page.goto(address);
        await screen.ready(page);
      };
      await load();
      const found: string[] = findings(await shownText(page)).map((finding) => `${screen.name}: ${finding}`);
      let fresh = true;
      for (const [modal, open] of Object.entries(screen.modals ?? {})) {
        if (!fresh) await load();
        fresh = false;
        await open(page);
        found.push(...findings(await shownText(page)).map((finding) => `${screen.name}, ${modal}: ${finding}`));
      }
      expect(found, `DESIGN §18 formats on ${screen.name}`).toEqual([]);
    });
  }
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  sweep(SIGNED_OUT_SCREENS);
});

test.describe('signed in as admin', () => {
  test.use(signedInAs('admin'));
  sweep(ADMIN_SCREENS);
});

/** Screens the route sweep leaves to their own specs (they need a previous step), reached here without writing. */
test.describe('reached through a flow', () => {
  test.use(signedInAs('admin'));

  test('payroll validation table', async ({ page }) => {
    test.setTimeout(120_000);
    const view = new SyncAttendancePage(page);
    await view.goto();
    await view.setRange(seededDay(), seededDay());
    await view.chooseManPower('office', 'Kantor Pusat Jakarta');
    await view.show.click();
    await expect(page).toHaveURL(/\/sync\/attendance\/validation$/);
    const validation = new SyncValidationPage(page);
    await expect(validation.table.rows.first()).toBeVisible();
    await tableLoaded(page, 'Data Penyesuaian');
    expect(findings(await shownText(page)), 'DESIGN §18 formats on the payroll validation table').toEqual([]);
  });
});
