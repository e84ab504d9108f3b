import type { Locator, Page } from '@playwright/test';
import { CrudScreen } from './crud-screen';

const TABS = {
  'Cuti Khusus': 'Cuti Khusus',
  'Cuti Tambahan': 'Cuti Tambahan',
  'System Trouble': 'System Trouble',
} as const;

export type LeaveSettingsTab = keyof typeof TABS;

/** Pengaturan > Cuti & Gangguan Sistem (/settings/permission): one tab per list. */
export class LeaveSettingsPage {
  readonly tabList: Locator;

  constructor(readonly page: Page) {
    this.tabList = page.getByRole('tablist', { name: 'Jenis pengaturan' });
  }

  tab(name: LeaveSettingsTab): Locator {
    return this.tabList.getByRole('tab', { name, exact: true });
  }

  /** The screen of one tab: its table and modal carry the tab's name. */
  screen(name: LeaveSettingsTab): CrudScreen {
    return new CrudScreen(this.page, '/settings/permission', { heading: 'Cuti & Gangguan Sistem', table: TABS[name], modal: TABS[name] });
  }

  async goto(tab?: LeaveSettingsTab): Promise<CrudScreen | null> {
    await this.page.goto('/settings/permission');
    if (!tab) return null;
    await this.tab(tab).click();
    const screen = this.screen(tab);
    await screen.table.loaded();
    return screen;
  }
}
