import { expect, type Locator, type Page } from '@playwright/test';

/** The shared report form (doc3 §2.2) on /report/attendance-detail[/overtime|/permission|/undisciplined] and /report/attendance-summary. */
export class ReportFormPage {
  readonly heading: Locator;
  readonly employeesSection: Locator;
  readonly manPowerSection: Locator;
  readonly resignedSection: Locator;
  readonly employeeSearch: Locator;
  readonly resignedSearch: Locator;
  readonly selectedEmployees: Locator;
  readonly manPowerType: Locator;
  readonly manPowerName: Locator;
  readonly manPowerTeam: Locator;
  readonly manPowerGroup: Locator;
  readonly activeManPower: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly startMonth: Locator;
  readonly endMonth: Locator;
  readonly category: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page, title: string) {
    this.heading = page.getByRole('heading', { level: 1, name: title });
    this.employeesSection = page.getByRole('button', { name: 'Karyawan', exact: true });
    this.manPowerSection = page.getByRole('button', { name: 'Man Power', exact: true });
    this.resignedSection = page.getByRole('button', { name: 'Karyawan Sudah Resign', exact: true });
    this.employeeSearch = page.getByLabel('Cari karyawan', { exact: true });
    this.resignedSearch = page.getByLabel('Cari karyawan sudah resign', { exact: true });
    this.selectedEmployees = page.getByRole('list', { name: 'Karyawan terpilih' }).getByRole('listitem');
    this.manPowerType = page.getByLabel('Tipe Man Power', { exact: true });
    this.manPowerName = page.getByLabel('Man Power', { exact: true });
    this.manPowerTeam = page.getByLabel('Tim Man Power', { exact: true });
    this.manPowerGroup = page.getByLabel('Grup Man Power', { exact: true });
    this.activeManPower = page.getByRole('checkbox', { name: 'Man Power Aktif' });
    this.startDate = page.getByLabel('Tanggal mulai');
    this.endDate = page.getByLabel('Tanggal akhir');
    // The app's month inputs (Indonesian month names; 'YYYY-MM' typed or in data-value).
    this.startMonth = page.getByRole('textbox', { name: 'Bulan mulai', exact: true });
    this.endMonth = page.getByRole('textbox', { name: 'Bulan akhir', exact: true });
    this.category = page.getByLabel('Kategori');
    this.submit = page.getByRole('button', { name: 'Tampilkan' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    // A cold server on a loaded machine may take a while for the route's chunk.
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
  }

  /** Search (debounced 1 s) and pick one employee by number. */
  async chooseEmployee(number: string): Promise<void> {
    await this.pick(this.employeeSearch, number);
  }

  /** Open 'Karyawan Sudah Resign', search (debounced 1 s) and pick one resigned employee by number. */
  async chooseResigned(number: string): Promise<void> {
    await this.resignedSection.click();
    await this.pick(this.resignedSearch, number);
  }

  private async pick(search: Locator, number: string): Promise<void> {
    await search.fill(number);
    await this.page.getByRole('button', { name: new RegExp(`^${number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }).click();
  }

  async chooseManPower(type: string, name: string, team?: string): Promise<void> {
    await this.manPowerSection.click();
    await this.manPowerType.selectOption(type);
    await expect(this.manPowerName).toBeEnabled();
    await this.manPowerName.selectOption(name);
    if (team) {
      await expect(this.manPowerTeam).toBeEnabled();
      await this.manPowerTeam.selectOption(team);
    }
  }

  async days(start: string, end: string): Promise<void> {
    await this.startDate.fill(start);
    await this.endDate.fill(end);
  }

  async months(start: string, end: string): Promise<void> {
    await this.startMonth.fill(start);
    await this.endMonth.fill(end);
  }
}

/** The report documents (/report/attendance-detail/doc, /report/attendance-summary/doc). */
export class ReportDocumentPage {
  readonly excel: Locator;
  readonly csv: Locator;
  readonly print: Locator;
  readonly pageBreak: Locator;
  readonly document: Locator;
  readonly range: Locator;

  constructor(readonly page: Page) {
    this.excel = page.getByRole('button', { name: 'Excel' });
    this.csv = page.getByRole('button', { name: 'CSV' });
    this.print = page.getByRole('button', { name: 'Cetak' });
    this.pageBreak = page.getByRole('checkbox', { name: 'Page break' });
    this.document = page.locator('article.report-document');
    this.range = page.getByTestId('report-range');
  }

  /** The document's body, busy while the report loads. */
  body(): Locator {
    return this.document.locator('div[aria-busy]');
  }

  /** Wait until the route's chunk and the report have loaded (a cold server on a loaded machine is slow). */
  async loaded(): Promise<void> {
    await expect(this.body()).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.loaded();
  }

  title(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  /** One employee's section of a detail-family document. */
  employee(number: string, name: string): Locator {
    return this.page.getByRole('region', { name: `${number} ${name}`, exact: true });
  }

  /** The employee sections in the DOM: the screen view renders those around the screen (windowed). */
  sections(): Locator {
    return this.page.locator('section.report-employee');
  }

  /** The table rows in the DOM. */
  rows(): Locator {
    return this.document.locator('tbody tr');
  }

  /** The count under the title: '12 karyawan, 360 baris' of a detail-family report. */
  count(): Locator {
    return this.document.locator('header p').last();
  }

  /** Expect the count line of a detail-family report of `employees`. */
  async expectCount(employees: { log: unknown[] }[]): Promise<void> {
    const lines = employees.reduce((sum, employee) => sum + employee.log.length, 0);
    await expect(this.count()).toHaveText(`${employees.length.toLocaleString('id-ID')} karyawan, ${lines.toLocaleString('id-ID')} baris`);
  }

  /** Scroll the page down until the section of `number` `name` is rendered, then to it; returns it. */
  async scrollToEmployee(number: string, name: string): Promise<Locator> {
    const section = this.employee(number, name);
    await expect(async () => {
      if ((await section.count()) === 0) {
        await this.page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.8)));
      }
      expect(await section.count()).toBe(1);
    }).toPass({ timeout: 30_000, intervals: [50, 100, 100, 200] });
    await section.scrollIntoViewIfNeeded();
    return section;
  }

  /** The browser's own print (Ctrl+P) as the document sees it: `beforeprint` renders every section. */
  async browserPrint(on: boolean): Promise<void> {
    await this.page.evaluate((before) => window.dispatchEvent(new Event(before ? 'beforeprint' : 'afterprint')), on);
  }

  summaryTable(): Locator {
    return this.page.getByRole('table', { name: 'Laporan Rangkuman Kehadiran' });
  }

  /** Record the titles window.print sees (call before goto). */
  async stubPrint(): Promise<void> {
    await this.page.addInitScript(() => {
      window.print = () => {
        const holder = window as unknown as { printedTitles?: string[] };
        holder.printedTitles ??= [];
        holder.printedTitles.push(document.title);
      };
    });
  }

  async printedTitles(): Promise<string[] | undefined> {
    return this.page.evaluate(() => (window as unknown as { printedTitles?: string[] }).printedTitles);
  }
}
