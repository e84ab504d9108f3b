import { LockScreenPage } from '../../pages/lock-screen-page';
import { LoginPage } from '../../pages/login-page';
import { DashboardPage } from '../../pages/dashboard-page';
import { createThrowawayUser, demoUsers } from '../../fixtures/users';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';

const signedOut = { storageState: { cookies: [], origins: [] } };

test.describe('deep links', () => {
  test.use(signedOut);

  test('a page asked for while signed out opens after signing in', async ({ page }) => {
    await page.goto('/report/attendance-log');
    await expect(page).toHaveURL(/\/login$/);
    const login = new LoginPage(page);
    await login.fill(demoUsers.admin.email, demoUsers.admin.password);
    await login.submit.click();
    await expect(page).toHaveURL(/\/report\/attendance-log$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Kehadiran' })).toBeVisible();
  });

  test('unlocking returns to the page that was locked, and Log Out starts the next sign-in at the dashboard', async ({
    browser,
  }) => {
    const account = await createThrowawayUser();
    const { context, page, shell } = await signedInContext(browser, account);
    try {
      await shell.goto('/credits');
      await shell.chooseFromUserMenu('Lock Screen');
      await expect(page).toHaveURL(/\/lock-screen$/);
      const lock = new LockScreenPage(page);
      await lock.password.fill(account.password);
      await lock.unlock.click();
      await expect(page).toHaveURL(/\/credits$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();

      await shell.chooseFromUserMenu('Log Out');
      await expect(page).toHaveURL(/\/login$/);
      await new LoginPage(page).signIn(account.email, account.password);
      await expect(page).toHaveURL(/\/$/);
    } finally {
      await context.close();
    }
  });
});

test.describe('links to pages the user may not open', () => {
  test('are hidden: the izin approver sees Buka for izin only, and no attendance approval entry', async ({
    browser,
  }) => {
    const account = await createThrowawayUser({ level: 'Approver Izin' });
    const { context, page, shell } = await signedInContext(browser, account);
    try {
      const dashboard = new DashboardPage(page);
      await dashboard.goto();
      await expect(dashboard.approvalGroup('Persetujuan Izin').getByRole('link', { name: /^Buka/ })).toBeVisible();
      await expect(dashboard.approvalGroup('Persetujuan Kehadiran').getByRole('link')).toHaveCount(0);
      await shell.openGroup('Persetujuan');
      await expect(shell.link(/^Persetujuan Izin/)).toBeVisible();
      await expect(shell.link(/^Persetujuan Kehadiran/)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test.describe('as viewer', () => {
    test.use(signedInAs('viewer'));

    test('no Buka link at all, and no approval group', async ({ page, shell }) => {
      const dashboard = new DashboardPage(page);
      await dashboard.goto();
      await expect(dashboard.approval.getByRole('link')).toHaveCount(0);
      await expect(shell.group('Persetujuan')).toHaveCount(0);
    });

    test('a denied page opens inside the shell with its title and a way back', async ({ page, shell }) => {
      await shell.goto('/system-admin/user-level');
      await expect(page.getByRole('heading', { level: 1, name: 'Akses Ditolak' })).toBeVisible();
      await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
      await expect(shell.sidebar).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Beranda' })).toBeVisible();
      await page.getByRole('link', { name: 'Kembali ke Dashboard' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test.describe('profile page', () => {
  test.use(signedInAs('admin'));

  test('My Profile shows name, email, level and rights, and changes the password from there', async ({
    page,
    shell,
  }) => {
    await shell.goto('/credits');
    await shell.chooseFromUserMenu('My Profile');
    await expect(page).toHaveURL(/\/profile$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Profil Saya' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: demoUsers.admin.fullname })).toBeVisible();
    await expect(main.getByText(demoUsers.admin.email, { exact: true })).toBeVisible();
    const rights = main.getByRole('list', { name: 'Hak akses' });
    await expect(rights.getByRole('listitem').filter({ hasText: 'Pengumuman' })).toContainText('Tambah');
    await expect(rights.getByRole('listitem').filter({ hasText: 'Setujui Kehadiran' })).toContainText('Tug Boat');
    await main.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
    await expect(shell.changePassword.dialog).toBeVisible();
    await shell.changePassword.cancel.click();
    await expect(shell.changePassword.dialog).toBeHidden();
  });
});

test.describe('feedback', () => {
  test.use(signedOut);

  test('an error popup covers the page with a backdrop and closes when the user goes back', async ({
    page,
    notifications,
  }) => {
    // The login form says its refusals on the form (issue 6/7); the forgot-password form without a
    // connection still answers with the popup.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Lupa password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('button', { name: 'Kirim' })).toBeVisible();
    await page.route('**/api/web/v1/auth/forgot_password', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Email', { exact: true }).fill(demoUsers.viewer.email);
    await page.getByRole('button', { name: 'Kirim' }).click();
    const popup = notifications.errorPopup('Mohon periksa koneksi internet dan coba beberapa saat lagi.');
    await expect(popup).toBeVisible();
    await expect(page.locator('.app-popup-backdrop')).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Tutup' })).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(popup).toBeHidden();
  });

  test('a success toast sits below the header, clear of the user name', async ({ browser }) => {
    const account = await createThrowawayUser();
    const { context, page, shell } = await signedInContext(browser, account);
    try {
      await shell.chooseFromUserMenu('Ubah Kata Sandi');
      await shell.changePassword.fill(account.password, `${account.password}-baru`);
      await shell.changePassword.submit.click();
      const toast = page.getByRole('status', { name: 'Kata sandi berhasil diubah.' });
      await expect(toast).toBeVisible();
      const [toastBox, headerBox] = await Promise.all([toast.boundingBox(), page.getByRole('banner').boundingBox()]);
      expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    } finally {
      await context.close();
    }
  });
});
