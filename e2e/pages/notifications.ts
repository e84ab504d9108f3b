import type { Locator, Page } from '@playwright/test';

/** The centred error popup and the top-right success toasts (doc1 §8). */
export class Notifications {
  constructor(private readonly page: Page) {}

  /** The error popup; its accessible name is the message it shows. */
  errorPopup(message?: string | RegExp): Locator {
    return this.page.getByRole('alertdialog', message === undefined ? {} : { name: message });
  }

  /** A calm, non-blocking notice (e.g. a colleague already decided): a status, never an alertdialog. */
  notice(message: string | RegExp): Locator {
    return this.page.locator('[role="status"][data-kind="info"]').filter({ hasText: message });
  }

  /** A success toast carrying `message`. */
  toast(message: string | RegExp): Locator {
    return this.page.getByRole('status', { name: message });
  }
}
