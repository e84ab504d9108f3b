import { randomBytes } from 'node:crypto';
import { expect, shellTitle, signedInAs, test } from '../../fixtures/test';
import { WallDisplayAdminPage } from '../../pages/wall-display-admin-page';
import { WallPage } from '../../pages/wall-page';

const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

test.describe('wall display tokens (Sistem Administrasi)', () => {
  test.use(signedInAs('admin'));

  test('the sidebar opens the screen under Sistem Administrasi', async ({ page, shell, wallDisplayAdmin }) => {
    await shell.goto('/');
    await shell.openGroup('Sistem Administrasi');
    await shell.link('Tampilan Dinding').click();
    await expect(page).toHaveURL(/\/system-admin\/wall-display$/);
    await expect(wallDisplayAdmin.heading).toBeVisible();
    await expect(page).toHaveTitle(shellTitle('Tampilan Dinding'));
  });

  test('a name is required before anything is sent', async ({ wallDisplayAdmin: admin }) => {
    await admin.goto();
    await admin.create.click();
    expect(await admin.modal.footer()).toEqual(['Batal', 'Simpan']);
    await admin.modal.save.click();
    await expect(admin.nameField).toHaveAccessibleDescription(/Nama tampilan harus diisi/);
    await expect(admin.nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(admin.modal.dialog).toBeVisible();
    await admin.modal.cancel.click();
    await expect(admin.modal.dialog).toBeHidden();
    await expect(admin.createdNotice).toHaveCount(0);
  });

  test("the server's validation shows on the field and nothing typed is lost", async ({ wallDisplayAdmin: admin }) => {
    await admin.goto();
    const tooLong = `Lobi ${'x'.repeat(100)}`;
    await admin.create.click();
    await admin.nameField.fill(tooLong);
    await admin.modal.save.click();
    await expect(admin.nameField).toHaveAccessibleDescription(/Nama layar maksimal 100 karakter\./);
    await expect(admin.nameField).toHaveValue(tooLong);
    await expect(admin.modal.dialog).toBeVisible();
    await expect(admin.createdNotice).toHaveCount(0);

    // Fixed in place, the same form saves.
    const name = uniqueName('Lobi Uji');
    await admin.nameField.fill(name);
    await admin.modal.save.click();
    await expect(admin.modal.dialog).toBeHidden();
    await expect(admin.createdNotice).toContainText(name);
  });

  test('creating shows the wall link once, with a copy button; the list shows the display', async ({
    page,
    context,
    notifications,
    wallDisplayAdmin: admin,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await admin.goto();
    const name = uniqueName('Lobi Uji');
    const link = await admin.createDisplay(name);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wall#token=[\w-]{20,}$/);
    await expect(admin.createdNotice).toContainText('Token hanya ditampilkan sekali.');
    await expect(notifications.toast(/Layar dinding berhasil dibuat/)).toBeVisible();

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

  test('a row opens in view mode; Ubah renames it (Batal first restores), Cabut revokes it', async ({
    page,
    notifications,
    wallDisplayAdmin: admin,
  }) => {
    await admin.goto();
    const name = uniqueName('Gerbang Uji');
    await admin.createDisplay(name);

    await admin.open(name);
    expect(await admin.modal.footer()).toEqual(['Cabut', 'Ubah']);
    await expect(admin.nameField).toBeDisabled();
    await expect(admin.nameField).toHaveValue(name);
    await expect(admin.modal.dialog).toContainText('Dibuat oleh');

    await admin.modal.edit.click();
    expect(await admin.modal.footer()).toEqual(['Batal', 'Perbarui']);
    await admin.nameField.fill('Tidak jadi');
    await admin.modal.cancel.click();
    // The edit holds unsaved input: Batal asks first (issue 28), 'Buang isian' restores the row.
    await page.getByRole('alertdialog', { name: 'Tutup form?' }).getByRole('button', { name: 'Buang isian' }).click();
    expect(await admin.modal.footer()).toEqual(['Cabut', 'Ubah']);
    await expect(admin.nameField).toHaveValue(name);

    await admin.modal.edit.click();
    const renamed = `${name} Timur`;
    await admin.nameField.fill(renamed);
    await admin.modal.update.click();
    await expect(admin.modal.dialog).toBeHidden();
    await expect(notifications.toast('Data berhasil diperbarui.')).toBeVisible();
    await expect(admin.row(renamed)).toContainText('Aktif');
    await expect(admin.row(name)).toHaveCount(0);

    await admin.open(renamed);
    await admin.modal.deleteRecord('Cabut tampilan?');
    await expect(admin.modal.dialog).toBeHidden();
    await expect(notifications.toast('Token layar dinding berhasil dicabut.')).toBeVisible();
    await expect(admin.row(renamed)).toContainText('Dicabut');

    // A revoked display can be looked at, not changed.
    await admin.open(renamed);
    expect(await admin.modal.footer()).toEqual([]);
    await admin.modal.close.click();
    await expect(admin.modal.dialog).toBeHidden();
  });

  test('revoking from the row asks "Cabut tampilan?" and marks the display revoked', async ({
    page,
    notifications,
    wallDisplayAdmin: admin,
  }) => {
    await admin.goto();
    const name = uniqueName('Gudang Uji');
    await admin.createDisplay(name);
    await expect(admin.row(name)).toContainText('Aktif');

    await page.getByRole('button', { name: `Cabut ${name}`, exact: true }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Cabut tampilan?' });
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.row(name)).toContainText('Aktif');
    await expect(admin.modal.dialog).toHaveCount(0);

    await admin.revoke(name);
    await expect(notifications.toast('Token layar dinding berhasil dicabut.')).toBeVisible();
    await expect(admin.row(name)).toContainText('Dicabut');
    await expect(page.getByRole('button', { name: `Cabut ${name}`, exact: true })).toHaveCount(0);
  });

  test('search, sort and page size live in the URL: a reload and Back keep them', async ({ page, wallDisplayAdmin: admin }) => {
    await admin.goto();
    const prefix = `Rak ${randomBytes(3).toString('hex')}`;
    await admin.createDisplay(`${prefix} A`);
    await admin.createDisplay(`${prefix} B`);
    const { list } = admin;

    await list.columnSearch('Nama').fill(prefix);
    await list.columnSearch('Nama').press('Enter');
    await expect(list.rows).toHaveCount(2);
    await list.sortButton('Nama').click();
    await list.sortButton('Nama').click();
    await expect(list.columnHeader('Nama')).toHaveAttribute('aria-sort', 'descending');
    await list.pageSize.selectOption('25');
    await expect(list.rows.first()).toContainText(`${prefix} B`);
    await expect(page).toHaveURL(/per_page=25/);
    await expect(page).toHaveURL(/order=/);
    await expect(page).toHaveURL(/search=/);

    const expectSameList = async () => {
      await expect(list.columnSearch('Nama')).toHaveValue(prefix);
      await expect(list.columnHeader('Nama')).toHaveAttribute('aria-sort', 'descending');
      await expect(list.pageSize).toHaveValue('25');
      await expect(list.rows).toHaveCount(2);
      await expect(list.rows.first()).toContainText(`${prefix} B`);
      await expect(list.rows.last()).toContainText(`${prefix} A`);
    };
    await page.reload();
    await expectSameList();

    await page.goto('/');
    await page.goBack();
    await expectSameList();
  });

  test('a display added elsewhere appears without a reload', async ({ context, wallDisplayAdmin: admin }) => {
    await admin.goto();
    const name = uniqueName('Kantin Uji');
    await admin.list.columnSearch('Nama').fill(name);
    await admin.list.columnSearch('Nama').press('Enter');
    await expect(admin.list.emptyText).toBeVisible();

    const other = new WallDisplayAdminPage(await context.newPage());
    await other.goto();
    await other.createDisplay(name);
    await expect(admin.row(name)).toContainText('Aktif');
    await other.revoke(name);
    await expect(admin.row(name)).toContainText('Dicabut');
  });
});

test.describe('without allow_user_login', () => {
  test.use(signedInAs('viewer'));

  test('the entry is hidden and the typed URL shows the denial', async ({ page, shell, wallDisplayAdmin }) => {
    await shell.goto('/system-admin/wall-display');
    await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    await expect(shell.link('Tampilan Dinding')).toHaveCount(0);
    await expect(wallDisplayAdmin.create).toHaveCount(0);
  });
});
