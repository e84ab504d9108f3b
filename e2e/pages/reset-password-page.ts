import { expect, type Locator, type Page } from '@playwright/test';

export const CODE_LENGTH = 6;

export class ResetPasswordPage {
  readonly email: Locator;
  readonly newPassword: Locator;
  readonly repeatPassword: Locator;
  readonly clearCode: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.newPassword = page.getByLabel('Password Baru', { exact: true });
    this.repeatPassword = page.getByLabel('Ulangi Password', { exact: true });
    this.clearCode = page.getByRole('button', { name: 'Hapus kode' });
    this.submit = page.getByRole('button', { name: 'Simpan' });
  }

  /** Box 1..6 of the verification code. */
  codeBox(position: number): Locator {
    return this.page.getByLabel(`Kode verifikasi ${position}`, { exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/reset-password');
    await expect(this.newPassword).toBeVisible();
  }

  /** Pastes `text` into a code box through the real clipboard (Control+V). */
  async pasteCode(text: string, position = 1): Promise<void> {
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await this.codeBox(position).focus();
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  async expectCode(code: string): Promise<void> {
    for (let position = 1; position <= CODE_LENGTH; position += 1) {
      await expect(this.codeBox(position)).toHaveValue(code[position - 1] ?? '');
    }
  }
}
