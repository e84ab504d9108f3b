import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';
import { FormModal } from './form-modal';

/** /employee: the directory, its detail modal and the personalia wizard. */
export class EmployeeDirectoryPage {
  readonly table: DataTable;
  readonly personaliaFilter: Locator;
  readonly detail: Locator;
  readonly wizard: Locator;

  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'Daftar Karyawan');
    this.personaliaFilter = page.getByRole('combobox', { name: 'Filter personalia' });
    this.detail = page.getByRole('dialog', { name: /^Detail Karyawan/ });
    this.wizard = page.getByRole('dialog', { name: /Jadikan Personalia/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/employee');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Karyawan' })).toBeVisible();
    await this.table.loaded();
  }

  /** Types a name into the Nama column search and waits for the one matching row. */
  async searchName(name: string): Promise<Locator> {
    await this.table.columnSearch('Nama').fill(name);
    const row = this.table.row(name);
    await expect(row).toHaveCount(1);
    await expect(this.table.rows).toHaveCount(1);
    return row;
  }

  async openDetail(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Lihat detail ${name}`, exact: true }).click();
    await expect(this.detail).toBeVisible();
    await expect(this.detail.getByRole('tab', { name: 'Info Man Power' })).toBeVisible();
  }

  tab(name: 'Info Man Power' | 'Lokasi Man Power' | 'Detail Cuti'): Locator {
    return this.detail.getByRole('tab', { name, exact: true });
  }

  checkbox(name: 'Nonaktifkan Kehadiran' | 'Izin selalu ke Is Owner'): Locator {
    return this.detail.getByRole('checkbox', { name, exact: true });
  }

  /** The 'Terkunci … menit lagi' badge of an employee whose app account is locked by failed sign-ins. */
  lockBadge(name: string): Locator {
    return this.table.row(name).getByText(/^Terkunci \d+ menit lagi$/);
  }

  /** 'Buka kunci aplikasi' in the employee's row, confirmed in its popover. */
  async unlockMobile(name: string): Promise<void> {
    await this.table.row(name).getByRole('button', { name: `Buka kunci aplikasi ${name}` }).click();
    const popover = this.page.getByRole('tooltip').filter({ hasText: 'Buka kunci aplikasi karyawan ini sekarang?' });
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: 'Buka kunci aplikasi', exact: true }).click();
  }

  makePersonaliaButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Jadikan Personalia: ${name}`, exact: true });
  }

  wizardButton(name: 'Lanjut' | 'Kembali' | 'Simpan' | 'Batal' | 'Selesai'): Locator {
    return this.wizard.getByRole('button', { name, exact: true });
  }
}

/** /system-admin/user-level: the levels and the 'Hak Akses' modal with its flag matrix. */
export class UserLevelPage {
  readonly table: DataTable;
  readonly modal: FormModal;
  readonly add: Locator;

  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'Daftar User Level');
    this.modal = new FormModal(page, 'Hak Akses');
    this.add = page.getByRole('button', { name: 'Tambah', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/system-admin/user-level');
    await expect(this.page.getByRole('heading', { level: 1, name: 'User Level' })).toBeVisible();
    await this.table.loaded();
  }

  /** The List box of a flag (e.g. 'Pengumuman') or one of its children ('Pengumuman: Tambah'). */
  flag(label: string, action?: 'Tambah' | 'Ubah' | 'Hapus'): Locator {
    return this.modal.dialog.getByRole('checkbox', { name: action ? `${label}: ${action}` : label, exact: true });
  }

  async open(name: string): Promise<void> {
    await this.table.globalSearch.fill(name);
    const row = this.table.row(name);
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(this.modal.dialog).toBeVisible();
    await expect(this.modal.field('Nama / Wewenang')).toHaveValue(name);
  }
}

/** /system-admin/user-login: the logins and their modal with 'Hak Khusus'. */
export class UserLoginPage {
  readonly table: DataTable;
  readonly modal: FormModal;

  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'Daftar User Login');
    this.modal = new FormModal(page, 'User Login');
  }

  async goto(): Promise<void> {
    await this.page.goto('/system-admin/user-login');
    await expect(this.page.getByRole('heading', { level: 1, name: 'User Login' })).toBeVisible();
    await this.table.loaded();
  }

  async open(fullname: string): Promise<void> {
    await this.table.globalSearch.fill(fullname);
    const row = this.table.row(fullname);
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(this.modal.dialog).toBeVisible();
    await expect(this.modal.field('Nama')).toHaveValue(fullname);
  }

  right(name: string): Locator {
    return this.modal.dialog.getByRole('checkbox', { name, exact: true });
  }

  /** The 'Terkunci … menit lagi' badge of a login locked by failed sign-ins. */
  lockBadge(fullname: string): Locator {
    return this.table.row(fullname).getByText(/^Terkunci \d+ menit lagi$/);
  }

  /** 'Buka kunci' in the login's row, confirmed in its popover. */
  async unlock(fullname: string): Promise<void> {
    await this.table.row(fullname).getByRole('button', { name: `Buka kunci ${fullname}` }).click();
    const popover = this.page.getByRole('tooltip').filter({ hasText: 'Buka kunci login ini sekarang?' });
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: 'Buka kunci', exact: true }).click();
  }
}
