import { expect, signedInAs, test } from '../../fixtures/test';
import { shownDate, wibDate } from '../../fixtures/dates';
import { AttendanceLogPage } from '../../pages/attendance-log-page';

const inJakarta = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', ...options }).format(new Date());

// Many Indonesian PCs run Chrome in English: the native date input would read mm/dd/yyyy there (DESIGN §18).
test.describe('the date input in an English browser', () => {
  test.use({ ...signedInAs('admin'), locale: 'en-US' });

  test('reads and writes dd/mm/yyyy and names the months in Indonesian', async ({ page }) => {
    const history = new AttendanceLogPage(page);
    await history.goto();
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await expect(page.locator('input[type="date"]')).toHaveCount(0);

    await history.page.getByRole('region', { name: 'Filter' }).getByRole('button', { name: 'Pilih tanggal dari kalender' }).first().click();
    const calendar = page.getByRole('dialog', { name: `Kalender ${inJakarta({ month: 'long', year: 'numeric' })}` });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('columnheader')).toHaveText(['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
    await calendar.getByRole('button', { name: inJakarta({ day: 'numeric', month: 'long', year: 'numeric' }), exact: true }).click();
    await expect(calendar).toBeHidden();
    await expect(history.startDate).toHaveValue(shownDate(wibDate()));

    await history.endDate.fill(shownDate(wibDate()));
    await history.endDate.press('Tab');
    await expect(history.endDate).toHaveValue(shownDate(wibDate()));
    await expect(history.endDate).toHaveAttribute('aria-invalid', 'false');
  });
});
