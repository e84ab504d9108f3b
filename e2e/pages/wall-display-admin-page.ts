import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';
import { FormModal } from './form-modal';

/** Sistem Administrasi > Tampilan Dinding: the client kit's reference screen (CrudPage). */
export class WallDisplayAdminPage {
  readonly heading: Locator;
  /** 'Buat Tampilan': opens the modal in add mode. */
  readonly create: Locator;
  readonly createdNotice: Locator;
  readonly link: Locator;
  readonly copy: Locator;
  readonly list: DataTable;
  readonly table: Locator;
  readonly modal: FormModal;
  readonly nameField: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Tampilan Dinding' });
    this.create = page.getByRole('button', { name: 'Buat Tampilan' });
    this.createdNotice = page.getByRole('region', { name: 'Tampilan dibuat' });
    this.link = page.getByLabel('Tautan tampilan');
    this.copy = page.getByRole('button', { name: /Salin tautan|Tautan disalin/ });
    this.list = new DataTable(page, 'Daftar tampilan dinding');
    this.table = this.list.table;
    this.modal = new FormModal(page, 'Tampilan Dinding', 'Cabut');
    this.nameField = this.modal.field('Nama tampilan');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/system-admin/wall-display${query}`);
    // The page's chunk loads lazily after the shell: allow it the navigation's time.
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
  }

  row(name: string): Locator {
    return this.list.rows.filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** Tambah → name → Simpan; returns the wall link shown once. */
  async createDisplay(name: string): Promise<string> {
    await this.create.click();
    await this.nameField.fill(name);
    await this.modal.save.click();
    await expect(this.modal.dialog).toBeHidden();
    await expect(this.createdNotice).toBeVisible();
    return this.link.inputValue();
  }

  /** Opens a row in the modal (view mode). */
  async open(name: string): Promise<void> {
    await this.row(name).getByRole('cell', { name, exact: true }).click();
    await expect(this.modal.dialog).toBeVisible();
  }

  async rename(from: string, to: string): Promise<void> {
    await this.open(from);
    await this.modal.edit.click();
    await this.nameField.fill(to);
    await this.modal.update.click();
    await expect(this.modal.dialog).toBeHidden();
  }

  /** The row's Cabut button and its confirmation. */
  async revoke(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Cabut ${name}`, exact: true }).click();
    const confirm = this.page.getByRole('tooltip').filter({ hasText: 'Cabut tampilan?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cabut', exact: true }).click();
  }
}
