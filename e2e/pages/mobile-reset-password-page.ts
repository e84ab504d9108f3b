import type { Locator, Page } from '@playwright/test';

export class MobileResetPasswordPage {
  readonly newPassword: Locator;
  readonly showPassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.newPassword = page.getByLabel('Password Baru', { exact: true });
    this.showPassword = page.getByRole('button', { name: 'Tampilkan karakter' });
    this.submit = page.getByRole('button', { name: 'Simpan' });
  }

  async goto(query: { email?: string; code?: string }): Promise<void> {
    const params = new URLSearchParams();
    if (query.email !== undefined) params.set('email', query.email);
    if (query.code !== undefined) params.set('code', query.code);
    const search = params.toString();
    await this.page.goto(`/mobile/reset-password${search ? `?${search}` : ''}`);
  }
}
