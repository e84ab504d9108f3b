import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';
import { labelled } from './crud-screen';

/** Pengaturan > Hari Libur (/settings/holiday): the year table and the year modal. */
export class HolidayPage {
  readonly heading: Locator;
  readonly add: Locator;
  readonly table: DataTable;
  readonly modal: Locator;
  readonly yearPicker: Locator;
  readonly duplicate: Locator;
  readonly addHoliday: Locator;
  readonly list: Locator;
  readonly removeYear: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Hari Libur' });
    // doc3 §2.5: 'Tambah +' opens the modal for a new year.
    this.add = page.getByRole('button', { name: 'Tambah +', exact: true });
    this.table = new DataTable(page, 'Hari Libur');
    this.modal = page.getByRole('dialog');
    this.yearPicker = this.modal.getByLabel('Tahun', { exact: true });
    this.duplicate = this.modal.getByRole('button', { name: 'Duplikat hari libur dari tahun lalu' });
    this.addHoliday = this.modal.getByRole('button', { name: '+ Tambah hari libur' });
    this.list = this.modal.getByRole('list', { name: 'Daftar hari libur' });
    this.removeYear = this.modal.getByRole('button', { name: 'Hapus', exact: true });
    this.close = this.modal.getByRole('button', { name: 'Tutup', exact: true }).last();
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/holiday');
    await expect(this.heading).toBeVisible();
    await this.table.loaded();
  }

  holiday(name: string): Locator {
    return this.list.getByRole('listitem', { name, exact: true });
  }

  /** The add/edit form of one holiday inside the modal. */
  form(): HolidayFormArea {
    return new HolidayFormArea(this.modal.getByRole('form'));
  }

  async confirm(question: string, answer: string): Promise<void> {
    const popover = this.page.getByRole('tooltip').filter({ hasText: question });
    await popover.getByRole('button', { name: answer, exact: true }).click();
  }
}

export class HolidayFormArea {
  readonly name: Locator;
  readonly start: Locator;
  readonly end: Locator;
  readonly save: Locator;
  readonly update: Locator;

  constructor(readonly root: Locator) {
    this.name = root.getByLabel(labelled('Nama hari libur'));
    this.start = root.getByLabel(labelled('Tanggal mulai'));
    this.end = root.getByLabel(labelled('Tanggal akhir'));
    this.save = root.getByRole('button', { name: 'Simpan', exact: true });
    this.update = root.getByRole('button', { name: 'Perbarui', exact: true });
  }

  collective(dateText: string): Locator {
    return this.root.getByRole('checkbox', { name: `Cuti bersama ${dateText}` });
  }
}
