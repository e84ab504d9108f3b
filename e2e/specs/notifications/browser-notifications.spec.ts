import { fullChromium } from '../../fixtures/browsers';
import { test as base, expect, signedInAs } from '../../fixtures/test';
import { MobileApp } from '../../pages/mobile-app';
import { Bell } from './bell';

/** Issue 41: with the user's consent, the browser's own notification shows new waiting items, only while
 * the tab is hidden. The full browser: its headless shell refuses the Notification permission. */

const test = base.extend<{ bell: Bell; mobile: MobileApp }>({
  bell: async ({ page }, use) => use(new Bell(page)),
  mobile: async ({ request }, use) => use(new MobileApp(request)),
});

test.use(fullChromium);

test.describe('browser notifications of an izin approver', () => {
  test.use(signedInAs('admin'));

  test('with consent, a hidden tab shows a new waiting item as the browser notification', async ({ bell, context, mobile, page, shell }) => {
    await context.grantPermissions(['notifications']);
    // The real API, watched: each notification the page raises is noted.
    await context.addInitScript(() => {
      const Real = window.Notification;
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(title);
        }
      } as typeof Notification;
    });
    await shell.goto('/');
    await expect(shell.connection('Terhubung')).toBeVisible();
    await bell.readAll();
    await bell.open();
    await bell.panel.getByRole('button', { name: 'Aktifkan notifikasi browser' }).click();
    await expect(bell.panel.getByRole('button', { name: 'Matikan notifikasi browser' })).toBeVisible();
    await page.keyboard.press('Escape');

    const shown = () => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);
    // Seen tab: the bell only.
    await mobile.requestIzin('office');
    await expect(bell.unread(1)).toBeVisible();
    expect(await shown()).toEqual([]);
    // The tab goes to the background (the page is told as a browser tells it).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await mobile.requestIzin('site');
    await expect.poll(shown).toEqual(['2 izin baru menunggu persetujuan']);
  });

});
