import { expect, signedInAs, test } from '../../fixtures/test';
import { LeaveAdjustmentPage } from '../../pages/adjustment-pages';
import { AttendanceLogPage } from '../../pages/attendance-log-page';
import { DiscardQuestion } from '../../pages/discard-question';
import { WorkSchedulePage } from '../../pages/work-schedule-page';
import { hexTag } from '../../fixtures/tags';

// The form kit's last mile (DESIGN §18, issue 28): inline field errors instead of popups, a filled
// form asks before closing, and the app's own month input under an English browser.
test.describe('forms', () => {
  test.use(signedInAs('admin'));

  test("a server validation error is shown on the named field, focused, without a popup; the input stays", async ({ page, notifications }) => {
    const schedule = new WorkSchedulePage(page);
    await schedule.shifts.goto();
    const { modal } = schedule.shifts;
    const name = `Shift Bentrok ${hexTag()}`;
    await schedule.shifts.add.click();
    // 'KTR' is the seeded office shift: the server answers 422 {code: ['ID sudah digunakan']}.
    await modal.field('ID').fill('KTR');
    await modal.field('Nama').fill(name);
    await modal.field('Jam Masuk').fill('08:00');
    await modal.field('Jam Keluar').fill('17:00');
    await modal.field('Mulai Istirahat').fill('12:00');
    await modal.field('Akhir Istirahat').fill('13:00');
    await modal.field('Toleransi Terlambat (menit)').fill('10');
    await modal.field('Minimum Check In (jam)').fill('2');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/api/web/v1/shift'));
    await modal.save.click();
    expect((await answer).status()).toBe(422);

    const code = modal.field('ID');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(/ID sudah digunakan/);
    await expect(notifications.errorPopup()).toHaveCount(0);
    await expect(modal.dialog).toBeVisible();
    await expect(modal.field('Nama')).toHaveValue(name);
    await expect(modal.field('Jam Masuk')).toHaveValue('08:00');

    // Fixing the named field saves.
    await code.fill('');
    await modal.save.click();
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();
  });

  test('a filled Buat Cuti Manual asks before Esc or the X throws it away; an untouched one closes at once', async ({ page }) => {
    const leave = new LeaveAdjustmentPage(page);
    await leave.goto();
    const { dialog } = leave.modal;
    const discardQuestion = new DiscardQuestion(page);
    const question = discardQuestion.dialog;

    await leave.create.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);

    await leave.create.click();
    const description = dialog.getByLabel('Deskripsi');
    await description.fill('Cuti menikah (uji e2e)');
    await discardQuestion.escapeThenKeepEditing();
    await expect(description).toHaveValue('Cuti menikah (uji e2e)');

    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(description).toHaveValue('Cuti menikah (uji e2e)');

    await dialog.getByRole('button', { name: 'Tutup' }).first().click();
    await question.getByRole('button', { name: 'Buang isian' }).click();
    await expect(dialog).toBeHidden();

    await leave.create.click();
    await expect(dialog.getByLabel('Deskripsi')).toHaveValue('');
  });
});

// Many Indonesian PCs run Chrome in English: the native month input would read 'November 2026' in
// English there, the native time input AM/PM (DESIGN §18).
test.describe('the month input in an English browser', () => {
  test.use({ ...signedInAs('admin'), locale: 'en-US' });

  test('reads Indonesian month names, typed or picked, and keeps no native month/time inputs', async ({ page }) => {
    const history = new AttendanceLogPage(page);
    await history.goto();
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await expect(page.locator('input[type="month"], input[type="datetime-local"], input[type="time"]')).toHaveCount(0);

    const now = new Date();
    const year = now.getFullYear();
    await expect(history.month).toHaveValue(new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric' }).format(now));

    await history.summary.getByRole('button', { name: 'Pilih bulan: Bulan' }).click();
    const panel = page.getByRole('dialog', { name: `Pilih bulan, tahun ${year}` });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: /\d{4}$/ })).toHaveText(
      ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'].map((month) => new RegExp(`^${month}`)),
    );
    await panel.getByRole('button', { name: 'Tahun sebelumnya' }).click();
    await page.getByRole('button', { name: `Agustus ${year - 1}`, exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(history.month).toHaveValue(`Agustus ${year - 1}`);
    await expect(history.month).toHaveAttribute('data-value', `${year - 1}-08`);

    // Typed: a short Indonesian name, or numbers.
    await history.month.fill(`mei ${year - 1}`);
    await history.month.press('Tab');
    await expect(history.month).toHaveValue(`Mei ${year - 1}`);
    await history.month.fill(`03/${year - 1}`);
    await history.month.press('Tab');
    await expect(history.month).toHaveValue(`Maret ${year - 1}`);
    await expect(history.month).toHaveAttribute('aria-invalid', 'false');
  });
});
