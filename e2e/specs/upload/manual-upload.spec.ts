import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectNoAxeViolations, expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { tableDate } from '../../fixtures/dates';
import { createUploadPlacement, fillTemplate, type UploadPlacement } from '../../fixtures/manual-upload';
import { readXlsx } from '../../fixtures/spreadsheet';
import { expect, signedInAs, test } from '../../fixtures/test';
import { djangoShell } from '../../fixtures/django-shell';
import { DataTable } from '../../pages/data-table';
import { ManualUploadPage } from '../../pages/manual-upload-page';
import { readTemplateMarks, type TemplateRow } from './template-marks';

// Explicit past dates of the spec's own placement (a Monday to a Wednesday; never "today").
const MON = '2025-06-02';
const TUE = '2025-06-03';
const WED = '2025-06-04';

test.describe('/adjustment/attendance/manual-upload', () => {
  test.use(signedInAs('admin'));
  let placement: UploadPlacement;
  let work: string;

  test.beforeEach(async () => {
    placement = await createUploadPlacement();
    work = await mkdtemp(path.join(tmpdir(), 'manual-upload-'));
  });

  test('an incomplete form is refused', async ({ page, notifications }) => {
    const view = new ManualUploadPage(page);
    await view.goto();
    // doc2 §2.6: breadcrumb 'Penyesuaian Kehadiran > Unggah'.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Beranda',
      'Penyesuaian Kehadiran',
      'Unggah',
    ]);
    await view.downloadTemplate.click();
    // Inline, each field named and the first focused (DESIGN §18); no popup.
    const template = page.getByRole('form', { name: 'Unggah Kehadiran Manual' });
    await expect(template.getByText('Lengkapi form terlebih dahulu!')).toBeVisible();
    await expect(template.getByLabel('Tipe Man Power')).toBeFocused();
    await expect(template.getByLabel('Tipe Man Power')).toHaveAccessibleDescription('Tipe Man Power harus diisi');
    await expect(template.getByLabel('Nama Man Power')).toHaveAccessibleDescription('Nama Man Power harus diisi');
    await expect(notifications.errorPopup()).toHaveCount(0);
    await view.submit.click();
    const file = page.getByLabel('Pilih file kehadiran');
    await expect(file).toBeFocused();
    await expect(file).toHaveAccessibleDescription('File kehadiran harus diisi');
    await expect(notifications.errorPopup()).toHaveCount(0);
  });

  test('template, fill, upload with live progress, then the list and the detail', async ({ page, notifications }) => {
    test.slow();
    const view = new ManualUploadPage(page);
    await view.goto();
    await view.setRange(MON, WED);
    await view.chooseManPower(placement.type, placement.name);
    const template = await view.download(work);
    expect(path.basename(template)).toBe(`Template_site_${placement.name}_${MON}_sd_${WED}.xlsx`);
    const blank = await readXlsx(template);
    expect(blank.rows[0]).toEqual(['ID Karyawan', 'Nama', 'Tanggal', 'Jam Datang', 'Jam Pulang', 'Kode', 'Lembur Aktual', 'Status']);
    expect(blank.rows).toHaveLength(1 + 3 * 3);

    const [first, second] = placement.employees;
    const filled = await fillTemplate(template, path.join(work, 'filled'), {
      [first]: { [MON]: { D: '08:00', E: '18:00', G: '1' }, [TUE]: { D: '07.55.00', E: '17.00' } },
      [second]: { [WED]: { D: '08:10', E: '17:05' } },
    });

    // Choose, clear, and choose again: the chosen name shows with its clear button.
    await view.fileInput.setInputFiles(filled);
    await expect(view.chosenFile).toHaveText(path.basename(filled));
    await view.clearFile.click();
    await expect(view.chosenFile).toBeHidden();
    await view.upload(filled);

    await expect(view.progress.bar).toBeVisible();
    await expect(view.progressRegion).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    const toast = notifications.toast(/^Data kehadiran berhasil diunggah \(3 data, nomor UPL-\d{8}-\d{5}\)\.$/);
    await expect(toast).toBeVisible();
    const formNumber = /nomor (UPL-\d{8}-\d{5})/.exec(await toast.innerText())?.[1] ?? '';
    expect(formNumber).not.toBe('');
    await expect(view.progress.bar).toHaveAttribute('aria-valuenow', '100');
    await expect(view.progressRegion).toContainText('3 dari 3 baris diimpor');

    const row = view.list.row(formNumber);
    await expect(row).toContainText(placement.name);
    // Dates as the tables write them (DESIGN §18).
    await expect(row).toContainText(`${tableDate(MON)} - ${tableDate(WED)}`);
    await expect(row).toContainText('3');
    await expectNoAxeViolations(page, 'manual upload');

    // The same file again: its rows are already filled, nothing is written twice.
    await view.upload(filled);
    await expect(view.progressRegion).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(view.errors).toContainText(`sudah diunggah (${formNumber})`);
    // What happened, not how far validation got: nothing imported, every filled row refused.
    await expect(view.progressRegion).toContainText('0 dari 3 baris diimpor: 3 baris bermasalah');

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/adjustment/attendance/manual-upload/detail/${formNumber}$`));
    await expect(page.getByRole('heading', { name: 'Detail Unggah Kehadiran', level: 1 })).toBeVisible();
    const header = page.getByRole('table', { name: 'Detail Unggah Kehadiran' });
    await expect(header).toContainText(formNumber);
    await expect(header).toContainText(placement.name);
    const lines = new DataTable(page, 'Daftar Kehadiran');
    await expect(lines.rows).toHaveCount(3);
    // Times 'HH.mm' and the overtime as a duration (DESIGN §18).
    await expect(lines.row(first, tableDate(MON))).toContainText('08.00');
    await expect(lines.row(first, tableDate(MON))).toContainText('18.00');
    await expect(lines.row(first, tableDate(MON))).toContainText('1 jam');
    await expect(lines.row(second, tableDate(WED))).toContainText('17.05');
    await expectWellFormedAtBothViewports(page, 'manual upload detail');
  });

  test('a file with errors lists each row and column and gives the error file', async ({ page }) => {
    test.slow();
    const view = new ManualUploadPage(page);
    await view.goto();
    await view.setRange(MON, TUE);
    await view.chooseManPower(placement.type, placement.name);
    const template = await view.download(work);
    const [first, second, third] = placement.employees;
    const filled = await fillTemplate(template, path.join(work, 'filled'), {
      [first]: { [MON]: { D: '17:00', E: '08:00' } },
      [second]: { [TUE]: { D: '8 pagi', E: '17:00' } },
      [third]: { [MON]: { D: '08:00', E: '17:00', F: 'cuti' } },
    });
    await view.upload(filled);

    await expect(view.progressRegion).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(view.progressRegion).toContainText('File berisi 3 kesalahan di 3 baris; tidak ada data yang disimpan.');
    await expect(view.progressRegion).toContainText('0 dari 3 baris diimpor: 3 baris bermasalah');
    // Failed reads as failed: a full red bar saying 'Gagal', not the half bar of a validation stopped midway.
    await expect(view.progress.bar).toHaveAttribute('aria-valuetext', 'Gagal');
    await expect(view.progress.bar).not.toContainText('%');
    await expect(view.progress.bar.locator('.progress-bar')).toHaveClass(/bg-danger/);
    // The template is employee-major: each employee's two days follow each other from row 2.
    await expect(view.errors.getByRole('row', { name: /Baris 2 Kolom Jam Pulang \(E\): jam pulang harus setelah jam datang/ })).toBeVisible();
    await expect(view.errors.getByRole('row', { name: /Baris 5 Kolom Jam Datang \(D\): format jam tidak dikenali; tulis jam seperti 08\.00 atau 08:00/ })).toBeVisible();
    await expect(view.errors.getByRole('row', { name: /Baris 6 Kolom Kode \(F\): kode harus kosong/ })).toBeVisible();
    // Each error once: the upload's list holds them, the progress view does not repeat them.
    await expect(view.errors.getByRole('row')).toHaveCount(1 + 3);
    await expect(page.getByText('format jam tidak dikenali', { exact: false })).toHaveCount(1);

    const errorFile = await view.downloadErrorFile(work);
    expect(path.basename(errorFile)).toBe(`Kesalahan_Template_site_${placement.name}_${MON}_sd_${TUE}.xlsx`);
    const book = await readXlsx(errorFile);
    expect(book.rows[0]).toEqual(['Baris', 'ID Karyawan', 'Nama', 'Tanggal', 'Jam Datang', 'Jam Pulang', 'Kode', 'Lembur Aktual', 'Kesalahan']);
    expect(book.rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      [2, first, MON],
      [5, second, TUE],
      [6, third, MON],
    ]);
    expect(String(book.rows[2][8])).toBe('Baris 5, kolom Jam Datang (D): format jam tidak dikenali; tulis jam seperti 08.00 atau 08:00 (detik boleh: 08.00.00).');
    await expect(view.list.row(placement.name)).toHaveCount(0);

    // The blank template (nothing filled): refused as a whole, its reason said once, no row counted.
    await view.upload(template);
    await expect(view.progressRegion).toContainText('Tidak ada data kehadiran yang diisi di file ini.');
    await expect(view.progressRegion).toHaveAttribute('data-status', 'failed');
    await expect(view.progressRegion).toContainText('Tidak ada baris yang diimpor');
    await expect(page.getByText('Tidak ada data kehadiran yang diisi di file ini.')).toHaveCount(1);
    await expect(view.errors).toHaveCount(0);
  });

  test("times written '08.00' are imported, and the template marks and locks the days the app holds", async ({ page, notifications }) => {
    test.slow();
    const [first, second, third] = placement.employees;
    // The app already holds the third employee's Monday (a check-in), as the tester's days were.
    await djangoShell(HOLD_A_DAY, { E2E_EMPLOYEE: third, E2E_DAY: MON });
    const view = new ManualUploadPage(page);
    await view.goto();
    await view.setRange(MON, TUE);
    await view.chooseManPower(placement.type, placement.name);
    const template = await view.download(work);

    // Read back with openpyxl: the held day grey, noted, its Status said, every cell locked; the
    // other days open in the columns to fill only; the sheet protected.
    const blank = await readTemplateMarks(template);
    expect(blank.protected).toBe(true);
    expect(blank.header).toEqual(['ID Karyawan', 'Nama', 'Tanggal', 'Jam Datang', 'Jam Pulang', 'Kode', 'Lembur Aktual', 'Status']);
    expect(blank.rows).toHaveLength(3 * 2);
    const held = rowOf(blank.rows, third, MON);
    expect(held.status).toBe('Sudah tercatat: absen');
    expect(held.fill).toBe('00D9D9D9');
    expect(held.note).toBe('Hari ini sudah tercatat di aplikasi (absen). Baris dikunci; isian di hari ini akan ditolak.');
    expect(held.editable).toEqual([false, false, false, false, false, false, false, false]);
    for (const row of blank.rows.filter((r) => r !== held)) {
      expect(row.status).toBeNull();
      expect(row.fill).toBeNull();
      expect(row.editable).toEqual([false, false, false, true, true, true, true, false]);
    }

    const filled = await fillTemplate(template, path.join(work, 'filled'), {
      [first]: { [MON]: { D: '08.00', E: '17.00' } },
      [second]: { [TUE]: { D: '07.55', E: '17.30.00', G: '0,5' } },
    });
    await view.upload(filled);
    await expect(view.progressRegion).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await expect(view.progressRegion).toContainText('2 dari 2 baris diimpor');
    const toast = notifications.toast(/^Data kehadiran berhasil diunggah \(2 data, nomor UPL-\d{8}-\d{5}\)\.$/);
    await expect(toast).toBeVisible();
    const formNumber = /nomor (UPL-\d{8}-\d{5})/.exec(await toast.innerText())?.[1] ?? '';
    await view.list.row(formNumber).click();
    const lines = new DataTable(page, 'Daftar Kehadiran');
    await expect(lines.rows).toHaveCount(2);
    await expect(lines.row(first, tableDate(MON))).toContainText('08.00');
    await expect(lines.row(second, tableDate(TUE))).toContainText('17.30');
    await expect(lines.row(second, tableDate(TUE))).toContainText('30 menit');

    // The next template holds the uploaded days too, marked with their upload and locked.
    await view.goto();
    await view.setRange(MON, TUE);
    await view.chooseManPower(placement.type, placement.name);
    const again = await readTemplateMarks(await view.download(path.join(work, 'again')));
    for (const [employee, day] of [
      [first, MON],
      [second, TUE],
    ]) {
      const row = rowOf(again.rows, employee, day);
      expect(row.status).toBe(`Sudah tercatat: diunggah ${formNumber}`);
      expect(row.editable.some(Boolean)).toBe(false);
    }
    expect(rowOf(again.rows, third, MON).status).toBe('Sudah tercatat: absen');
    expect(again.rows.filter((row) => row.status === null)).toHaveLength(3);
  });
});

/** An approved check-in of an employee of the spec's placement on a day (what the app holds). */
const HOLD_A_DAY = `
import os
from datetime import date, datetime, time
from server.testing.factories import check_in
from server.workforce.models import Employee
from zoneinfo import ZoneInfo
employee = Employee.objects.get(employee_number_formatted=os.environ["E2E_EMPLOYEE"])
day = date.fromisoformat(os.environ["E2E_DAY"])
check_in(employee, datetime.combine(day, time(8), tzinfo=ZoneInfo(employee.man_power.timezone)), attendance_date=day)
`;

function rowOf(rows: TemplateRow[], employee: string, day: string): TemplateRow {
  const found = rows.find((row) => row.employee === employee && row.date === day);
  if (!found) throw new Error(`no template row for ${employee} on ${day}`);
  return found;
}
