import { expect, type Locator, type Page } from '@playwright/test';

/** The question a filled form asks before it is thrown away (GuardedModal, DESIGN §18): 'Tutup form?'. */
export class DiscardQuestion {
  readonly dialog: Locator;
  readonly keepEditing: Locator;
  readonly discard: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('alertdialog', { name: 'Tutup form?' });
    this.keepEditing = this.dialog.getByRole('button', { name: 'Lanjut mengisi' });
    this.discard = this.dialog.getByRole('button', { name: 'Buang isian' });
  }

  /** Esc on the filled form asks, 'Lanjut mengisi' is the focused default; answering it keeps the form. */
  async escapeThenKeepEditing(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog).toContainText('Isian yang belum disimpan akan hilang.');
    await expect(this.keepEditing).toBeFocused();
    await this.keepEditing.click();
    await expect(this.dialog).toBeHidden();
  }
}
