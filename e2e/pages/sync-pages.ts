import { expect, type Locator, type Page } from '@playwright/test';
import { port } from '../fixtures/env';
import { DataTable } from './data-table';

/** The fake HR and payroll applications serve.sh starts beside Daphne (E2E_PORT + 1000 / + 1001). */
export const fakeHrUrl = process.env.E2E_HR_URL ?? `http://127.0.0.1:${port + 1000}`;
export const fakePayrollUrl = process.env.E2E_PAYROLL_URL ?? `http://127.0.0.1:${port + 1001}`;

/** Slow the fake HR application down (ms per page) so a sync runs long enough to watch; 0 resets. */
export async function setHrDelay(page: Page, delayMs: number): Promise<void> {
  const response = await page.request.post(`${fakeHrUrl}/__faults`, { data: delayMs ? { delay_ms: delayMs } : {} });
  expect(response.ok()).toBe(true);
}

/** The shared progress view of a background job (client/src/components/jobs/job-progress.tsx). */
export class JobProgressView {
  readonly bar: Locator;
  readonly finalMessage: Locator;

  constructor(
    readonly page: Page,
    label: string,
  ) {
    this.bar = page.getByRole('progressbar', { name: label });
    this.finalMessage = page.getByRole('region', { name: label }).getByRole('status');
  }

  async percent(): Promise<number> {
    return Number(await this.bar.getAttribute('aria-valuenow'));
  }

  /** Wait until the bar shows a value strictly between `above` and 100. */
  async waitForPartial(above = 0): Promise<number> {
    let value = -1;
    await expect
      .poll(
        async () => {
          value = await this.percent();
          return value > above && value < 100;
        },
        { timeout: 20_000, intervals: [100] },
      )
      .toBe(true);
    return value;
  }
}

export class SyncEmployeePage {
  readonly start: Locator;
  readonly progress: JobProgressView;

  constructor(readonly page: Page) {
    this.start = page.getByRole('button', { name: 'Sinkronisasi Data' });
    this.progress = new JobProgressView(page, 'Progres sinkronisasi data karyawan');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sync/employee');
    await expect(this.page.getByRole('heading', { name: 'Sinkronisasi dari HRM', level: 1 })).toBeVisible();
  }
}

export class SyncAttendancePage {
  readonly show: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.show = page.getByRole('button', { name: 'Tampilkan', exact: true });
    this.history = page.getByRole('list', { name: 'Daftar Sinkronisasi' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/sync/attendance');
    await expect(this.page.getByRole('heading', { name: 'Sinkronisasi ke Penggajian', level: 1 })).toBeVisible();
  }

  /** `label`: a seeded placement (other specs sharing the database may add placements). */
  async chooseManPower(type: string, label?: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Man Power', exact: true }).click();
    await this.page.getByRole('combobox', { name: 'Tipe Man Power' }).selectOption(type);
    const name = this.page.getByRole('combobox', { name: 'Man Power', exact: true });
    await expect(name).toBeEnabled();
    if (label) await name.selectOption({ label });
    else await name.selectOption({ index: 1 });
    return name.inputValue();
  }

  async setRange(start: string, end: string): Promise<void> {
    await this.page.getByLabel('Tanggal mulai').fill(start);
    await this.page.getByLabel('Tanggal selesai').fill(end);
  }
}

export class SyncValidationPage {
  readonly table: DataTable;
  readonly send: Locator;
  readonly progress: JobProgressView;

  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'Data Penyesuaian');
    this.send = page.getByRole('button', { name: 'Kirim', exact: true });
    this.progress = new JobProgressView(page, 'Progres pengiriman data penyesuaian');
  }

  async confirmSend(): Promise<void> {
    await this.send.click();
    const popover = this.page.getByRole('tooltip').filter({ hasText: 'Kirim data penyesuaian?' });
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: 'Kirim', exact: true }).click();
  }
}
