import { expect, type Locator, type Page } from '@playwright/test';

/** The shared DataTable component (client/src/components/data-table.tsx) found by its title. */
export class DataTable {
  readonly table: Locator;
  /** Data rows only (not the skeleton rows shown while loading). */
  readonly rows: Locator;
  readonly pageSize: Locator;
  readonly globalSearch: Locator;
  readonly summary: Locator;
  readonly pagination: Locator;
  readonly emptyText: Locator;
  readonly columnsMenu: Locator;

  constructor(
    readonly page: Page,
    title: string,
    scope: Page | Locator = page,
  ) {
    const container = scope
      .locator('.data-table')
      .filter({ has: page.getByRole('table', { name: title, exact: true }) });
    this.table = container.getByRole('table', { name: title, exact: true });
    this.rows = this.table.locator('tbody tr:not(.data-table-skeleton)');
    this.pageSize = container.getByRole('combobox', { name: 'Jumlah data per halaman' });
    this.globalSearch = container.getByRole('searchbox', { name: 'Cari', exact: true });
    this.summary = container.getByText(/^Menampilkan data [\d.]+ sampai [\d.]+ dari [\d.]+$/);
    this.pagination = container.getByRole('navigation', { name: 'Navigasi halaman' });
    this.emptyText = this.table.getByRole('cell', { name: 'Data tidak ditemukan' });
    this.columnsMenu = container.getByRole('button', { name: 'Kolom' });
  }

  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true });
  }

  sortButton(name: string): Locator {
    return this.table.getByRole('button', { name, exact: true });
  }

  columnSearch(column: string): Locator {
    return this.table.getByRole('searchbox', { name: `Cari ${column}`, exact: true });
  }

  /** A column's choice filter (a select with 'Semua' first), e.g. a status. */
  columnChoice(column: string): Locator {
    return this.table.getByRole('combobox', { name: `Cari ${column}`, exact: true });
  }

  /** Rows containing every given text. */
  /**
   * Opens a row's detail by clicking a cell with nothing to press in it: the row's middle can be its
   * photo (a long employee ID widens the first columns), whose button opens the photo and whose hover
   * shows a preview over the rows below, not the row's detail.
   */
  async open(row: Locator): Promise<void> {
    await row.getByRole('cell').filter({ hasNot: row.page().locator('button, a, input, select') }).first().click();
  }

  row(...texts: string[]): Locator {
    let rows = this.rows;
    for (const text of texts) rows = rows.filter({ hasText: text });
    return rows;
  }

  /** The header texts in order. */
  async headers(): Promise<string[]> {
    return (await this.table.locator('thead tr').first().getByRole('columnheader').allInnerTexts()).map((text) =>
      text.trim(),
    );
  }

  /** Waits until the table shows rows or the empty text (not the skeleton). */
  async loaded(): Promise<void> {
    await expect(this.table).toHaveAttribute('aria-busy', 'false');
  }

  /** The cells of one column (1-based index) in the data rows; none for the empty-text row. */
  cells(index: number): Locator {
    return this.rows.locator(`td:nth-child(${index})`);
  }

  /** The texts of one column (1-based index) in the rows shown. */
  async columnTexts(index: number): Promise<string[]> {
    await this.loaded();
    return this.rows.locator(`td:nth-child(${index})`).allInnerTexts();
  }

  async total(): Promise<number> {
    const text = (await this.summary.innerText()).trim();
    return Number((text.split(' ').pop() ?? '').replace(/\./g, ''));
  }
}
