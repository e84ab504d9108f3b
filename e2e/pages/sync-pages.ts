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

/** Replace the fake HR application's faults (e.g. `{ fail_pages: { 1: 50 } }`: page 1 answers 500). */
export async function setHrFaults(page: Page, faults: Record<string, unknown>): Promise<void> {
  const response = await page.request.post(`${fakeHrUrl}/__faults`, { data: faults });
  expect(response.ok()).toBe(true);
}

/** The last run and the history of a job kind (client/src/components/jobs/job-history.tsx). */
export class JobTraceView {
  readonly lastRun: Locator;
  readonly history: DataTable;

  constructor(
    readonly page: Page,
    lastRunTitle: string,
    historyTitle: string,
  ) {
    this.lastRun = page.getByRole('region', { name: lastRunTitle });
    this.history = new DataTable(page, historyTitle);
  }

  /** The value of one field of the last-run card ('Status', 'Mulai', 'Dijalankan oleh', 'Hasil', 'Pesan'). */
  lastRunField(label: string): Locator {
    return detailField(this.lastRun, label);
  }
}

/** The value of the field labelled exactly `label` in a DetailList (client/src/components/detail-list.tsx). */
export function detailField(scope: Locator, label: string): Locator {
  return scope
    .locator('.detail-list-row')
    .filter({ has: scope.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
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
  readonly trace: JobTraceView;
  readonly schedule: Locator;

  constructor(readonly page: Page) {
    this.start = page.getByRole('button', { name: 'Sinkronisasi Data' });
    this.progress = new JobProgressView(page, 'Progres sinkronisasi data karyawan');
    this.trace = new JobTraceView(page, 'Tarik Data HR Terakhir', 'Riwayat Tarik Data HR');
    this.schedule = page.getByRole('region', { name: 'Jadwal Tarik Data HR' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/sync/employee');
    await expect(this.page.getByRole('heading', { name: 'Sinkronisasi dari HRM', level: 1 })).toBeVisible();
  }
}

export class SyncAttendancePage {
  readonly show: Locator;
  readonly history: Locator;
  readonly trace: JobTraceView;

  constructor(readonly page: Page) {
    this.show = page.getByRole('button', { name: 'Tampilkan', exact: true });
    this.history = page.getByRole('list', { name: 'Daftar Sinkronisasi' });
    this.trace = new JobTraceView(page, 'Pengiriman Terakhir', 'Riwayat Pengiriman ke Penggajian');
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
