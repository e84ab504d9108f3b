import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { AbsentReportPage } from '../pages/absent-report-page';
import { jakartaToday } from './api';
import { expect, test } from './test';

/** The first day of Jakarta's current month (YYYY-MM-DD). */
const monthStart = () => `${jakartaToday().slice(0, 8)}01`;

test.describe('report export', () => {
  test('the absent-employees report of this month downloads as an Excel workbook and as CSV @smoke', async ({ page }) => {
    const report = new AbsentReportPage(page);
    await report.goto(monthStart(), jakartaToday());
    await expect(report.heading).toBeVisible({ timeout: 30_000 });
    await expect(report.skeletonRows).toHaveCount(0, { timeout: 30_000 });
    await expect(report.rows.first()).toBeVisible();
    const headers = (await report.headers().allInnerTexts()).map((text) => text.trim());

    const [xlsx] = await Promise.all([page.waitForEvent('download'), report.excel.click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = await readFile(await saved(xlsx));
    // An xlsx is a zip archive: 'PK' and a workbook part inside.
    expect(book.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(book.includes(Buffer.from('xl/workbook.xml'))).toBe(true);

    const [csv] = await Promise.all([page.waitForEvent('download'), report.csv.click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile(await saved(csv), 'utf8')).replace(/^\uFEFF/, '');
    // The screen's columns come back in the file's header.
    for (const header of headers.filter((name) => name && name !== 'No')) expect(text).toContain(header);
  });
});

async function saved(download: Download): Promise<string> {
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
