import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The shared FormModal (client/src/components/form/form-modal.tsx) found by its title: view mode
 * (Hapus + Ubah), edit mode (Batal + Perbarui), add mode (Batal + Simpan).
 */
export class FormModal {
  readonly dialog: Locator;
  readonly edit: Locator;
  readonly save: Locator;
  readonly update: Locator;
  readonly cancel: Locator;
  readonly close: Locator;
  /** The form-level message (what a failed save said that belongs to no field). */
  readonly alert: Locator;

  constructor(
    readonly page: Page,
    title: string,
    private readonly deleteLabel = 'Hapus',
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.edit = this.dialog.getByRole('button', { name: 'Ubah', exact: true });
    this.save = this.dialog.getByRole('button', { name: 'Simpan', exact: true });
    this.update = this.dialog.getByRole('button', { name: 'Perbarui', exact: true });
    this.cancel = this.dialog.getByRole('button', { name: 'Batal', exact: true });
    this.close = this.dialog.getByRole('button', { name: 'Tutup', exact: true });
    this.alert = this.dialog.getByRole('alert');
  }

  get delete(): Locator {
    return this.dialog.getByRole('button', { name: this.deleteLabel, exact: true });
  }

  field(label: string | RegExp): Locator {
    return this.dialog.getByLabel(label);
  }

  /** The footer buttons' names, left to right. */
  async footer(): Promise<string[]> {
    return (await this.dialog.locator('.modal-footer').getByRole('button').allInnerTexts()).map((text) => text.trim());
  }

  /** Hapus (or the screen's own word), then the confirmation's button of the same name. */
  async deleteRecord(question = 'Hapus data?'): Promise<void> {
    await this.delete.click();
    const confirm = this.page.getByRole('tooltip').filter({ hasText: question });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: this.deleteLabel, exact: true }).click();
  }
}
