import type { Page } from '@playwright/test';
import { expectNoAxeViolations, VIEWPORTS } from '../../fixtures/axe';
import { createUserWithFlags } from '../../fixtures/flag-users';
import { test as base, expect, signedInAs, signedInContext } from '../../fixtures/test';
import type { Account } from '../../fixtures/users';
import { ApprovalPermissionPage } from '../../pages/approval-permission-page';
import { MobileApp } from '../../pages/mobile-app';
import { Notifications } from '../../pages/notifications';

/**
 * Issue 41: an approver delegates their approval rights to a colleague. The delegate's menu gains the
 * delegator's queue live, the delegate decides a request of it in their own browser, and loses it live
 * the moment the delegator ends the delegation. Axe on the profile's "Delegasi" and on the user-login
 * admin's delegations.
 */

const test = base.extend<{ mobile: MobileApp }>({
  mobile: async ({ request }, use) => use(new MobileApp(request)),
});

function panel(page: Page) {
  const region = page.getByRole('region', { name: /^Delegasi/ });
  return {
    region,
    delegate: region.getByRole('combobox', { name: /Penerima delegasi/ }),
    note: region.getByRole('textbox', { name: /Catatan/ }),
    submit: region.getByRole('button', { name: 'Delegasikan' }),
    given: region.getByRole('table', { name: 'Yang saya berikan' }),
    received: region.getByRole('table', { name: 'Yang saya terima' }),
  };
}

async function delegateTo(page: Page, delegate: Account, note: string): Promise<void> {
  await page.goto('/profile');
  const delegation = panel(page);
  await expect(delegation.region).toBeVisible();
  await expect(delegation.delegate.locator('option', { hasText: delegate.fullname })).toHaveCount(1);
  await delegation.delegate.selectOption({ label: (await optionLabel(page, delegate)) ?? '' });
  await delegation.note.fill(note);
  await delegation.submit.click();
  await expect(new Notifications(page).toast('Delegasi disimpan.')).toBeVisible();
  await expect(delegation.given.getByRole('row', { name: new RegExp(delegate.fullname) })).toBeVisible();
}

async function optionLabel(page: Page, account: Account): Promise<string | null> {
  return panel(page).delegate.locator('option', { hasText: account.fullname }).textContent();
}

test.describe('delegation of approval rights', () => {
  test('the delegate decides the delegator’s queue in their own browser and loses it live when it ends', async ({
    browser,
    mobile,
  }) => {
    const delegator = await createUserWithFlags(['allow_permission']);
    const delegate = await createUserWithFlags([]);
    const a = await signedInContext(browser, delegator);
    const b = await signedInContext(browser, delegate);
    try {
      // Before: the delegate has no approval entry.
      await b.shell.goto('/');
      await expect(b.shell.connection('Terhubung')).toBeVisible();
      await expect(b.shell.group('Persetujuan')).toHaveCount(0);

      await delegateTo(a.page, delegate, 'Cuti tahunan (uji e2e)');
      const row = panel(a.page).given.getByRole('row', { name: new RegExp(delegate.fullname) });
      await expect(row.getByText('Aktif')).toBeVisible();
      await expect(row.getByText('Persetujuan Izin')).toBeVisible();

      // Live: the delegate's menu gains the queue without a reload.
      await expect(b.shell.group('Persetujuan')).toBeVisible();
      await b.shell.openGroup('Persetujuan');
      await expect(b.shell.sidebar.locator('a[href="/approval/permission"]')).toBeVisible();

      // The delegate decides a waiting request of the delegator's queue.
      const izin = await mobile.requestIzin('office');
      await b.shell.sidebar.locator('a[href="/approval/permission"]').click();
      const izinPage = new ApprovalPermissionPage(b.page);
      await expect(izinPage.heading).toBeVisible();
      await izinPage.rowOf(izin).click();
      await expect(izinPage.detail.region).toBeVisible();
      await izinPage.detail.approve.click();
      await expect(new Notifications(b.page).toast('Izin berhasil disetujui.')).toBeVisible();
      await expect(izinPage.detail.header).toContainText('Disetujui');
      await izinPage.detail.back.click();

      // The delegator ends it in their browser, after a confirmation.
      const end = row.getByRole('button', { name: /^Akhiri delegasi ke/ });
      await end.click();
      await expect(a.page.getByText('Akhiri delegasi sekarang?')).toBeVisible();
      await a.page.getByRole('tooltip').getByRole('button', { name: 'Akhiri', exact: true }).click();
      await expect(new Notifications(a.page).toast('Delegasi diakhiri.')).toBeVisible();
      await expect(row.getByText('Berakhir')).toBeVisible();

      // Live: the delegate loses the entry at once, without a reload; the queue is theirs no more.
      await expect(b.shell.group('Persetujuan')).toHaveCount(0);
      await b.page.reload();
      await expect(b.page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test('chaining is refused with the server’s message on the field', async ({ browser }) => {
    const delegator = await createUserWithFlags(['allow_permission']);
    const delegate = await createUserWithFlags([]);
    const third = await createUserWithFlags([]);
    const a = await signedInContext(browser, delegator);
    const b = await signedInContext(browser, delegate);
    try {
      await delegateTo(a.page, delegate, 'Dinas luar (uji e2e)');
      await b.page.goto('/profile');
      const delegation = panel(b.page);
      await expect(delegation.received.getByRole('row', { name: new RegExp(delegator.fullname) })).toBeVisible();
      await delegation.delegate.selectOption({ label: (await optionLabel(b.page, third)) ?? '' });
      await delegation.submit.click();
      // The field's own message (the panel's intro also says what cannot be delegated again).
      await expect(delegation.delegate).toHaveAccessibleDescription(/diterima.*tidak dapat didelegasikan lagi/);
      await expect(delegation.delegate).toHaveAttribute('aria-invalid', 'true');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

test.describe('axe on the delegation screens', () => {
  for (const viewport of VIEWPORTS) {
    test(`the profile's Delegasi with a delegation (${viewport.name})`, async ({ browser }) => {
      const delegator = await createUserWithFlags(['allow_permission']);
      const delegate = await createUserWithFlags([]);
      const a = await signedInContext(browser, delegator);
      try {
        await a.page.setViewportSize(viewport);
        await delegateTo(a.page, delegate, 'Axe (uji e2e)');
        await expectNoAxeViolations(a.page, `profile delegation (${viewport.name})`);
      } finally {
        await a.context.close();
      }
    });
  }

  test.describe('as the user-login admin', () => {
    test.use(signedInAs('admin'));

    test('the user-login screen lists every delegation', async ({ page }) => {
      await page.goto('/system-admin/user-login');
      const region = page.getByRole('region', { name: 'Delegasi Hak Persetujuan' });
      await expect(region).toBeVisible();
      await expect(region.getByRole('combobox', { name: /Pemberi delegasi/ })).toBeVisible();
      await expect(region.getByRole('table', { name: 'Semua delegasi' })).toBeVisible();
      await expectNoAxeViolations(page, 'user-login delegations');
    });
  });
});
