import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Tanggal terbit as a datetime-local value, `minutes` from now in the office's time zone. */
export function publishMoment(minutes: number): string {
  const moment = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A draft made through the REST API (multipart, doc1 §7.3); its hash id. */
export async function createDraft(request: APIRequestContext, token: string, title: string): Promise<string> {
  const response = await request.post('/api/web/v1/announcement', {
    headers: { Authorization: token },
    multipart: { title, content: '<p>Draft dari API.</p>', is_published: '0', tag: 'office' },
  });
  const body = (await response.json()) as { message: string; data: { hash_id: string } };
  expect(response.status(), body.message).toBe(201);
  return body.data.hash_id;
}

/** /announcement (Pengumuman): the card grid, its filters and the announcement modal. */
export class AnnouncementPage {
  readonly heading: Locator;
  readonly create: Locator;
  readonly importantFilter: Locator;
  readonly tagFilter: Locator;
  readonly list: Locator;
  readonly cards: Locator;
  readonly empty: Locator;
  readonly summary: Locator;
  readonly modal: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Pengumuman' });
    this.create = page.getByRole('button', { name: 'Buat Pengumuman' });
    this.importantFilter = page.getByRole('button', { name: 'Penting', exact: true });
    this.tagFilter = page.getByRole('group', { name: 'Filter tag' });
    this.list = page.getByRole('region', { name: 'Daftar pengumuman' });
    this.cards = this.list.getByRole('article');
    this.empty = page.getByText('Belum ada pengumuman disimpan.');
    this.summary = page.getByText(/^Menampilkan data \d+ sampai \d+ dari \d+$/);
    this.modal = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/announcement');
    await expect(this.heading).toBeVisible();
  }

  card(title: string): Locator {
    return this.list.getByRole('article', { name: title, exact: true });
  }

  async filterByTag(label: string): Promise<void> {
    await this.tagFilter.getByRole('button', { name: label, exact: true }).click();
    await expect(this.tagFilter.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }

  async open(title: string): Promise<void> {
    await this.card(title).getByRole('button', { name: title, exact: true }).click();
    await expect(this.modal).toBeVisible();
  }

  /* ---------------------------------------------------------------- the form */

  field(label: string): Locator {
    return this.modal.getByRole('textbox', { name: label, exact: true });
  }

  /** 'Tanggal terbit' from 'YYYY-MM-DDTHH:mm': typed as dd/mm/yyyy and a 24-hour jj:mm (the app's own inputs). */
  async setPublishedDate(moment: string): Promise<void> {
    const [date, time] = moment.split('T');
    const [year, month, day] = date.split('-');
    await this.field('Tanggal terbit: Tanggal').fill(`${day}/${month}/${year}`);
    await this.field('Tanggal terbit: Jam').fill(time.slice(0, 5));
  }

  get editor(): Locator {
    return this.modal.getByRole('textbox', { name: 'Deskripsi' });
  }

  toolbarButton(name: string): Locator {
    return this.modal.getByRole('toolbar', { name: 'Format teks' }).getByRole('button', { name, exact: true });
  }

  tag(label: string): Locator {
    return this.modal.getByRole('group', { name: /^Tag/ }).getByRole('checkbox', { name: label, exact: true });
  }

  async setAttachment(name: string, content: Buffer, mimeType: string): Promise<void> {
    await this.modal.getByLabel('Lampiran', { exact: true }).setInputFiles({ name, mimeType, buffer: content });
  }

  async saveDraft(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Simpan draft' }).click();
  }

  async publish(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Terbitkan' }).click();
  }

  async toggleImportant(title: string): Promise<void> {
    await this.card(title).getByRole('button', { name: new RegExp(`^(Tandai ${title} penting|Hapus tanda penting ${title})$`) }).click();
  }

  async remove(title: string): Promise<void> {
    await this.card(title).getByRole('button', { name: `Hapus ${title}`, exact: true }).click();
    const confirm = this.page.getByRole('tooltip').filter({ hasText: 'Hapus pengumuman?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
  }
}
