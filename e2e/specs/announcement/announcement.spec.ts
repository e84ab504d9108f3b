import { randomBytes } from 'node:crypto';
import { expect, signedInAs, test, shellTitle } from '../../fixtures/test';
import { shell } from '../../fixtures/people';
import { demoUsers, storageStatePath } from '../../fixtures/users';
import { AnnouncementPage, createDraft, publishMoment } from '../../pages/announcement-page';
import { DiscardQuestion } from '../../pages/discard-question';

const uniqueTitle = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;
/** Makes a scheduled announcement due now (its published date a minute ago), as time would. */
async function makeDue(title: string): Promise<void> {
  const code = [
    'import os; from datetime import timedelta; from django.utils import timezone',
    'from server.announcements.models import Announcement',
    "print(Announcement.objects.filter(title=os.environ['E2E_TITLE']).update(published_date=timezone.now() - timedelta(minutes=1)))",
  ].join('\n');
  expect(await shell(code, { E2E_TITLE: title })).toBe('1');
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.describe('Pengumuman', () => {
  test.use(signedInAs('admin'));

  test('shows 9 cards per page with the summary, and the page title', async ({ page, announcementPage: announcements }) => {
    await announcements.goto();
    await expect(page).toHaveTitle(shellTitle('Pengumuman'));
    await expect(announcements.cards).toHaveCount(9);
    await expect(announcements.summary).toHaveText(/^Menampilkan data 1 sampai 9 dari \d+$/);
    await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
    await expect(announcements.summary).toHaveText(/^Menampilkan data 10 sampai \d+ dari \d+$/);
    await expect(page.getByRole('button', { name: 'Halaman pertama' })).toBeVisible();
  });

  test('publishing checks the required fields with the spec messages', async ({ announcementPage: announcements }) => {
    await announcements.goto();
    await announcements.create.click();
    await announcements.publish();
    for (const message of [
      'Judul pengumuman wajib diisi',
      'Tag wajib diisi',
      'Tanggal wajib diisi',
      'Deskripsi pengumuman wajib diisi',
    ]) {
      await expect(announcements.modal.getByText(message, { exact: true })).toBeVisible();
    }
    await announcements.field('Judul').fill('Hanya judul');
    await announcements.tag('Semua').click();
    await expect(announcements.tag('Semua')).toBeChecked();
    await expect(announcements.modal.getByText('Judul pengumuman wajib diisi')).toHaveCount(0);
    await expect(announcements.modal.getByText('Tag wajib diisi')).toHaveCount(0);
    // 'Semua' and every single type collapse to just 'Semua'.
    await announcements.tag('Office').click();
    await expect(announcements.tag('Semua')).not.toBeChecked();
    await expect(announcements.tag('Office')).toBeChecked();
    for (const label of ['Pool', 'Site', 'Tug Boat']) await announcements.tag(label).click();
    await expect(announcements.tag('Semua')).toBeChecked();
    await expect(announcements.tag('Office')).not.toBeChecked();
  });

  test('a filled announcement form asks before Esc, a click outside or Batal throws it away; an untouched one closes at once', async ({
    page,
    announcementPage: announcements,
  }) => {
    await announcements.goto();
    const question = new DiscardQuestion(page);
    await announcements.create.click();
    await expect(announcements.field('Judul')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(announcements.modal).toBeHidden();
    await expect(question.dialog).toHaveCount(0);

    await announcements.create.click();
    await announcements.field('Judul').fill('Pengumuman belum selesai');
    await question.escapeThenKeepEditing();
    await expect(announcements.field('Judul')).toHaveValue('Pengumuman belum selesai');

    // A click on the backdrop asks the same.
    await page.mouse.click(5, 5);
    await expect(question.dialog).toBeVisible();
    await question.keepEditing.click();
    await expect(announcements.field('Judul')).toHaveValue('Pengumuman belum selesai');

    await announcements.modal.getByRole('button', { name: 'Batal' }).click();
    await expect(question.dialog).toBeVisible();
    await question.discard.click();
    await expect(announcements.modal).toBeHidden();
    await announcements.create.click();
    await expect(announcements.field('Judul')).toHaveValue('');
  });

  test('draft with rich text and attachment, publish, read-only, important, filters, delete; live in another tab', async ({
    page,
    browser,
    announcementPage: announcements,
    notifications,
  }) => {
    // One long story across two browser contexts on a shared 2-core machine.
    test.setTimeout(120_000);
    const title = uniqueTitle('Pengumuman Uji');
    await announcements.goto();

    const otherContext = await browser.newContext({ storageState: storageStatePath('admin') });
    const otherPage = await otherContext.newPage();
    const other = new AnnouncementPage(otherPage);
    await other.goto();
    await expect(other.cards.first()).toBeVisible();

    // A draft with rich text, a link and an attachment.
    await announcements.create.click();
    await announcements.field('Judul').fill(title);
    await announcements.tag('Office').check();
    await announcements.tag('Pool').check();
    await announcements.editor.click();
    await announcements.toolbarButton('H2 (Judul 2)').click();
    await announcements.editor.pressSequentially('Agenda rapat');
    await announcements.editor.press('Enter');
    await announcements.toolbarButton('Tebal').click();
    await announcements.editor.pressSequentially('Wajib hadir');
    await announcements.toolbarButton('Tebal').click();
    await announcements.editor.pressSequentially(' untuk seluruh karyawan kantor dan pool pada hari Senin.');
    await announcements.field('Judul link').fill('Info lengkap');
    await announcements.field('Link').fill('https://contoh.co.id/info');
    await announcements.setAttachment('Surat Edaran Rapat Bulanan Seluruh Karyawan.pdf', PDF, 'application/pdf');
    await announcements.saveDraft();
    await expect(notifications.toast('Draft pengumuman berhasil disimpan.')).toBeVisible();
    await expect(announcements.modal).toBeHidden();

    const card = announcements.card(title);
    await expect(card).toContainText('Draft');
    await expect(card).toContainText('Agenda rapat Wajib hadir untuk seluruh karyawan kantor dan p...');
    await expect(card.getByRole('button', { name: `Ubah ${title}` })).toBeVisible();
    await expect(other.card(title)).toContainText('Draft');

    // Publish the draft from its edit form; it is scheduled at least 5 minutes ahead.
    await announcements.open(title);
    await expect(announcements.field('Judul')).toHaveValue(title);
    await expect(announcements.modal.getByRole('link', { name: /Surat Edaran/ })).toBeVisible();
    await announcements.setPublishedDate(publishMoment(10));
    await announcements.publish();
    await expect(notifications.toast(/^Pengumuman berhasil diterbitkan dan tampil untuk karyawan mulai /)).toBeVisible();
    await expect(card).toContainText('Terjadwal');
    await expect(other.card(title)).toContainText('Terjadwal');

    // Scheduled, not yet due: still editable (issue 28): move it later, it stays scheduled.
    await expect(card.getByRole('button', { name: `Ubah ${title}` })).toBeVisible();
    await announcements.open(title);
    await expect(announcements.field('Judul')).toHaveValue(title);
    await announcements.setPublishedDate(publishMoment(20));
    await announcements.publish();
    await expect(notifications.toast(/^Pengumuman berhasil diterbitkan dan tampil untuk karyawan mulai /).last()).toBeVisible();
    await expect(announcements.modal).toBeHidden();
    await expect(card).toContainText('Terjadwal');

    // Published (its date reached): the detail is read-only.
    await makeDue(title);
    await page.reload();
    await expect(card).toContainText('Terbit');
    await expect(card.getByRole('button', { name: `Ubah ${title}` })).toHaveCount(0);
    await announcements.open(title);
    const modal = announcements.modal;
    await expect(modal.getByRole('heading', { name: 'Detail Pengumuman' })).toBeVisible();
    await expect(modal).toContainText('Pengumuman yang sudah diterbitkan hanya dapat dibaca.');
    await expect(modal.getByRole('heading', { name: 'Agenda rapat' })).toBeVisible();
    await expect(modal.locator('strong', { hasText: 'Wajib hadir' })).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Info lengkap' })).toHaveAttribute('href', 'http://contoh.co.id/info');
    await expect(modal.getByRole('link', { name: /^Surat Edaran .*….pdf$/ })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Terbitkan' })).toHaveCount(0);
    await expect(modal.getByRole('textbox')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Tutup' }).last().click();
    await expect(modal).toBeHidden();

    // Important, then the Penting and tag filters.
    await announcements.toggleImportant(title);
    await expect(notifications.toast('Pengumuman ditandai penting.')).toBeVisible();
    await expect(card).toContainText('Penting');
    await announcements.importantFilter.click();
    await expect(announcements.importantFilter).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toBeVisible();
    await expect(announcements.cards.filter({ hasNotText: /Penting/ })).toHaveCount(0);
    await announcements.filterByTag('Site');
    await expect(card).toHaveCount(0);
    await announcements.filterByTag('Office');
    await expect(card).toBeVisible();
    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect(announcements.importantFilter).toHaveAttribute('aria-pressed', 'true');
    await expect(announcements.tagFilter.getByRole('button', { name: 'Office' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toBeVisible();
    await announcements.importantFilter.click();
    await announcements.filterByTag('Semua');

    // Delete asks first; the other tab loses the card too.
    await announcements.remove(title);
    await expect(notifications.toast('Pengumuman berhasil dihapus.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(other.card(title)).toHaveCount(0);
    await otherContext.close();
  });
});

test.describe('Pengumuman: a draft published elsewhere (and due)', () => {
  test.use(signedInAs('admin'));

  test('an open draft form keeps what was typed and explains the 409 when saving', async ({
    browser,
    api,
    request,
    announcementPage: announcements,
  }) => {
    test.setTimeout(90_000);
    const title = uniqueTitle('Draft Bentrok');
    const token = await api.signIn(demoUsers.admin.email, demoUsers.admin.password);
    await createDraft(request, token, title);
    await announcements.goto();
    await announcements.open(title);
    await announcements.field('Judul').fill(`${title} diubah`);

    // Meanwhile another session publishes the same draft.
    const otherContext = await browser.newContext({ storageState: storageStatePath('admin') });
    const other = new AnnouncementPage(await otherContext.newPage());
    await other.goto();
    await other.open(title);
    await other.tag('Semua').click();
    await other.setPublishedDate(publishMoment(15));
    await other.editor.click();
    await other.editor.pressSequentially('Isi dari sesi lain.');
    await other.publish();
    await expect(other.card(title)).toContainText('Terjadwal');
    await otherContext.close();

    await expect(announcements.card(title)).toContainText('Terjadwal');
    // A scheduled one could still be saved; once due it is published and read-only.
    await makeDue(title);
    await expect(announcements.field('Judul')).toHaveValue(`${title} diubah`);
    await announcements.saveDraft();
    await expect(announcements.modal.getByRole('alert')).toHaveText('Pengumuman yang sudah diterbitkan tidak dapat diubah.');
    await expect(announcements.field('Judul')).toHaveValue(`${title} diubah`);
    // The typed title is still unsaved: Batal asks before throwing it away.
    await announcements.modal.getByRole('button', { name: 'Batal' }).click();
    const question = new DiscardQuestion(announcements.page);
    await question.discard.click();
    await expect(announcements.modal).toBeHidden();
    await announcements.remove(title);
    await expect(announcements.card(title)).toHaveCount(0);
  });
});
