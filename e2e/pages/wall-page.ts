import { expect, type Locator, type Page } from '@playwright/test';
import { shownNumber } from './dashboard-page';

export type WallTile = 'Terlambat Hari Ini' | 'Tidak Hadir Hari Ini';
export type ConnectionLabel = 'Terhubung' | 'Menghubungkan…' | 'Terputus';

/** The wall display board (/wall#token=…: the token in the fragment, never sent to the server). */
export class WallPage {
  readonly name: Locator;
  readonly clock: Locator;
  readonly waiting: Locator;
  readonly revoked: Locator;
  readonly invalid: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('heading', { level: 1 });
    this.clock = page.getByRole('timer', { name: 'Jam' });
    this.waiting = page.getByRole('region', { name: 'Menunggu Persetujuan' });
    this.revoked = page.getByRole('alert').getByRole('heading', { name: 'Tampilan dicabut' });
    this.invalid = page.getByRole('alert').getByRole('heading', { name: 'Token tampilan tidak valid' });
  }

  async goto(token: string, baseURL = ''): Promise<void> {
    await this.page.goto(`${baseURL}/wall#token=${encodeURIComponent(token)}`);
  }

  /** An old link, from before the token moved to the fragment (it still opens the board, once). */
  async gotoOldLink(token: string, baseURL = ''): Promise<void> {
    await this.page.goto(`${baseURL}/wall?token=${encodeURIComponent(token)}`);
  }

  tile(name: WallTile): Locator {
    return this.page.getByRole('region', { name, exact: true }).locator('.wall-tile-value');
  }

  /** A whole tile (a region named by its label), its scope text included. */
  region(name: WallTile | 'Check-in Hari Ini' | 'Menunggu Persetujuan'): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** Check-ins received today (waiting included) and the approved ones beside them. */
  checkInCount(kind: 'Diterima' | 'Sudah disetujui'): Locator {
    return this.region('Check-in Hari Ini').getByRole('group', { name: kind, exact: true }).locator('.wall-subcount-value');
  }

  waitingCount(kind: 'Kehadiran' | 'Izin'): Locator {
    return this.waiting.getByRole('group', { name: kind, exact: true }).locator('.wall-subcount-value');
  }

  connection(state: ConnectionLabel): Locator {
    return this.page.getByRole('status', { name: state, exact: true });
  }

  async waitingAttendance(): Promise<number> {
    return shownNumber(this.waitingCount('Kehadiran'));
  }

  async expectLive(): Promise<void> {
    await expect(this.clock).toBeVisible();
    await expect(this.connection('Terhubung')).toBeVisible({ timeout: 15_000 });
  }
}
