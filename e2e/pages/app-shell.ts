import { expect, type Locator, type Page } from '@playwright/test';

export type UserMenuItem = 'My Profile' | 'Lock Screen' | 'Ubah Kata Sandi' | 'Log Out';

/** The signed-in shell: header (user menu, sidebar toggle, connection indicator) and sidebar. */
export class AppShell {
  readonly sidebar: Locator;
  readonly sidebarToggle: Locator;
  readonly userMenu: Locator;
  readonly changePassword: ChangePasswordModal;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Menu utama' });
    this.sidebarToggle = page.getByRole('button', { name: 'Buka/tutup menu' });
    this.userMenu = page.getByRole('button', { name: 'Menu pengguna' });
    this.changePassword = new ChangePasswordModal(page);
  }

  /** The header's realtime connection indicator in a given state. */
  connection(state: 'Terhubung' | 'Menghubungkan…' | 'Terputus'): Locator {
    return this.page.getByRole('status', { name: state, exact: true });
  }

  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.userMenu).toBeVisible();
  }

  async chooseFromUserMenu(item: UserMenuItem): Promise<void> {
    await this.userMenu.click();
    await expect(this.userMenu).toHaveAttribute('aria-expanded', 'true');
    // My Profile is a link to /profile; the other entries are actions.
    const role = item === 'My Profile' ? 'link' : 'button';
    await this.page.getByRole('banner').getByRole(role, { name: item, exact: true }).click();
  }

  /** A sidebar group toggle (Penyesuaian, Persetujuan, Laporan, Pengaturan, Sistem Administrasi). */
  group(name: string): Locator {
    return this.sidebar.getByRole('button', { name, exact: true });
  }

  link(name: string | RegExp): Locator {
    return this.sidebar.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name });
  }

  async openGroup(name: string): Promise<void> {
    const group = this.group(name);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }

  /** Hrefs of the sidebar links currently visible (open groups included). */
  async visibleLinkHrefs(): Promise<string[]> {
    const links = this.sidebar.getByRole('link');
    const hrefs: string[] = [];
    for (const link of await links.all()) {
      if (await link.isVisible()) hrefs.push((await link.getAttribute('href')) ?? '');
    }
    return hrefs;
  }
}

export class ChangePasswordModal {
  readonly dialog: Locator;
  readonly oldPassword: Locator;
  readonly newPassword: Locator;
  readonly repeatPassword: Locator;
  readonly submit: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Ubah Kata Sandi' });
    this.oldPassword = this.dialog.getByLabel('Kata Sandi Lama', { exact: true });
    this.newPassword = this.dialog.getByLabel('Kata Sandi Baru', { exact: true });
    this.repeatPassword = this.dialog.getByLabel('Ulangi Kata Sandi Baru', { exact: true });
    this.submit = this.dialog.getByRole('button', { name: 'Simpan' });
    this.cancel = this.dialog.getByRole('button', { name: 'Batal' });
  }

  async fill(oldPassword: string, newPassword: string, repeat = newPassword): Promise<void> {
    await this.oldPassword.fill(oldPassword);
    await this.newPassword.fill(newPassword);
    await this.repeatPassword.fill(repeat);
  }
}
