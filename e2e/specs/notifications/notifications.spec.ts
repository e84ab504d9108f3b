import { expectWellFormed, VIEWPORTS } from '../../fixtures/axe';
import { test as base, expect, signedInAs } from '../../fixtures/test';
import { ApprovalPermissionPage } from '../../pages/approval-permission-page';
import { MobileApp } from '../../pages/mobile-app';
import { Bell, titleCount } from './bell';

/** Issue 41: the notification centre — the bell and the tab title follow new waiting items live. */

const test = base.extend<{ bell: Bell; mobile: MobileApp }>({
  bell: async ({ page }, use) => use(new Bell(page)),
  mobile: async ({ request }, use) => use(new MobileApp(request)),
});

test.describe('the notification centre of an izin approver', () => {
  test.use(signedInAs('admin'));

  test('a request sent from the employee app shows live in the bell and the tab title', async ({ bell, mobile, page, shell }) => {
    await shell.goto('/');
    await expect(shell.connection('Terhubung')).toBeVisible();
    await bell.readAll();
    await expect(page).toHaveTitle(/^\([\d.]+\) Kehadiran \| Dashboard$/);
    const before = await titleCount(page);

    await mobile.requestIzin('office');
    await expect(bell.unread(1)).toBeVisible();
    await expect(page.getByText('1 notifikasi belum dibaca', { exact: true })).toBeAttached();
    await expect.poll(() => titleCount(page)).toBe(before + 1);

    // A second one folds into the same row: one unread notification that says 2.
    await mobile.requestIzin('site');
    await expect.poll(() => titleCount(page)).toBe(before + 2);
    await bell.open();
    const item = bell.unreadItem('izin baru menunggu persetujuan');
    await expect(item.getByRole('link', { name: '2 izin baru menunggu persetujuan' })).toBeVisible();
    await expect(bell.unread(1)).toBeVisible();

    // Its link opens the queue and reads it.
    await item.getByRole('link').click();
    await expect(page).toHaveURL(/\/approval\/permission$/);
    await expect(bell.unread(0)).toBeVisible();
    await expect(page).toHaveTitle(/^\([\d.]+\) Kehadiran \| Persetujuan Izin$/);
    expect(await titleCount(page)).toBe(before + 2);
  });

  test('on the queue page new requests are not announced: they show in the queue itself', async ({ bell, mobile, page, shell }) => {
    await shell.goto('/approval/permission');
    await expect(shell.connection('Terhubung')).toBeVisible();
    await bell.readAll();
    const izin = await mobile.requestIzin('office');
    await expect(new ApprovalPermissionPage(page).rowOf(izin)).toBeVisible();
    // The notification was written and read at once: the panel lists it read, the count stays 0. (Its
    // number may include a request an earlier spec of this worker sent, whose notification came late.)
    await bell.open();
    // The izin row (a check-in's 'absen baru' row of an earlier spec may sit above it).
    const newest = bell.panel.getByRole('listitem').filter({ hasText: /izin baru menunggu persetujuan/ }).first();
    await expect(newest).toBeVisible();
    await expect(newest.getByRole('button', { name: /^Tandai dibaca/ })).toHaveCount(0);
    await expect(bell.unread(0)).toBeVisible();
  });

  for (const viewport of VIEWPORTS) {
    test(`the bell's panel passes axe and fits the screen (${viewport.name})`, async ({ bell, mobile, page, shell }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await shell.goto('/');
      await mobile.requestIzin('office');
      await expect(bell.button).toHaveAccessibleName(/belum dibaca$/);
      await bell.open();
      await expect(bell.panel.getByRole('listitem').first()).toBeVisible();
      await expectWellFormed(page, `the notification panel (${viewport.name})`);
    });
  }
});
