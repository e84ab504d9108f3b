import { expect, type Locator, type Page } from '@playwright/test';
import { CrudScreen, labelled } from './crud-screen';
import { DataTable } from './data-table';

/** Pengaturan > Jadwal Kerja (/settings/shift): the left menu, the shift table and the pattern table. */
export class WorkSchedulePage {
  readonly heading: Locator;
  readonly menu: Locator;
  readonly shifts: CrudScreen;
  readonly patterns: DataTable;
  readonly patternModal: PatternModal;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Jadwal Kerja' });
    this.menu = page.getByRole('navigation', { name: 'Menu jadwal kerja' });
    this.shifts = new CrudScreen(page, '/settings/shift?menu=shift', { heading: 'Jadwal Kerja', table: 'Jam Kerja', modal: 'Jam Kerja' });
    this.patterns = new DataTable(page, 'Pola Kerja');
    this.patternModal = new PatternModal(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/shift');
    await expect(this.heading).toBeVisible();
  }

  async choose(menu: 'Jam Kerja' | 'Pola Kerja'): Promise<void> {
    await this.menu.getByRole('button', { name: menu, exact: true }).click();
  }

  get addPattern(): Locator {
    return this.page.getByRole('button', { name: 'Tambah', exact: true });
  }
}

export class PatternModal {
  readonly dialog: Locator;
  readonly code: Locator;
  readonly cycle: Locator;
  readonly startingDate: Locator;
  readonly name: Locator;
  readonly save: Locator;
  readonly update: Locator;
  readonly cancel: Locator;
  readonly edit: Locator;
  readonly remove: Locator;
  readonly done: Locator;
  readonly shiftPicker: Locator;
  readonly addShift: Locator;
  readonly content: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Pola Kerja', exact: true });
    this.code = this.dialog.getByLabel(labelled('ID'));
    this.cycle = this.dialog.getByLabel(labelled('Siklus Hari'));
    this.startingDate = this.dialog.getByLabel(labelled('Tanggal Mulai'));
    this.name = this.dialog.getByLabel(labelled('Nama'));
    this.save = this.dialog.getByRole('button', { name: 'Simpan', exact: true });
    this.update = this.dialog.getByRole('button', { name: 'Perbarui', exact: true });
    this.cancel = this.dialog.getByRole('button', { name: 'Batal', exact: true });
    this.edit = this.dialog.getByRole('button', { name: 'Ubah', exact: true });
    this.remove = this.dialog.getByRole('button', { name: 'Hapus', exact: true });
    this.done = this.dialog.getByRole('button', { name: 'Selesai', exact: true });
    this.shiftPicker = this.dialog.getByLabel('Pilih jam kerja');
    this.addShift = this.dialog.getByRole('button', { name: 'Tambah jam kerja', exact: true });
    this.content = this.dialog.getByRole('region', { name: 'Jam kerja dalam siklus' }).getByRole('listitem');
  }

  day(n: number): Locator {
    return this.dialog.getByRole('listitem', { name: `Hari ke-${n}`, exact: true });
  }

  async addShiftNamed(label: string): Promise<void> {
    await this.shiftPicker.selectOption({ label });
    await this.addShift.click();
  }

  /** Ubah, then 'Pola kerja' or 'Jam kerja'. */
  async editPart(part: 'Pola kerja' | 'Jam kerja'): Promise<void> {
    await this.edit.click();
    await this.page.getByRole('button', { name: part, exact: true }).click();
  }
}
