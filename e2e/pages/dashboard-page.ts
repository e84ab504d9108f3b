import { expect, type Locator, type Page } from '@playwright/test';

export type ApprovalGroup = 'Persetujuan Kehadiran' | 'Persetujuan Izin';
export type ApprovalStat = 'Menunggu Persetujuan' | 'Disetujui' | 'Ditolak';

/** A shown number ('1.234' in Indonesian notation) as a number; NaN while it is a placeholder. */
export async function shownNumber(locator: Locator): Promise<number> {
  const text = (await locator.textContent())?.replace(/\./g, '').trim() ?? '';
  return text === '' ? Number.NaN : Number(text);
}

/** The dashboard (/) and its widgets, each a region named by its heading (doc1 §2.9). */
export class DashboardPage {
  readonly logo: Locator;
  readonly birthdays: Locator;
  readonly approval: Locator;
  readonly age: Locator;
  readonly undisciplined: Locator;
  readonly absent: Locator;
  readonly absentModal: AbsentRangeModal;

  constructor(readonly page: Page) {
    // doc1 §2.9: the dashboard's own logo, in the page (the header has one on every page).
    this.logo = page.getByRole('main').getByRole('img', { name: 'Logo Kehadiran' });
    this.birthdays = page.getByRole('region', { name: 'Ulang Tahun Karyawan' });
    this.approval = page.getByRole('region', { name: 'Ringkasan Persetujuan' });
    this.age = page.getByRole('region', { name: 'Umur Karyawan' });
    this.undisciplined = page.getByRole('region', { name: 'Karyawan Tidak Disiplin' });
    this.absent = page.getByRole('region', { name: '5 Karyawan Tidak Hadir, Terbanyak Tahun Ini' });
    this.absentModal = new AbsentRangeModal(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.approval).toBeVisible();
  }

  approvalGroup(group: ApprovalGroup): Locator {
    return this.approval.getByRole('group', { name: group, exact: true });
  }

  /** The value element of one approval count. */
  approvalCount(group: ApprovalGroup, stat: ApprovalStat): Locator {
    return this.approvalGroup(group).getByRole('group', { name: stat, exact: true }).locator('.dashboard-stat-value');
  }

  /** A link beside a count of the waiting queue ('Buka antrean: 105 menunggu persetujuan · …'). */
  queueLink(name: RegExp): Locator {
    return this.approvalGroup('Persetujuan Kehadiran').getByRole('link', { name });
  }

  birthdayEntries(): Locator {
    return this.birthdays.getByRole('list', { name: 'Daftar ulang tahun' }).getByRole('listitem');
  }

  birthdayPage(number: number): Locator {
    return this.birthdays.getByRole('button', { name: `Halaman ${number}`, exact: true });
  }

  ageLegend(): Locator {
    return this.age.getByRole('list', { name: 'Umur Karyawan' }).getByRole('listitem');
  }

  undisciplinedTab(name: 'Terlambat' | 'Pulang Cepat'): Locator {
    return this.undisciplined.getByRole('tab', { name, exact: true });
  }

  undisciplinedTotal(name: 'Total terlambat' | 'Total pulang cepat'): Locator {
    return this.undisciplined.getByRole('group', { name, exact: true }).locator('.dashboard-stat-value');
  }

  undisciplinedRows(): Locator {
    return this.undisciplined.getByRole('tabpanel').locator('tbody tr');
  }
}

/** The absent-employees month-range modal opened from the dashboard widget. */
export class AbsentRangeModal {
  readonly dialog: Locator;
  readonly previousYear: Locator;
  readonly nextYear: Locator;
  readonly confirm: Locator;
  readonly cancel: Locator;
  readonly start: Locator;
  readonly end: Locator;
  readonly dates: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Laporan Karyawan Tidak Hadir' });
    this.previousYear = this.dialog.getByRole('button', { name: 'Tahun sebelumnya' });
    this.nextYear = this.dialog.getByRole('button', { name: 'Tahun berikutnya' });
    this.confirm = this.dialog.getByRole('button', { name: 'Tampilkan' });
    this.cancel = this.dialog.getByRole('button', { name: 'Batal' });
    this.start = this.dialog.getByTestId('month-range-start');
    this.end = this.dialog.getByTestId('month-range-end');
    this.dates = this.dialog.getByTestId('month-range-dates');
    this.problem = this.dialog.getByRole('alert');
  }

  /** A month button, e.g. month('Januari 2025'). */
  month(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }
}
