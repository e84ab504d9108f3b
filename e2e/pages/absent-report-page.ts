import type { Locator, Page } from '@playwright/test';

/** /report/absent-employees/doc?s=&e= (doc3 §2.3). */
export class AbsentReportPage {
  readonly heading: Locator;
  readonly range: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly skeletonRows: Locator;
  readonly excel: Locator;
  readonly csv: Locator;
  readonly print: Locator;
  readonly pageBreak: Locator;
  readonly document: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 2, name: 'Laporan Karyawan Tidak Hadir' });
    this.range = page.getByTestId('absent-report-range');
    this.table = page.getByRole('table', { name: 'Laporan Karyawan Tidak Hadir' });
    this.rows = this.table.locator('tbody tr');
    this.skeletonRows = this.table.locator('tbody tr.absent-skeleton-row');
    this.excel = page.getByRole('button', { name: 'Excel' });
    this.csv = page.getByRole('button', { name: 'CSV' });
    this.print = page.getByRole('button', { name: 'Cetak' });
    this.pageBreak = page.getByRole('checkbox', { name: 'Page break' });
    this.document = page.locator('article.absent-document');
  }

  async goto(startDate: string, endDate: string): Promise<void> {
    await this.page.goto(`/report/absent-employees/doc?s=${startDate}&e=${endDate}`);
  }

  headers(): Locator {
    return this.table.getByRole('columnheader');
  }
}
