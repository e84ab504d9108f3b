import { expect, type Locator, type Page } from '@playwright/test';
import { AttendanceLogModal } from './attendance-log-modal';
import { longDate, shownTime } from '../fixtures/dates';
import { DataTable } from './data-table';

/** /report/attendance-log: decided check-ins, undo, reject a valid log, 'Mundurkan absen'. */
export class AttendanceLogPage {
  readonly heading: Locator;
  readonly notice: Locator;
  readonly summary: Locator;
  readonly month: Locator;
  readonly table: DataTable;
  readonly manPower: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly status: Locator;
  readonly logType: Locator;
  readonly modal: AttendanceLogModal;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Riwayat Kehadiran', level: 1 });
    this.notice = page.getByText('Absen yang di-undo akan kembali ke tahap persetujuan.');
    this.summary = page.getByRole('region', { name: 'Ringkasan status' });
    // The app's month input (Indonesian month names; its 'YYYY-MM' in data-value).
    this.month = this.summary.getByRole('textbox', { name: 'Bulan', exact: true });
    this.table = new DataTable(page, 'Riwayat Kehadiran');
    const filters = page.getByRole('region', { name: 'Filter' });
    this.manPower = filters.getByRole('combobox', { name: 'Man Power Name' });
    this.startDate = filters.getByLabel('Tanggal mulai');
    this.endDate = filters.getByLabel('Tanggal selesai');
    this.status = filters.getByRole('combobox', { name: 'Status' });
    this.logType = filters.getByRole('combobox', { name: 'Tipe Log' });
    this.modal = new AttendanceLogModal(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/report/attendance-log');
    await expect(this.heading).toBeVisible();
    await this.table.loaded();
  }

  /** A count of the summary card ('Disetujui', 'Disetujui Manual', 'Ditolak'). */
  summaryValue(label: string): Locator {
    return this.summary
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }

  rowOf(log: { employee: { name: string }; log_datetime: string }): Locator {
    return this.table.row(log.employee.name, longDate(log.log_datetime), shownTime(log.log_datetime));
  }
}
