import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectWellFormed, VIEWPORTS } from '../../fixtures/axe';
import { expect, signedInAs, test } from '../../fixtures/test';
import {
  ADMIN_SCREENS,
  heading,
  routeOf,
  rowDetail,
  SCANNED_ELSEWHERE,
  SIGNED_OUT_SCREENS,
  VIEWER_SCREENS,
  type Screen,
} from './route-sweep';

/**
 * DESIGN §8: every built screen, and each of its modals and drawers, at 1440x900 and 390x844:
 * no axe violation (WCAG 2.x A and AA, best practices) and no horizontal overflow.
 */

/** The routes of the client's route table (client/src/config/paths.ts) each scan reaches. */
const scannedRoutes = new Set<string>();

function scanEach(screens: Screen[]): void {
  for (const screen of screens) {
    if (typeof screen.path === 'string') scannedRoutes.add(routeOf(screen.path));
    for (const route of screen.covers ?? []) scannedRoutes.add(route);
    test(screen.name, async ({ page, request }) => {
      test.setTimeout(150_000);
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(request);
      await screen.prepare?.(page);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const where = `${screen.name} at ${viewport.width}x${viewport.height}`;
        const load = async () => {
          await page.goto(path);
          await screen.ready(page);
        };
        await load();
        await expectWellFormed(page, where);
        // The first modal (or the drawer) opens on the screen as just loaded: the scan only read it.
        let fresh = true;
        const freshScreen = async () => {
          if (!fresh) await load();
          fresh = false;
        };
        for (const [modal, open] of Object.entries(screen.modals ?? {})) {
          await freshScreen();
          await open(page);
          await expectWellFormed(page, `${where}, ${modal}`);
        }
        if (screen.drawer && viewport.name === 'phone') {
          await freshScreen();
          await screen.drawer(page);
          await expectWellFormed(page, `${where}, filter drawer`);
        }
      }
    });
  }
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  scanEach(SIGNED_OUT_SCREENS);
});

test.describe('signed in as admin', () => {
  test.use(signedInAs('admin'));

  scanEach(ADMIN_SCREENS);
});

test.describe('keyboard', () => {
  test.use(signedInAs('admin'));

  test('the skip link and every route change put focus on the page heading', async ({ page }) => {
    await page.goto('/report/attendance-log');
    await heading(page, 'Riwayat Kehadiran');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Langsung ke konten utama' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Kehadiran' })).toBeFocused();

    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused({ timeout: 20_000 });
  });

  test('Tab stays inside an open modal', async ({ page }) => {
    await page.goto('/report/attendance-log');
    await rowDetail('Riwayat Kehadiran', 'Detail Kehadiran')(page);
    const dialog = page.getByRole('dialog', { name: 'Detail Kehadiran' });
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement)), `Tab ${step + 1}`).toBe(true);
    }
  });

  test('a focused field shows a clearly visible ring', async ({ page }) => {
    await page.goto('/report/attendance-log');
    await heading(page, 'Riwayat Kehadiran');
    const field = page.getByRole('region', { name: 'Filter' }).getByLabel('Tanggal mulai');
    await field.focus();
    // The primary colour (43, 87, 151) at 85 % opacity, not the faint 20 % ring.
    await expect(field).toHaveCSS('box-shadow', /rgba\(43, 87, 151, 0\.85\)/);
  });
});

test.describe('signed in as viewer', () => {
  test.use(signedInAs('viewer'));

  scanEach(VIEWER_SCREENS);
});

test('every route of the client route table is scanned here or by the spec named', () => {
  const source = readFileSync(path.resolve(__dirname, '../../../client/src/config/paths.ts'), 'utf8');
  const routes = [...source.matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((match) => match[1]);
  expect(routes.length).toBeGreaterThan(40);
  const missing = routes.filter((route) => !scannedRoutes.has(route) && !(route in SCANNED_ELSEWHERE));
  expect(missing).toEqual([]);
});
