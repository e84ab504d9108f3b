import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';

/** /approval/permission: the izin list and, over it in a modal, a request's detail. */
export class ApprovalPermissionPage {
  readonly heading: Locator;
  readonly table: DataTable;
  readonly year: Locator;
  readonly waitingThisMonth: Locator;
  readonly detail: PermissionDetail;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Persetujuan Izin', level: 1 });
    this.table = new DataTable(page, 'Daftar Izin');
    this.year = page.getByRole('combobox', { name: 'Tahun' });
    this.waitingThisMonth = page.getByText(/^[\d.]+ izin menunggu persetujuan bulan ini$/);
    this.detail = new PermissionDetail(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/approval/permission');
    await expect(this.heading).toBeVisible();
    await this.table.loaded();
  }

  /** By the employee's number, not the name: another row can show the name (the employee it is addressed to). */
  rowOf(izin: { employee: { number: string }; date_formatted: string }): Locator {
    return this.table.row(izin.employee.number, izin.date_formatted);
  }
}

export class PermissionDetail {
  readonly region: Locator;
  readonly header: Locator;
  readonly note: Locator;
  readonly approve: Locator;
  readonly reject: Locator;
  readonly back: Locator;
  readonly problem: Locator;
  readonly recent: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('dialog', { name: 'Detail Izin' });
    this.header = this.region.locator('.modal-header');
    this.note = this.region.getByRole('textbox', { name: 'Catatan' });
    this.approve = this.region.getByRole('button', { name: 'Setujui', exact: true });
    this.reject = this.region.getByRole('button', { name: 'Tolak', exact: true });
    this.back = this.region.getByRole('button', { name: 'Kembali' });
    this.problem = this.region.getByRole('alert');
    this.recent = this.region.getByRole('table', { name: '5 pengajuan izin terakhir' });
  }

  /** The value of a field ('Status', 'Nama', 'Lampiran', ...). */
  field(label: string): Locator {
    return this.region
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }
}
