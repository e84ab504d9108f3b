import { addDays, createAdjustmentEmployee } from '../../fixtures/adjustments';
import { tableDate } from '../../fixtures/dates';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { createUserWithFlags } from '../../fixtures/flag-users';
import { readCsv, readXlsx } from '../../fixtures/spreadsheet';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { AdjustmentSelection } from '../../pages/adjustment-pages';
import { BackOfficeApi } from '../../pages/back-office-api';

test.describe('/report/attendance-adjustment', () => {
  test.use(signedInAs('admin'));

  test('the lines of an adjustment, their links, and the xlsx and csv exports', async ({ page, notifications }) => {
    test.setTimeout(120_000);
    const employee = await createAdjustmentEmployee();
    const second = addDays(employee.start, 1);
    // Arranged through the API: one batch of two lines for this employee only.
    const token = await new BackOfficeApi(page.request).token('admin');
    const response = await page.request.post('/api/web/v1/attendance_log/adjustment', {
      headers: { Authorization: token },
      data: [
        { employee_number_formatted: employee.number, date: employee.start, lembur_aktual: 1.25, is_valid: 1, standby: 0 },
        { employee_number_formatted: employee.number, date: second, lembur_aktual: 0, is_valid: 0, standby: 1 },
      ],
    });
    const body = (await response.json()) as { message: string; data: { form_number: string } };
    expect(response.status(), body.message).toBe(201);
    const code = body.data.form_number;

    const filter = new AdjustmentSelection(page);
    await filter.goto('/report/attendance-adjustment', 'Laporan Penyesuaian Kehadiran');
    await filter.show.click();
    // Inline, the field named and focused (DESIGN §18); no popup.
    const search = page.getByRole('searchbox', { name: 'Cari karyawan', exact: true });
    await expect(search).toBeFocused();
    await expect(search).toHaveAccessibleDescription('Karyawan harus diisi');
    await expect(notifications.errorPopup()).toHaveCount(0);

    await filter.setRange(employee.start, employee.end);
    await filter.pickEmployee(employee.number);
    await filter.show.click();
    const table = page.getByRole('table', { name: 'Hasil Laporan', exact: true });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(tableDate(employee.start));
    // 1.25 hours of actual overtime: a duration the §18 way.
    await expect(rows.first()).toContainText('1 jam 15 menit');
    await expect(rows.nth(1)).toContainText('Tidak Valid');
    await expect(rows.first()).toContainText('Belum Sync');
    await expect(rows.first().getByRole('link', { name: code })).toHaveAttribute('href', `/adjustment/attendance/detail/${code}`);
    await expectNoAxeViolations(page, 'adjustment report');

    const fileName = `LAPORAN_PENYESUAIAN_${employee.name.replace(/ /g, '-')}_${employee.start}_sd_${employee.end}`;
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toBe(`${fileName}.xlsx`);
    const xlsxPath = test.info().outputPath(`${fileName}.xlsx`);
    await xlsx.saveAs(xlsxPath);
    const book = await readXlsx(xlsxPath);
    expect(book.sheetNames).toEqual(['Sheet']);
    expect(book.title).toBe('Laporan Penyesuaian Kehadiran');
    expect(book.titleLines['Karyawan / Man Power']).toBe(employee.name);
    expect(book.freezePanes).toBe(`A${book.headerRow + 1}`);
    expect(book.header.slice(0, 2)).toEqual(['ID Karyawan', 'Nama Karyawan']);
    expect(book.data).toHaveLength(2);
    expect(book.filterRef).toBe(`A${book.headerRow}:P${book.headerRow + 2}`);
    expect(book.data[0][0]).toBe(employee.number);
    expect(book.data[0][9]).toBe(1.25);
    expect(book.data[0][13]).toBe(code);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`${fileName}.csv`);
    const csvPath = test.info().outputPath(`${fileName}.csv`);
    await csv.saveAs(csvPath);
    const lines = await readCsv(csvPath);
    expect(lines[2][0]).toBe(employee.number);
    expect(lines[2][10]).toBe('Tidak Valid');

    await rows.first().getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/adjustment/attendance/detail/${code}$`));
  });
});

// Who may open the report: the flags of the Laporan group its entry always sits in (doc1 §6.1), the
// same rule the server applies (allow_report or allow_reset_attendance).
test.describe('/report/attendance-adjustment by flag', () => {
  const NO_ACCESS = 'Anda tidak memiliki akses untuk membuka halaman ini!';

  test('an adjuster without a Laporan flag has no entry and is refused the URL', async ({ browser }) => {
    const account = await createUserWithFlags(['allow_attendance_adjustment', 'allow_attendance_adjustment_create']);
    const { context, page, shell } = await signedInContext(browser, account);
    await shell.openGroup('Penyesuaian');
    await expect(shell.link('Penyesuaian Kehadiran')).toBeVisible();
    await expect(shell.group('Laporan')).toHaveCount(0);
    expect(await shell.visibleLinkHrefs()).not.toContain('/report/attendance-adjustment');

    await page.goto('/report/attendance-adjustment');
    await expect(page.getByText(NO_ACCESS)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Laporan Penyesuaian Kehadiran', level: 1 })).toHaveCount(0);
    await context.close();
  });

  test('a report reader finds the entry in Laporan and opens it', async ({ browser }) => {
    const account = await createUserWithFlags(['allow_report']);
    const { context, page, shell } = await signedInContext(browser, account);
    await shell.openGroup('Laporan');
    await shell.link('Laporan Penyesuaian Kehadiran').click();
    await expect(page).toHaveURL(/\/report\/attendance-adjustment$/);
    await expect(page.getByRole('heading', { name: 'Laporan Penyesuaian Kehadiran', level: 1 })).toBeVisible({ timeout: 20_000 });
    await context.close();
  });
});
