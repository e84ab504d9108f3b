import type { Page } from '@playwright/test';
import { CrudScreen } from './crud-screen';

/** Pengaturan > Blacklist App (/settings/blacklist-app). */
export class BlacklistAppPage extends CrudScreen {
  constructor(page: Page) {
    super(page, '/settings/blacklist-app', { heading: 'Blacklist App', table: 'Blacklist App', modal: 'Blacklist App' });
  }

  get name() {
    return this.modal.field('Nama');
  }

  get packageId() {
    return this.modal.field('Package ID');
  }

  get blacklist() {
    return this.modal.dialog.getByRole('switch', { name: 'Blacklist' });
  }
}
