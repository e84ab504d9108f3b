import { expect, type Locator, type Page } from '@playwright/test';

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly send: Locator;
  readonly cancel: Locator;
  readonly haveCodeLink: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.send = page.getByRole('button', { name: 'Kirim' });
    this.cancel = page.getByRole('button', { name: 'Batal' });
    this.haveCodeLink = page.getByRole('link', { name: 'Sudah memiliki kode verifikasi?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/forgot-password');
    await expect(this.email).toBeVisible();
  }
}
