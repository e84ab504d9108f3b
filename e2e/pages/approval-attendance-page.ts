import { expect, type Locator, type Page } from '@playwright/test';
import { AttendanceLogModal } from './attendance-log-modal';
import { longDate, shownTime } from '../fixtures/dates';
import { DataTable } from './data-table';

/** /approval/attendance: the live queue of waiting check-ins. */
export class ApprovalAttendancePage {
  readonly heading: Locator;
  readonly notice: Locator;
  readonly table: DataTable;
  readonly waitingBadge: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly logType: Locator;
  readonly location: Locator;
  readonly faceRecognition: Locator;
  readonly manPowerType: Locator;
  readonly manPowerName: Locator;
  readonly manPowerTeam: Locator;
  readonly manPowerGroup: Locator;
  readonly modal: AttendanceLogModal;
  readonly selectPage: Locator;
  readonly selectedCount: Locator;
  readonly approveSelected: Locator;
  readonly rejectSelected: Locator;
  readonly bulkRejectDialog: Locator;
  readonly skipped: Locator;
  readonly risk: Locator;
  readonly lowRisk: Locator;
  readonly lowRiskDialog: Locator;
  readonly approveDialog: Locator;
  readonly result: Locator;
  readonly undo: Locator;
  readonly riskConfirm: Locator;
  readonly keysButton: Locator;
  readonly keysDialog: Locator;
  readonly skipLink: Locator;
  readonly announcer: Locator;
  readonly scope: Locator;
  readonly factor: Locator;
  readonly resetView: Locator;
  readonly olderWaiting: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Persetujuan Kehadiran', level: 1 });
    this.notice = page.getByText('Periksa detail absen karyawan sebelum melakukan persetujuan.');
    this.table = new DataTable(page, 'Kehadiran menunggu persetujuan');
    this.waitingBadge = page.locator('.data-table-title').getByText(/^[\d.]+ menunggu persetujuan · semua tanggal · (semua tipe man power|untuk .+)$/);
    const filters = page.getByRole('region', { name: 'Filter' });
    this.startDate = filters.getByLabel('Tanggal mulai');
    this.endDate = filters.getByLabel('Tanggal selesai');
    this.logType = filters.getByRole('combobox', { name: 'Tipe Log' });
    this.location = filters.getByRole('combobox', { name: 'Lokasi' });
    this.faceRecognition = filters.getByRole('combobox', { name: 'Face Recognition' });
    this.manPowerType = filters.getByRole('combobox', { name: 'Tipe Man Power' });
    this.manPowerName = filters.getByRole('combobox', { name: 'Man Power', exact: true });
    this.manPowerTeam = filters.getByRole('combobox', { name: 'Tim Man Power' });
    this.manPowerGroup = filters.getByRole('combobox', { name: 'Grup Man Power' });
    this.modal = new AttendanceLogModal(page);
    this.selectPage = page.getByRole('checkbox', { name: 'Pilih semua di halaman ini' });
    this.selectedCount = page.getByText(/^\d+ terpilih$/);
    this.approveSelected = page.getByRole('button', { name: 'Setujui terpilih' });
    this.rejectSelected = page.getByRole('button', { name: 'Tolak terpilih' });
    this.bulkRejectDialog = page.getByRole('dialog', { name: /^Tolak \d+ absen terpilih$/ });
    this.skipped = page.getByRole('alert').filter({ hasText: 'Dilewati' });
    this.risk = filters.getByRole('combobox', { name: 'Risiko' });
    this.lowRisk = page.getByRole('button', { name: 'Setujui semua risiko rendah' });
    this.lowRiskDialog = page.getByRole('dialog', { name: 'Setujui semua risiko rendah' });
    this.approveDialog = page.getByRole('dialog', { name: /^Setujui [\d.]+ absen terpilih$/ });
    this.result = page.getByRole('alert').filter({ hasText: /^Hasil: / });
    // The banner's button names the approver's last action ('Urungkan: setujui Budi (1 absen)').
    this.undo = page.getByRole('region', { name: 'Urungkan keputusan terakhir' }).getByRole('button', { name: /^Urungkan: / });
    this.riskConfirm = page.getByRole('dialog', { name: /^Setujui absen berisiko (sedang|tinggi)\?$/ });
    this.keysButton = page.getByRole('button', { name: 'Pintasan keyboard' });
    this.keysDialog = page.getByRole('dialog', { name: 'Pintasan keyboard' });
    this.skipLink = page.getByRole('link', { name: 'Lewati ke antrean' });
    this.announcer = page.getByTestId('cockpit-announcer');
    this.scope = page.getByTestId('queue-scope');
    this.factor = filters.getByRole('combobox', { name: 'Faktor risiko' });
    this.resetView = page.getByRole('button', { name: 'Atur ulang' });
    this.olderWaiting = page.getByRole('button', { name: /^Tampilkan [\d.]+ yang menunggu sejak / });
  }

  /**
   * The queue at its default view (today, no other filter): a view the user saved in an earlier test
   * (filters and order persist per user on the server) is reset first.
   */
  async goto(): Promise<void> {
    await this.open();
    if (await this.resetView.isEnabled()) {
      await this.resetView.click();
      await expect(this.resetView).toBeDisabled();
      // Opened afresh: the page's focus and first Tab as on any first visit.
      await this.open();
    }
  }

  /** The queue as the user left it (their saved filters and order), or as `search` (a link's parameters) asks. */
  async open(search = ''): Promise<void> {
    await this.page.goto(`/approval/attendance${search}`);
    await expect(this.heading).toBeVisible();
    await this.table.loaded();
  }

  /** A row's risk reasons, one chip each. */
  reasonsOf(row: Locator): Locator {
    return row.getByRole('list', { name: 'Alasan risiko' }).getByRole('listitem');
  }

  /** The button of a row's two photos (hover or focus opens them large). */
  photosOf(row: Locator): Locator {
    return row.getByRole('button', { name: /^Perbesar foto / });
  }

  /** The large photos of a row (the employee's reference photo and the check-in's). */
  get photoPreview(): Locator {
    return this.page.getByRole('tooltip').filter({ has: this.page.getByRole('img', { name: 'Foto kehadiran', exact: true }) });
  }

  /** Only the check-ins of one placement (a scope of the test's own). */
  async showPlacement(type: string, name: string, perPage = 100): Promise<void> {
    await this.manPowerType.selectOption({ label: type });
    await this.manPowerName.selectOption({ label: name });
    await this.table.pageSize.selectOption(String(perPage));
    await this.table.loaded();
  }

  /** The risk badge (a button opening the reasons) of a row. */
  riskOf(row: Locator): Locator {
    return row.getByRole('button', { name: /^(Rendah|Sedang|Tinggi): lihat alasan risiko$/ });
  }

  /** The live waiting count in the table header. */
  async waitingCount(): Promise<number> {
    return Number((await this.waitingBadge.innerText()).split(' ')[0].replace(/\./g, ''));
  }

  /** The checkbox that selects a check-in's row for 'Setujui terpilih' / 'Tolak terpilih'. */
  checkboxOf(checkIn: { employee: { name: string }; log_datetime: string }): Locator {
    return this.page.getByRole('checkbox', { name: `Pilih absen ${checkIn.employee.name} ${checkIn.log_datetime}` });
  }

  /**
   * The queue row of a check-in: its employee and the date and time it was made (as shown, 'HH.mm'),
   * told apart from the same employee's other check-in of that minute by its selection box, whose name
   * carries the second.
   */
  rowOf(checkIn: { employee: { name: string }; log_datetime: string }): Locator {
    return this.table
      .row(checkIn.employee.name, longDate(checkIn.log_datetime), shownTime(checkIn.log_datetime))
      .filter({ has: this.checkboxOf(checkIn) });
  }
}
