import type { Locator, Page } from '@playwright/test';

export class LockScreenPage {
  readonly password: Locator;
  readonly showPassword: Locator;
  readonly unlock: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Password', { exact: true });
    this.showPassword = page.getByRole('button', { name: 'Tampilkan karakter' });
    this.unlock = page.getByRole('button', { name: 'Buka Kunci' });
  }

  fullname(name: string): Locator {
    return this.page.getByText(name, { exact: true });
  }
}
