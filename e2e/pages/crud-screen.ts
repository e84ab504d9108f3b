import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a field label exactly, with or without the required mark. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${escape(label)}\\*?$`);
}

/** The record modal of the settings and admin screens (client/src/components/form/form-modal.tsx). */
export class FormModal {
  readonly dialog: Locator;
  readonly edit: Locator;
  readonly remove: Locator;
  readonly cancel: Locator;
  readonly update: Locator;
  readonly save: Locator;
  readonly close: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title, exact: true });
    this.edit = this.dialog.getByRole('button', { name: 'Ubah', exact: true });
    this.remove = this.dialog.getByRole('button', { name: 'Hapus', exact: true });
    this.cancel = this.dialog.getByRole('button', { name: 'Batal', exact: true });
    this.update = this.dialog.getByRole('button', { name: 'Perbarui', exact: true });
    this.save = this.dialog.getByRole('button', { name: 'Simpan', exact: true });
    this.close = this.dialog.getByRole('button', { name: 'Tutup', exact: true });
  }

  /** A field by its label (a required field's label ends with a '*' mark). */
  field(label: string): Locator {
    return this.dialog.getByLabel(labelled(label));
  }

  /** The popover asking `question` (ConfirmPopover), answered with `answer`. */
  async confirm(question: string, answer: string): Promise<void> {
    const popover = this.page.getByRole('tooltip').filter({ hasText: question });
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: answer, exact: true }).click();
  }

  /** Hapus, then 'Hapus data?' answered Hapus. */
  async deleteRecord(question = 'Hapus data?'): Promise<void> {
    await this.remove.click();
    await this.confirm(question, 'Hapus');
  }
}

/** A CrudPage screen: its heading, the 'Tambah' button, the DataTable and the FormModal. */
export class CrudScreen {
  readonly heading: Locator;
  readonly add: Locator;
  readonly table: DataTable;
  readonly modal: FormModal;

  constructor(
    readonly page: Page,
    readonly path: string,
    options: { heading: string; table: string; modal: string; scope?: Locator },
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: options.heading });
    this.table = new DataTable(page, options.table, options.scope);
    this.add = (options.scope ?? page).getByRole('button', { name: 'Tambah', exact: true });
    this.modal = new FormModal(page, options.modal);
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.heading).toBeVisible();
    await this.table.loaded();
  }

  /** Opens a row's record in view mode. */
  async open(...texts: string[]): Promise<void> {
    await this.table.row(...texts).first().click();
    await expect(this.modal.dialog).toBeVisible();
  }
}
