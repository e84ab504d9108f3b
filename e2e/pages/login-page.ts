import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly remember: Locator;
  readonly showPassword: Locator;
  readonly hidePassword: Locator;
  readonly submit: Locator;
  readonly forgotLink: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.remember = page.getByLabel('Ingat saya');
    this.showPassword = page.getByRole('button', { name: 'Tampilkan karakter' });
    this.hidePassword = page.getByRole('button', { name: 'Sembunyikan karakter' });
    this.submit = page.getByRole('button', { name: 'Masuk', exact: true });
    this.forgotLink = page.getByRole('link', { name: 'Lupa password?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.email).toBeVisible();
  }

  async fill(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.remember.setChecked(options.remember ?? false);
  }

  /** Signs in through the form and waits for the dashboard. */
  async signIn(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
    await this.fill(email, password, options);
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}
