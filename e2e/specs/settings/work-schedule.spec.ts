import { randomBytes } from 'node:crypto';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { createUserWithFlags } from '../../fixtures/flag-users';
import { WorkSchedulePage } from '../../pages/work-schedule-page';

const unique = () => randomBytes(3).toString('hex').toUpperCase();
const NO_ACCESS = 'Anda tidak memiliki akses untuk membuka halaman ini!';

test.describe('Jadwal Kerja (/settings/shift)', () => {
  test.use(signedInAs('admin'));

  test('the left menu and the shift table', async ({ page }) => {
    const schedule = new WorkSchedulePage(page);
    await schedule.goto();
    await expect(page.getByText('Silakan pilih menu')).toBeVisible();
    await schedule.choose('Jam Kerja');
    const table = schedule.shifts.table;
    await table.loaded();
    expect(await table.headers()).toEqual(expect.arrayContaining(['ID', 'Nama', 'Jam Masuk', 'Jam Keluar', 'Min. Check In']));
    await expect(table.row('KTR')).toContainText(['08:00']);
    await expect(table.row('KTR')).toContainText('2 Jam');
    await table.columnSearch('ID').fill('SM');
    await expect(table.rows).toHaveCount(1);
    await expect(table.row('Site Malam')).toContainText('19:00');
  });

  test('shift: required messages, add, non-working edit, delete; a used shift is kept', async ({ page, notifications }) => {
    const schedule = new WorkSchedulePage(page);
    await schedule.shifts.goto();
    const { modal } = schedule.shifts;
    const name = `Shift Uji ${unique()}`;

    await schedule.shifts.add.click();
    await modal.save.click();
    for (const message of [
      'Nama harus diisi',
      'Jam masuk harus diisi',
      'Jam keluar harus diisi',
      'Jam mulai istirahat harus diisi',
      'Jam akhir istirahat harus diisi',
    ]) {
      await expect(modal.dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await modal.field('Nama').fill(name);
    await modal.field('Jam Masuk').fill('01:30');
    await modal.field('Jam Keluar').fill('10:30');
    await modal.field('Mulai Istirahat').fill('05:00');
    await modal.field('Akhir Istirahat').fill('05:30');
    await modal.field('Toleransi Terlambat (menit)').fill('10');
    await modal.field('Minimum Check In (jam)').fill('3');
    await expect(modal.dialog.getByRole('status', { name: 'Mulai Check In' })).toHaveText('22:30');
    await modal.save.click();
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    await schedule.shifts.table.globalSearch.fill(name);
    await expect(schedule.shifts.table.row(name)).toContainText('3 Jam');

    await schedule.shifts.open(name);
    await expect(modal.field('Nama')).toBeDisabled();
    await modal.edit.click();
    await modal.field('Tipe').selectOption({ label: 'Non Working Shift' });
    await expect(modal.field('Jam Masuk')).toBeDisabled();
    await expect(modal.field('Jam Masuk')).toHaveValue('00:00');
    await expect(modal.field('Toleransi Terlambat (menit)')).toHaveValue('0');
    await modal.update.click();
    await expect(notifications.toast('Data berhasil diperbarui.')).toBeVisible();
    await expect(schedule.shifts.table.row(name)).toContainText('0 Jam');

    await schedule.shifts.open(name);
    await modal.deleteRecord();
    await expect(notifications.toast('Data berhasil dihapus.')).toBeVisible();
    await expect(schedule.shifts.table.emptyText).toBeVisible();

    await schedule.shifts.table.globalSearch.fill('KTR');
    await schedule.shifts.open('KTR');
    await modal.deleteRecord();
    await expect(modal.dialog.getByRole('alert')).toContainText(
      'Jam kerja tidak dapat dihapus karena masih digunakan oleh pola kerja: KANTOR-5H (Kantor Senin-Jumat)',
    );
  });

  test('pattern: save, fill the cycle up to its length, order, detail, cycle check, delete', async ({ page, notifications }) => {
    const schedule = new WorkSchedulePage(page);
    await schedule.goto();
    await schedule.choose('Pola Kerja');
    await schedule.patterns.loaded();
    expect(await schedule.patterns.headers()).toEqual(expect.arrayContaining(['ID', 'Nama', 'Siklus Hari', 'Tanggal Mulai']));
    await expect(schedule.patterns.row('KANTOR-5H')).toContainText('7');

    const modal = schedule.patternModal;
    const name = `Pola Uji ${unique()}`;
    await schedule.addPattern.click();
    await modal.save.click();
    await expect(modal.dialog.getByText('Nama harus diisi')).toBeVisible();
    await expect(modal.dialog.getByText('Tanggal harus diisi')).toBeVisible();
    await expect(modal.dialog.getByText('Siklus hari harus diisi')).toBeVisible();
    await modal.cycle.pressSequentially('2.e-');
    await expect(modal.cycle).toHaveValue('2');
    await modal.name.fill(name);
    await modal.startingDate.fill('2026-01-05');
    await modal.save.click();

    await expect(modal.shiftPicker).toBeVisible();
    await modal.addShiftNamed('KTR - Kantor 08:00-17:00');
    await expect(notifications.toast('Jam kerja baru telah ditambahkan. Total data: 1')).toBeVisible();
    await modal.addShiftNamed('OFF - Libur');
    await expect(notifications.toast('Jam kerja baru telah ditambahkan. Total data: 2')).toBeVisible();
    await expect(modal.dialog.getByText('Data jam kerja telah memenuhi batas siklus hari.')).toBeVisible();
    await expect(modal.addShift).toHaveCount(0);
    await expect(modal.day(1)).toContainText(['Kantor 08:00-17:00']);
    await expect(modal.day(1)).toContainText('Hari Kerja');
    await expect(modal.day(2)).toContainText('Bukan Hari Kerja');
    await modal.day(1).getByRole('button', { name: 'Detail hari ke-1' }).click();
    await expect(modal.day(1)).toContainText('KTR');
    await expect(modal.day(1)).toContainText('06:00');
    await modal.dialog.getByRole('button', { name: 'Turunkan hari ke-1' }).click();
    await expect(modal.day(1)).toContainText('Libur');
    await expect(modal.day(2)).toContainText('Kantor 08:00-17:00');
    await modal.save.click();
    await expect(notifications.toast('Pola kerja baru berhasil disimpan.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();

    await schedule.patterns.globalSearch.fill(name);
    await schedule.patterns.row(name).click();
    await expect(modal.day(2)).toContainText('Kantor 08:00-17:00');
    await modal.editPart('Pola kerja');
    await modal.cycle.fill('1');
    await modal.update.click();
    await expect(modal.dialog.getByText('Siklus hari tidak sesuai dengan total data jam kerja.')).toBeVisible();
    // The edited form asks before Batal throws the change away (DESIGN §18).
    await modal.cancel.click();
    await page.getByRole('alertdialog', { name: 'Tutup form?' }).getByRole('button', { name: 'Buang isian' }).click();

    await modal.editPart('Jam kerja');
    await modal.dialog.getByRole('button', { name: 'Hapus hari ke-1' }).click();
    await page.getByRole('tooltip').filter({ hasText: 'Hapus jam kerja dari siklus?' }).getByRole('button', { name: 'Hapus' }).click();
    await expect(modal.content).toHaveCount(1);
    await expect(modal.day(1)).toContainText('Kantor 08:00-17:00');
    await modal.done.click();

    await modal.remove.click();
    await page.getByRole('tooltip').filter({ hasText: 'Hapus data?' }).getByRole('button', { name: 'Hapus' }).click();
    await expect(notifications.toast('Data berhasil dihapus.')).toBeVisible();
    await expect(schedule.patterns.emptyText).toBeVisible();
    await expect(notifications.errorPopup()).toHaveCount(0);
  });
});

test.describe('Jadwal Kerja by flag', () => {
  test('a user with only allow_setting_shift sees the shifts, not the patterns', async ({ browser }) => {
    const account = await createUserWithFlags(['allow_setting_shift']);
    const { context, page } = await signedInContext(browser, account);
    const schedule = new WorkSchedulePage(page);
    await schedule.goto();
    await schedule.choose('Pola Kerja');
    await expect(page.getByText(NO_ACCESS)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pola Kerja' })).toHaveCount(0);
    await schedule.choose('Jam Kerja');
    await schedule.shifts.table.loaded();
    await expect(schedule.shifts.table.row('KTR')).toBeVisible();
    await expect(schedule.shifts.add).toHaveCount(0);
    await context.close();
  });

  test.describe('without either flag', () => {
    test.use(signedInAs('viewer'));

    test('a viewer is refused the screen', async ({ page }) => {
      await page.goto('/settings/shift');
      await expect(page.getByText(NO_ACCESS)).toBeVisible();
    });
  });
});
