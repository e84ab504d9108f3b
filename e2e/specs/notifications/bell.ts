import { expect, type Locator, type Page } from '@playwright/test';

/** The header's notification bell and its panel (issue 41). */
export class Bell {
  readonly button: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('banner').getByRole('button', { name: /^Notifikasi, / });
    this.panel = page.getByRole('dialog', { name: 'Notifikasi' });
  }

  unread(count: number): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('button', { name: count ? `Notifikasi, ${count} belum dibaca` : 'Notifikasi, tidak ada yang belum dibaca' });
  }

  /** The panel's unread item saying `text` (a read one may say the same). */
  unreadItem(text: string): Locator {
    return this.panel
      .getByRole('listitem')
      .filter({ hasText: text })
      .filter({ has: this.page.getByRole('button', { name: /^Tandai dibaca: / }) });
  }

  async open(): Promise<void> {
    if ((await this.button.getAttribute('aria-expanded')) !== 'true') await this.button.click();
    await expect(this.panel).toBeVisible();
    await expect(this.panel.getByText('Memuat notifikasi…')).toHaveCount(0);
  }

  /** Everything read, so the next notification is the only unread one. */
  async readAll(): Promise<void> {
    await this.open();
    const markAll = this.panel.getByRole('button', { name: 'Tandai semua dibaca' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(this.unread(0)).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(this.panel).toBeHidden();
  }
}

/** The waiting count the tab title carries ('(12) Kehadiran | Dashboard'), 0 without one. */
export async function titleCount(page: Page): Promise<number> {
  const match = /^\(([\d.]+)\) /.exec(await page.title());
  return match ? Number(match[1].replaceAll('.', '')) : 0;
}
