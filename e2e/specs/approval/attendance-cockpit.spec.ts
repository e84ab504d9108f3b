import type { Browser, Page } from '@playwright/test';
import { expectWellFormed } from '../../fixtures/axe';
import { seedCockpitScope, logsOfPlacement, type CockpitLog, type CockpitScope } from '../../fixtures/cockpit';
import { test as base, expect, signedInAs } from '../../fixtures/test';
import { storageStatePath, type Role } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';

/** Issue [3/7]: the approver's cockpit (risk, bulk with placements, undo, keys, live, axe). */

const test = base.extend<{ queue: ApprovalAttendancePage }>({
  queue: async ({ page }, use) => use(new ApprovalAttendancePage(page)),
});

async function openScope(queue: ApprovalAttendancePage, scope: CockpitScope): Promise<void> {
  await queue.goto();
  await expect(new AppShell(queue.page).connection('Terhubung')).toBeVisible();
  await queue.showPlacement('Office', scope.manPower);
  await expect(queue.table.rows).toHaveCount(scope.logs.length);
}

async function openScopeAs(browser: Browser, role: Role, scope: CockpitScope) {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  const page = await context.newPage();
  const queue = new ApprovalAttendancePage(page);
  await openScope(queue, scope);
  return { page, queue, close: () => context.close() };
}

function rowOf(queue: ApprovalAttendancePage, log: CockpitLog) {
  return queue.table.row(log.employee);
}

/** The name of the row that has the focus. */
async function focusedEmployee(page: Page): Promise<string> {
  return page.evaluate(() => {
    const row = document.activeElement?.closest('tr[data-row-key]');
    // The 'Nama' column, wherever it is (columns may be added or hidden).
    const headers = [...(row?.closest('table')?.querySelectorAll('thead th') ?? [])];
    const name = headers.findIndex((header) => header.textContent?.trim() === 'Nama');
    return name >= 0 ? (row?.querySelectorAll('td')[name]?.textContent ?? '') : '';
  });
}

test.describe('the approver cockpit', () => {
  test.use(signedInAs('admin'));

  test('bulk approve with placements in one browser removes the rows live in the other; Urungkan brings them back in both', async ({
    browser,
    queue,
  }) => {
    test.setTimeout(180_000);
    const scope = await seedCockpitScope({ driftLow: 1, farMedium: 2, faceLow: 0, faceMedium: 1 });
    await openScope(queue, scope);
    const other = await openScopeAs(browser, 'approver', scope);
    try {
      // Risk in the row: colour and word, the reasons a click away.
      const far = scope.logs.filter((log) => log.kind === 'farMedium');
      const farRow = rowOf(queue, far[0]);
      await expect(queue.riskOf(farRow)).toHaveText('Sedang');
      await queue.riskOf(farRow).click();
      await expect(farRow).toContainText(/Jarak 5,\d km dari /);
      await expect(queue.modal.dialog).toHaveCount(0);

      await queue.selectPage.check();
      await expect(queue.selectedCount).toHaveText('4 terpilih');
      await queue.approveSelected.click();
      await expect(queue.approveDialog).toBeVisible();
      await expect(queue.approveDialog).toContainText('3 absen di luar radius');
      const placements = queue.approveDialog.getByRole('combobox', { name: /^Penempatan untuk / });
      await expect(placements).toHaveCount(3);
      for (const select of await placements.all()) await expect(select).toHaveValue(/.+/);
      // The drifted one is approved at its own placement (the nearest).
      const drift = scope.logs.find((log) => log.kind === 'driftLow')!;
      await expect(
        queue.approveDialog.getByRole('combobox', { name: `Penempatan untuk ${drift.employee}` }).locator('option:checked'),
      ).toHaveText(`${scope.manPower} (250 m, penempatan sendiri)`);
      await queue.approveDialog.getByRole('button', { name: 'Setujui 4' }).click();

      await expect(queue.result).toContainText('Hasil: 4 diproses, 0 dilewati');
      await expect(queue.table.rows.filter({ hasText: 'Kokpit' })).toHaveCount(0);
      // Live in the other approver's browser.
      await expect(other.queue.table.rows.filter({ hasText: 'Kokpit' })).toHaveCount(0);
      const decided = await logsOfPlacement(scope.manPower);
      expect(decided.map((log) => log.status)).toEqual(Array(4).fill('manual_approved'));
      expect(decided.find((log) => log.hash_id === drift.hash_id)?.near_man_power).toBe(scope.manPower);

      // Urungkan: back in the queue, in both browsers.
      await expect(queue.undo).toBeVisible();
      await queue.undo.click();
      await expect(queue.table.rows).toHaveCount(4);
      await expect(other.queue.table.rows).toHaveCount(4);
      expect((await logsOfPlacement(scope.manPower)).every((log) => log.status === 'waiting_approval')).toBe(true);
      await expect(queue.announcer).toHaveText('4 absen dikembalikan ke antrean');
    } finally {
      await other.close();
    }
  });

  test('keyboard: skip link, j/k, ?, Enter, r with the note, a, x and Shift+A, u; focus moves to the next row and each decision is announced', async ({
    queue,
    page,
  }) => {
    test.setTimeout(150_000);
    const scope = await seedCockpitScope({ driftLow: 0, farMedium: 1, faceLow: 0, faceMedium: 3 });
    // The skip link is the first stop of the screen.
    await queue.goto();
    await page.keyboard.press('Tab');
    await expect(queue.skipLink).toBeFocused();
    await expect(queue.skipLink).toBeVisible();

    await queue.showPlacement('Office', scope.manPower);
    await expect(queue.table.rows).toHaveCount(4);
    // Out of Spot first: the one row outside the radius is the first row.
    await queue.table.sortButton('Lokasi').click();
    await expect(queue.table.columnHeader('Lokasi')).toHaveAttribute('aria-sort', 'ascending');
    await expect(queue.table.rows.first()).toContainText('Out of Spot');
    const far = scope.logs.find((log) => log.kind === 'farMedium')!;

    await queue.skipLink.focus();
    await page.keyboard.press('Enter');
    expect(await focusedEmployee(page)).toBe(far.employee);

    await page.keyboard.press('j');
    const second = await focusedEmployee(page);
    expect(second).not.toBe(far.employee);
    await page.keyboard.press('ArrowDown');
    expect(await focusedEmployee(page)).not.toBe(second);
    await page.keyboard.press('k');
    expect(await focusedEmployee(page)).toBe(second);

    // ? lists the keys; the queue's keys do nothing while it is open.
    await page.keyboard.press('?');
    await expect(queue.keysDialog).toBeVisible();
    await expect(queue.keysDialog).toContainText('Shift + A');
    await page.keyboard.press('j');
    await page.keyboard.press('Escape');
    await expect(queue.keysDialog).toHaveCount(0);
    await expect.poll(() => focusedEmployee(page)).toBe(second);

    // Enter opens the detail with its risk reasons; Escape returns to the row.
    await page.keyboard.press('Enter');
    await expect(queue.modal.dialog).toBeVisible();
    await expect(queue.modal.dialog.getByRole('region', { name: /^Alasan risiko/ })).toContainText(
      'Skor wajah 50 (ambang 75)',
    );
    await page.keyboard.press('Escape');
    await expect(queue.modal.dialog).toHaveCount(0);
    await expect.poll(() => focusedEmployee(page)).toBe(second);

    // r: the note takes the focus (a and r typed there are text); Ctrl+Enter rejects; the next row takes the focus.
    await page.keyboard.press('r');
    await expect(queue.modal.rejectNote).toBeFocused();
    await page.keyboard.type('Foto tidak jelas, ulangi absen');
    await expect(queue.modal.rejectNote).toHaveValue('Foto tidak jelas, ulangi absen');
    await page.keyboard.press('Control+Enter');
    await expect(queue.modal.dialog).toHaveCount(0);
    await expect(queue.announcer).toHaveText(`Ditolak: ${second}`);
    await expect(queue.table.row(second)).toHaveCount(0);
    await expect.poll(() => focusedEmployee(page)).not.toMatch(new RegExp(`^(${second})?$`));
    const third = await focusedEmployee(page);
    expect(third).not.toBe(far.employee);

    // a on a medium-risk row asks first, naming its reasons; Esc cancels (nothing decided), Enter
    // approves; the focus goes on.
    await page.keyboard.press('a');
    await expect(queue.riskConfirm).toContainText('Skor wajah 50 (ambang 75)');
    await page.keyboard.press('Escape');
    await expect(queue.riskConfirm).toHaveCount(0);
    await expect.poll(() => focusedEmployee(page)).toBe(third);
    await page.keyboard.press('a');
    await expect(queue.riskConfirm).toContainText(third);
    await page.keyboard.press('Enter');
    await expect(queue.announcer).toHaveText(`Disetujui: ${third}`);
    await expect(queue.table.row(third)).toHaveCount(0);
    await expect.poll(() => focusedEmployee(page)).not.toMatch(new RegExp(`^(${third})?$`));

    // x selects; Shift+A asks first (naming the one out of radius); Enter confirms; u undoes it.
    await page.keyboard.press('x');
    await page.keyboard.press('k');
    expect(await focusedEmployee(page)).toBe(far.employee);
    await page.keyboard.press('x');
    await expect(queue.selectedCount).toHaveText('2 terpilih');
    await page.keyboard.press('Shift+A');
    await expect(queue.approveDialog).toBeVisible();
    await expect(queue.approveDialog).toContainText('1 absen di luar radius');
    // Enter approves only once the server's preview is shown: the confirm then takes the focus.
    await expect(queue.approveDialog.getByRole('button', { name: 'Setujui 2' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(queue.approveDialog).toHaveCount(0);
    await expect(queue.announcer).toHaveText('2 absen diproses, 0 dilewati');
    await expect(queue.table.rows.filter({ hasText: 'Kokpit' })).toHaveCount(0);
    await page.keyboard.press('u');
    await expect(queue.announcer).toHaveText('2 absen dikembalikan ke antrean');
    await expect(queue.table.rows).toHaveCount(2);

    // Keys typed in a field are text.
    await queue.table.globalSearch.focus();
    await page.keyboard.type('ax');
    await expect(queue.table.globalSearch).toHaveValue('ax');
    await expect(queue.selectedCount).toHaveText('0 terpilih');

    const truth = await logsOfPlacement(scope.manPower);
    expect(truth.map((log) => log.status).sort()).toEqual(
      ['manual_approved', 'rejected', 'waiting_approval', 'waiting_approval'].sort(),
    );
  });

  test('axe: the cockpit and each of its dialogs', async ({ queue, page }) => {
    test.setTimeout(150_000);
    const scope = await seedCockpitScope({ driftLow: 1, farMedium: 1, faceLow: 1, faceMedium: 0 });
    await openScope(queue, scope);
    await queue.riskOf(queue.table.rows.first()).click();
    await expectWellFormed(page, 'cockpit with reasons open');

    await page.keyboard.press('?');
    await expect(queue.keysDialog).toHaveCSS('opacity', '1');
    await expectWellFormed(page, 'keys dialog');
    await page.keyboard.press('Escape');

    await queue.selectPage.check();
    await queue.approveSelected.click();
    await expect(queue.approveDialog).toHaveCSS('opacity', '1');
    await expectWellFormed(page, 'bulk approve confirm');
    await queue.approveDialog.getByRole('button', { name: 'Batal' }).click();

    await queue.lowRisk.click();
    await expect(queue.lowRiskDialog.getByRole('button', { name: /^Setujui \d+$/ })).toBeVisible();
    // The drifted row only: the failed face (70 < 75) is never low.
    await expect(queue.lowRiskDialog).toContainText('Setujui 1 absen berisiko rendah sesuai filter ini?');
    await expectWellFormed(page, 'low-risk confirm');
    await queue.lowRiskDialog.getByRole('button', { name: 'Batal' }).click();

    const far = scope.logs.find((log) => log.kind === 'farMedium')!;
    await rowOf(queue, far).click();
    await expect(queue.modal.dialog.getByRole('region', { name: /^Alasan risiko/ })).toBeVisible();
    await queue.modal.approve.click();
    await expect(queue.modal.nearest).toContainText('Penempatan sendiri');
    await expectWellFormed(page, 'detail with the near placements');
  });
});
