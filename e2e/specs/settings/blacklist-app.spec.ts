import { randomBytes } from 'node:crypto';
import { expect, signedInAs, test } from '../../fixtures/test';
import { checkInEmployees, MobileApp } from '../../fixtures/mobile';
import { storageStatePath } from '../../fixtures/users';
import { BlacklistAppPage } from '../../pages/blacklist-app-page';

const unique = () => randomBytes(3).toString('hex');

test.describe('Blacklist App (/settings/blacklist-app)', () => {
  test.use(signedInAs('admin'));

  test('the table: columns, sort, search, Ya/Tidak', async ({ page }) => {
    const screen = new BlacklistAppPage(page);
    await screen.goto();
    expect(await screen.table.headers()).toEqual(expect.arrayContaining(['No', 'Nama', 'Package ID', 'Blacklist']));
    await screen.table.globalSearch.fill('com.lexa.fakegps');
    await expect(screen.table.rows).toHaveCount(1);
    await expect(screen.table.row('Fake GPS Location (Lexa)')).toContainText('Ya');
    await screen.table.globalSearch.fill('');
    await screen.table.columnSearch('Package ID').fill('com.whatsapp');
    await expect(screen.table.rows).toHaveCount(1);
    await expect(screen.table.row('WhatsApp')).toContainText('Tidak');
    await screen.table.columnSearch('Package ID').fill('');
    // Ascending by name at first; the header flips it.
    await expect.poll(() => screen.table.columnTexts(2)).toContain('Fake GPS Free');
    const ascending = await screen.table.columnTexts(2);
    await screen.table.sortButton('Nama').click();
    await expect.poll(() => screen.table.columnTexts(2)).toEqual([...ascending].reverse());
  });

  test('add with the required messages, view, edit, delete; the mobile app follows', async ({ page, request, notifications }) => {
    const [employee] = await checkInEmployees(1, 40);
    const phone = new MobileApp(request);
    await phone.signIn(employee);
    const screen = new BlacklistAppPage(page);
    await screen.goto();
    const name = `Peniru Lokasi ${unique()}`;
    const packageId = `com.e2e.${unique()}`;

    await screen.add.click();
    await screen.modal.save.click();
    await expect(screen.modal.dialog.getByText('Nama harus diisi')).toBeVisible();
    await expect(screen.modal.dialog.getByText('Package ID harus diisi')).toBeVisible();
    await screen.name.fill(name);
    await screen.packageId.fill(packageId);
    await screen.blacklist.check();
    await screen.packageId.press('Enter');
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    await expect(screen.modal.dialog).toBeHidden();
    await expect(screen.table.row(name)).toContainText('Ya');
    expect(await phone.blacklistedPackages()).toContain(packageId);

    // A duplicate package id keeps the form and shows the server's message on the field.
    await screen.add.click();
    await screen.name.fill(`${name} lagi`);
    await screen.packageId.fill(packageId.toUpperCase());
    await screen.modal.save.click();
    await expect(screen.modal.dialog.getByText('Package ID sudah terdaftar')).toBeVisible();
    await expect(screen.name).toHaveValue(`${name} lagi`);
    await screen.modal.cancel.click();
    await page.getByRole('alertdialog', { name: 'Tutup form?' }).getByRole('button', { name: 'Buang isian' }).click();

    await screen.open(name);
    await expect(screen.name).toBeDisabled();
    await expect(screen.blacklist).toBeChecked();
    await screen.modal.edit.click();
    await screen.blacklist.uncheck();
    await screen.modal.update.click();
    await expect(notifications.toast('Data berhasil diperbarui.')).toBeVisible();
    await expect(screen.table.row(name)).toContainText('Tidak');
    expect(await phone.blacklistedPackages()).not.toContain(packageId);

    await screen.open(name);
    await screen.modal.deleteRecord();
    await expect(notifications.toast('Data berhasil dihapus.')).toBeVisible();
    await expect(screen.table.row(name)).toHaveCount(0);
  });

  test('a change made in another session appears without a reload', async ({ page, browser }) => {
    const name = `Aplikasi Langsung ${unique()}`;
    const screen = new BlacklistAppPage(page);
    await screen.goto();
    await screen.table.globalSearch.fill(name);
    await expect(screen.table.emptyText).toBeVisible();

    const other = await browser.newContext({ storageState: storageStatePath('admin') });
    const otherScreen = new BlacklistAppPage(await other.newPage());
    await otherScreen.goto();
    await otherScreen.add.click();
    await otherScreen.name.fill(name);
    await otherScreen.packageId.fill(`com.live.${unique()}`);
    await otherScreen.modal.save.click();
    await expect(otherScreen.modal.dialog).toBeHidden();

    await expect(screen.table.row(name)).toBeVisible();
    await otherScreen.open(name);
    await otherScreen.modal.deleteRecord();
    await expect(screen.table.emptyText).toBeVisible();
    await other.close();
  });
});

test.describe('Blacklist App without access', () => {
  test.use(signedInAs('viewer'));

  test('a viewer is refused the screen', async ({ page }) => {
    await page.goto('/settings/blacklist-app');
    await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Blacklist App' })).toHaveCount(0);
  });
});
