import { expect, type Locator, type Page } from '@playwright/test';

/** Sistem Administrasi > Tampilan Dinding: create, list and revoke wall display tokens. */
export class WallDisplayAdminPage {
  readonly heading: Locator;
  readonly nameField: Locator;
  readonly create: Locator;
  readonly createdNotice: Locator;
  readonly link: Locator;
  readonly copy: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Tampilan Dinding' });
    this.nameField = page.getByLabel('Nama tampilan');
    this.create = page.getByRole('button', { name: 'Buat Tampilan' });
    this.createdNotice = page.getByRole('region', { name: 'Tampilan dibuat' });
    this.link = page.getByLabel('Tautan tampilan');
    this.copy = page.getByRole('button', { name: /Salin tautan|Tautan disalin/ });
    this.table = page.getByRole('table', { name: 'Daftar tampilan dinding' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/system-admin/wall-display');
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async createDisplay(name: string): Promise<string> {
    await this.nameField.fill(name);
    await this.create.click();
    await expect(this.createdNotice).toBeVisible();
    return this.link.inputValue();
  }

  async revoke(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Cabut ${name}`, exact: true }).click();
    const confirm = this.page.getByRole('tooltip').filter({ hasText: 'Cabut tampilan?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cabut', exact: true }).click();
  }
}
