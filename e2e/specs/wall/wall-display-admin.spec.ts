import { randomBytes } from 'node:crypto';
import { expect, signedInAs, test } from '../../fixtures/test';
import { AppShell } from '../../pages/app-shell';
import { WallDisplayAdminPage } from '../../pages/wall-display-admin-page';
import { WallPage } from '../../pages/wall-page';

const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

test.describe('wall display tokens (Sistem Administrasi)', () => {
  test.use(signedInAs('admin'));

  test('the sidebar opens the screen under Sistem Administrasi', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.goto('/');
    await shell.openGroup('Sistem Administrasi');
    await shell.link('Tampilan Dinding').click();
    await expect(page).toHaveURL(/\/system-admin\/wall-display$/);
    await expect(new WallDisplayAdminPage(page).heading).toBeVisible();
    await expect(page).toHaveTitle('Kehadiran | Tampilan Dinding');
  });

  test('a name is required', async ({ page }) => {
    const admin = new WallDisplayAdminPage(page);
    await admin.goto();
    await admin.create.click();
    await expect(page.getByText('Nama tampilan harus diisi')).toBeVisible();
    await expect(admin.createdNotice).toHaveCount(0);
  });

  test('creating shows the wall link once, with a copy button; the list shows the display', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = new WallDisplayAdminPage(page);
    await admin.goto();
    const name = uniqueName('Lobi Uji');
    const link = await admin.createDisplay(name);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wall\?token=[\w-]{20,}$/);
    await expect(admin.createdNotice).toContainText('Token hanya ditampilkan sekali.');

    await admin.copy.click();
    await expect(page.getByRole('button', { name: 'Tautan disalin' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const row = admin.row(name);
    await expect(row.getByRole('cell')).toContainText([name, /\d{4}/, 'Belum pernah', 'Aktif', 'Cabut']);

    // Once dismissed (or after a reload) the token is gone for good.
    await admin.createdNotice.getByRole('button', { name: 'Tutup' }).click();
    await expect(admin.createdNotice).toHaveCount(0);
    await expect(page.getByText(link)).toHaveCount(0);

    // The link opens the board; the list then shows when the display was last seen.
    const wallTab = await context.newPage();
    const wall = new WallPage(wallTab);
    await wallTab.goto(link);
    await expect(wall.name).toHaveText(name);
    await wallTab.close();
    await page.reload();
    await expect(admin.row(name).getByRole('cell').nth(2)).not.toHaveText('Belum pernah');
  });

  test('revoking asks "Cabut tampilan?" and marks the display revoked', async ({ page }) => {
    const admin = new WallDisplayAdminPage(page);
    await admin.goto();
    const name = uniqueName('Gudang Uji');
    await admin.createDisplay(name);
    await expect(admin.row(name)).toContainText('Aktif');

    await page.getByRole('button', { name: `Cabut ${name}`, exact: true }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Cabut tampilan?' });
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.row(name)).toContainText('Aktif');

    await admin.revoke(name);
    await expect(page.getByRole('status', { name: 'Token layar dinding berhasil dicabut.' })).toBeVisible();
    await expect(admin.row(name)).toContainText('Dicabut');
    await expect(page.getByRole('button', { name: `Cabut ${name}`, exact: true })).toHaveCount(0);
  });
});

test.describe('without allow_user_login', () => {
  test.use(signedInAs('viewer'));

  test('the entry is hidden and the typed URL shows the denial', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.goto('/system-admin/wall-display');
    await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    await expect(shell.link('Tampilan Dinding')).toHaveCount(0);
    await expect(new WallDisplayAdminPage(page).nameField).toHaveCount(0);
  });
});
