import { expect, signedInAs, test } from '../../fixtures/test';
import { HolidayPage } from '../../pages/holiday-page';

test.describe('Hari Libur (/settings/holiday)', () => {
  test.use(signedInAs('admin'));

  test('a new year from last year, add with collective leave, edit inline, delete, delete the year', async ({
    page,
    notifications,
  }) => {
    const holidays = new HolidayPage(page);
    await holidays.goto();
    expect(await holidays.table.headers()).toEqual(['Tahun', 'Jumlah Libur']);
    await expect(holidays.table.row('2026')).toContainText('16');

    await holidays.add.click();
    await holidays.yearPicker.selectOption('2027');
    await expect(holidays.modal.getByRole('heading', { name: 'Hari Libur Tahun 2027' })).toBeVisible();
    await expect(holidays.modal.getByText('Belum ada hari libur pada tahun ini.')).toBeVisible();
    await holidays.duplicate.click();
    await expect(notifications.toast('16 hari libur dari tahun 2026 berhasil diduplikat ke tahun 2027.')).toBeVisible();
    const newYear = holidays.holiday('Tahun Baru 2026 Masehi');
    await expect(newYear).toContainText('1 Januari 2027 sampai 1 Januari 2027');
    await expect(newYear).toContainText('Cuti bersama pada tanggal: Tidak ada');
    await expect(holidays.holiday('Hari Raya Idul Fitri 1447 Hijriah')).toContainText(
      'Cuti bersama pada tanggal: 20 Maret 2027, 23 Maret 2027, 24 Maret 2027',
    );
    await expect(holidays.duplicate).toHaveCount(0);
    await expect(holidays.table.row('2027')).toContainText('16');

    // A new holiday: dates bounded to the year, one collective-leave box per day.
    await holidays.addHoliday.click();
    const form = holidays.form();
    await expect(form.start).toHaveAttribute('data-min', '2027-01-01');
    await expect(form.start).toHaveAttribute('data-max', '2027-12-31');
    await form.save.click();
    await expect(form.root.getByText('Nama harus diisi')).toBeVisible();
    await form.name.fill('Libur Perusahaan');
    await form.start.fill('2027-07-05');
    await form.end.fill('2027-07-06');
    await expect(form.collective('5 Juli 2027')).not.toBeChecked();
    await form.collective('6 Juli 2027').check();
    await form.save.click();
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    const company = holidays.holiday('Libur Perusahaan');
    await expect(company).toContainText('5 Juli 2027 sampai 6 Juli 2027');
    await expect(company).toContainText('Cuti bersama pada tanggal: 6 Juli 2027');

    // Inline edit, one holiday at a time.
    await company.getByRole('button', { name: 'Ubah Libur Perusahaan' }).click();
    const edit = holidays.form();
    await expect(holidays.modal.getByRole('button', { name: /^Ubah / }).first()).toBeDisabled();
    await edit.name.fill('Libur Perusahaan Tahunan');
    await edit.collective('6 Juli 2027').uncheck();
    await edit.update.click();
    await expect(notifications.toast('Data berhasil diperbarui.')).toBeVisible();
    await expect(holidays.holiday('Libur Perusahaan Tahunan')).toContainText('Cuti bersama pada tanggal: Tidak ada');

    // An overlap is refused with the server's message; the form keeps what was typed.
    await holidays.addHoliday.click();
    await holidays.form().name.fill('Bentrok');
    await holidays.form().start.fill('2027-07-06');
    await holidays.form().end.fill('2027-07-06');
    await holidays.form().save.click();
    await expect(holidays.modal.getByText('Tanggal 2027-07-06 sudah termasuk hari libur Libur Perusahaan Tahunan')).toBeVisible();
    await expect(holidays.form().name).toHaveValue('Bentrok');
    await holidays.form().root.getByRole('button', { name: 'Batal' }).click();

    await holidays.holiday('Libur Perusahaan Tahunan').getByRole('button', { name: 'Hapus Libur Perusahaan Tahunan' }).click();
    await holidays.confirm('Hapus data?', 'Hapus');
    await expect(holidays.holiday('Libur Perusahaan Tahunan')).toHaveCount(0);

    await holidays.removeYear.click();
    await holidays.confirm('Hapus data libur untuk satu tahun?', 'Hapus');
    await expect(notifications.toast('Data libur tahun 2027 berhasil dihapus.')).toBeVisible();
    await expect(holidays.modal).toBeHidden();
    await expect(holidays.table.row('2027')).toHaveCount(0);
  });

  test('an existing year opens without the year picker', async ({ page }) => {
    const holidays = new HolidayPage(page);
    await holidays.goto();
    await holidays.table.row('2026').click();
    await expect(holidays.modal.getByRole('heading', { name: 'Hari Libur Tahun 2026' })).toBeVisible();
    await expect(holidays.yearPicker).toHaveCount(0);
    await expect(holidays.holiday('Hari Kemerdekaan Republik Indonesia')).toContainText('17 Agustus 2026 sampai 17 Agustus 2026');
    await holidays.close.click();
    await expect(holidays.modal).toBeHidden();
  });
});

test.describe('Hari Libur without access', () => {
  test.use(signedInAs('viewer'));

  test('a viewer is refused the screen', async ({ page }) => {
    await page.goto('/settings/holiday');
    await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
  });
});
