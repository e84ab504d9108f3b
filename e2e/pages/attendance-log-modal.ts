import type { Locator, Page } from '@playwright/test';

/** The detail modal of a check-in log (approval queue and attendance history). */
export class AttendanceLogModal {
  readonly dialog: Locator;
  readonly approve: Locator;
  readonly reject: Locator;
  readonly cancel: Locator;
  readonly undo: Locator;
  readonly close: Locator;
  readonly rejectNote: Locator;
  readonly nearest: Locator;
  readonly problem: Locator;
  readonly map: Locator;
  readonly differentDay: Locator;
  readonly rejectedNote: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Detail Kehadiran' });
    this.approve = this.dialog.getByRole('button', { name: 'Setujui', exact: true });
    this.reject = this.dialog.getByRole('button', { name: 'Tolak', exact: true });
    this.cancel = this.dialog.getByRole('button', { name: 'Batal', exact: true });
    this.undo = this.dialog.getByRole('button', { name: 'Undo', exact: true });
    this.close = this.dialog.getByRole('button', { name: 'Tutup', exact: true });
    this.rejectNote = this.dialog.getByRole('textbox', { name: 'Catatan penolakan' });
    this.nearest = this.dialog.getByRole('group', { name: 'Pilih man power terdekat' });
    this.problem = this.dialog.getByRole('alert');
    this.map = this.dialog.getByRole('group', { name: 'Peta lokasi' });
    this.differentDay = this.dialog.getByRole('checkbox', { name: 'Mundurkan absen' });
    this.rejectedNote = this.dialog.getByLabel('Catatan penolakan');
  }

  tab(name: 'Face Recognition' | 'Lokasi' | 'Detail Shift' | 'Tipe Layanan'): Locator {
    return this.dialog.getByRole('tab', { name, exact: true });
  }

  async openTab(name: 'Face Recognition' | 'Lokasi' | 'Detail Shift' | 'Tipe Layanan'): Promise<void> {
    await this.tab(name).click();
  }

  /** The popover's confirm button of Undo. */
  confirmUndo(): Locator {
    return this.page.getByRole('tooltip').getByRole('button', { name: 'Undo', exact: true });
  }
}
