import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';
import { JobProgressView } from './sync-pages';

/** /adjustment/attendance/manual-upload: the template form, the file upload with its progress, the list. */
export class ManualUploadPage {
  readonly templateForm: Locator;
  readonly uploadForm: Locator;
  readonly downloadTemplate: Locator;
  readonly fileInput: Locator;
  readonly chosenFile: Locator;
  readonly clearFile: Locator;
  readonly submit: Locator;
  readonly progress: JobProgressView;
  readonly progressRegion: Locator;
  readonly errors: Locator;
  readonly downloadErrors: Locator;
  readonly list: DataTable;

  constructor(readonly page: Page) {
    this.templateForm = page.getByRole('form', { name: 'Unggah Kehadiran Manual' });
    this.uploadForm = page.getByRole('form', { name: 'Unggah File' });
    this.downloadTemplate = this.templateForm.getByRole('button', { name: 'Unduh Template' });
    this.fileInput = this.uploadForm.getByLabel('Pilih file kehadiran');
    this.chosenFile = this.uploadForm.getByTestId('chosen-file');
    this.clearFile = this.uploadForm.getByRole('button', { name: 'Hapus file' });
    this.submit = this.uploadForm.getByRole('button', { name: 'Unggah File' });
    this.progress = new JobProgressView(page, 'Proses unggah kehadiran');
    this.progressRegion = page.getByRole('region', { name: 'Proses unggah kehadiran' });
    this.errors = page.getByRole('region', { name: 'Daftar Kesalahan' });
    this.downloadErrors = this.errors.getByRole('button', { name: 'Unduh File Kesalahan' });
    this.list = new DataTable(page, 'List Upload Kehadiran Manual');
  }

  async goto(): Promise<void> {
    await this.page.goto('/adjustment/attendance/manual-upload');
    await expect(this.page.getByRole('heading', { name: 'Unggah Manual', level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  async setRange(start: string, end: string): Promise<void> {
    await this.templateForm.getByLabel('Tanggal mulai').fill(start);
    await this.templateForm.getByLabel('Tanggal selesai').fill(end);
  }

  async chooseManPower(type: string, name: string): Promise<void> {
    await this.templateForm.getByRole('combobox', { name: 'Tipe Man Power' }).selectOption(type);
    const names = this.templateForm.getByRole('combobox', { name: 'Nama Man Power' });
    await expect(names).toBeEnabled();
    await names.selectOption({ label: name });
  }

  /** Click 'Unduh Template' and save the file under its own name in `directory`. */
  async download(directory: string): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadTemplate.click()]);
    return this.save(download, directory);
  }

  async downloadErrorFile(directory: string): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadErrors.click()]);
    return this.save(download, directory);
  }

  private async save(download: Download, directory: string): Promise<string> {
    const target = `${directory}/${download.suggestedFilename()}`;
    await download.saveAs(target);
    return target;
  }

  /** Choose the file and post it; answers once the job's final status shows. */
  async upload(file: string): Promise<void> {
    await this.fileInput.setInputFiles(file);
    await this.submit.click();
  }
}
