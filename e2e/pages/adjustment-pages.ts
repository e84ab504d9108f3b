import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';

/** The leave adjustment modal (doc2 §2.2). */
export class LeaveModal {
  readonly dialog: Locator;
  readonly search: Locator;
  readonly currentBalance: Locator;
  readonly newBalance: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
    this.search = this.dialog.getByRole('searchbox', { name: 'Karyawan' });
    this.currentBalance = this.dialog.getByTestId('current-balance');
    this.newBalance = this.dialog.getByTestId('new-balance');
    this.save = this.dialog.getByRole('button', { name: 'Simpan' });
  }

  async pickEmployee(number: string): Promise<void> {
    await this.search.fill(number);
    await this.dialog.getByRole('button', { name: new RegExp(number) }).click();
  }

  async fill(values: { start: string; end: string; requestDate: string; description: string }): Promise<void> {
    await this.dialog.getByLabel('Tanggal mulai cuti').fill(values.start);
    await this.dialog.getByLabel('Tanggal selesai cuti').fill(values.end);
    await this.dialog.getByLabel('Tanggal Pengajuan').fill(values.requestDate);
    await this.dialog.getByLabel('Deskripsi').fill(values.description);
    await this.dialog.getByLabel('Berkas').setInputFiles({
      name: 'surat-cuti.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% e2e\n'),
    });
  }
}

export class LeaveAdjustmentPage {
  readonly create: Locator;
  readonly modal: LeaveModal;

  constructor(readonly page: Page) {
    this.create = page.getByRole('button', { name: '+ Buat Cuti Manual' });
    this.modal = new LeaveModal(page);
  }

  table(year: number): DataTable {
    return new DataTable(this.page, `Daftar Cuti manual tahun ${year}`);
  }

  async goto(): Promise<void> {
    await this.page.goto('/adjustment/leave');
    // The first visit loads the screen's chunk: allow a slow, busy machine.
    await expect(this.page.getByRole('heading', { name: 'Daftar Cuti Manual', level: 1 })).toBeVisible({ timeout: 20_000 });
  }
}

/** Filter page of /adjustment/attendance and the report form (the same selection form). */
export class AdjustmentSelection {
  readonly show: Locator;

  constructor(readonly page: Page) {
    this.show = page.getByRole('button', { name: 'Tampilkan', exact: true });
  }

  /** Open a screen with the selection form (the first visit loads its chunk: allow a busy machine). */
  async goto(path: string, heading: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  async setRange(start: string, end: string): Promise<void> {
    await this.page.getByLabel('Tanggal mulai', { exact: true }).fill(start);
    await this.page.getByLabel('Tanggal selesai', { exact: true }).fill(end);
  }

  async pickEmployee(number: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Cari karyawan', exact: true }).fill(number);
    await this.page.getByRole('button', { name: new RegExp(number) }).click();
    await expect(this.page.getByRole('list', { name: 'Karyawan terpilih' })).toContainText(number);
  }
}

export class AttendanceAdjustmentEditPage {
  readonly table: DataTable;
  readonly bulk: Locator;
  readonly send: Locator;

  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'Data Kehadiran');
    this.bulk = page.getByRole('button', { name: 'Edit Semua' });
    this.send = page.getByRole('button', { name: 'Kirim', exact: true });
  }

  overtime(name: string, date: string): Locator {
    return this.page.getByRole('spinbutton', { name: `Lembur aktual ${name} ${date}` });
  }

  validity(name: string, date: string): Locator {
    return this.page.getByRole('combobox', { name: `Status absen ${name} ${date}` });
  }

  async applyBulk(values: { start: string; end: string; overtime: string; status: 'Valid' | 'Tidak Valid' }): Promise<void> {
    await this.bulk.click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit Semua' });
    await dialog.getByLabel('Tanggal mulai').fill(values.start);
    await dialog.getByLabel('Tanggal selesai').fill(values.end);
    await dialog.getByLabel('Lembur aktual (jam)').fill(values.overtime);
    await dialog.getByLabel('Status absen').selectOption({ label: values.status });
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await expect(dialog).toBeHidden();
  }

  async confirmSend(): Promise<void> {
    await this.send.click();
    const popover = this.page.getByRole('tooltip').filter({ hasText: 'Kirim penyesuaian kehadiran?' });
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: 'Kirim', exact: true }).click();
  }
}
