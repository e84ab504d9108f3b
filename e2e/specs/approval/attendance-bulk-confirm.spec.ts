import type { Browser } from '@playwright/test';
import { expectWellFormedAtBothViewports } from '../../fixtures/axe';
import { logsOfPlacement, seedCockpitScope, type CockpitLog, type CockpitScope } from '../../fixtures/cockpit';
import { test as base, expect, signedInAs } from '../../fixtures/test';
import { storageStatePath, type Role } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';

/** Issue 44: a bulk approve that says what it approves (breakdown by factor, a factor left out), live for a second approver, undone. */

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

function rowsOf(queue: ApprovalAttendancePage, logs: CockpitLog[]) {
  return logs.map((log) => queue.table.row(log.employee));
}

test.describe('a bulk approve that says what it approves', () => {
  test.use(signedInAs('admin'));

  test('a factor left out in one browser: only the other rows leave the second approver\'s queue live, and the undo brings them back live', async ({
    browser,
    queue,
  }) => {
    test.setTimeout(180_000);
    // Two out of radius by GPS drift (250 m, radius 200 m) and two with a failed face match (70 < 75).
    const scope = await seedCockpitScope({ driftLow: 2, farMedium: 0, faceLow: 2, faceMedium: 0 });
    const drift = scope.logs.filter((log) => log.kind === 'driftLow');
    const faces = scope.logs.filter((log) => log.kind === 'faceLow');
    await openScope(queue, scope);
    const other = await openScopeAs(browser, 'approver', scope);
    try {
      await queue.selectPage.check();
      await queue.approveSelected.click();
      const dialog = queue.approveDialog;
      await expect(dialog).toBeVisible();
      // The breakdown names each factor with its count (distance per placement it is approved at).
      const faceSwitch = dialog.getByRole('switch', { name: 'Sisihkan Wajah tidak cocok (2 absen)' });
      await expect(faceSwitch).not.toBeChecked();
      await expect(dialog.getByRole('switch', { name: 'Sisihkan Di luar radius (2 absen)' })).not.toBeChecked();
      await expect(dialog).toContainText(`2 disetujui di ${scope.manPower}`);
      await expect(dialog.getByTestId('bulk-confirm-summary')).toHaveText('4 absen akan disetujui');
      // Every row is listed, the failed faces with their score: nothing is approved unseen.
      const list = dialog.getByRole('region', { name: 'Daftar absen pada persetujuan ini' });
      for (const log of scope.logs) await expect(list).toContainText(log.employee);
      await expect(list.getByText('Skor wajah 70 (ambang 75)')).toHaveCount(2);

      // The keyboard reaches the switch; Space leaves the failed faces out.
      await faceSwitch.focus();
      await queue.page.keyboard.press('Space');
      await expect(faceSwitch).toBeChecked();
      await expect(dialog.getByTestId('bulk-confirm-summary')).toHaveText('2 absen akan disetujui, 2 disisihkan');
      await dialog.getByRole('button', { name: 'Setujui 2' }).click();

      await expect(queue.result).toContainText('Hasil: 2 diproses, 0 dilewati');
      // Live in the other approver's browser: the approved rows leave, the left-out faces stay.
      for (const row of rowsOf(other.queue, drift)) await expect(row).toHaveCount(0);
      for (const row of rowsOf(other.queue, faces)) await expect(row).toBeVisible();
      await expect(other.queue.table.rows).toHaveCount(2);
      let truth = await logsOfPlacement(scope.manPower);
      const statusOf = (log: CockpitLog) => truth.find((item) => item.hash_id === log.hash_id)?.status;
      expect(drift.map(statusOf)).toEqual(['manual_approved', 'manual_approved']);
      expect(faces.map(statusOf)).toEqual(['waiting_approval', 'waiting_approval']);

      // The first approver undoes the bulk (their last action): the rows come back live in the other.
      await expect(queue.undo).toHaveText('Urungkan: 2 absen disetujui');
      await queue.undo.click();
      for (const row of rowsOf(other.queue, drift)) await expect(row).toBeVisible();
      await expect(other.queue.table.rows).toHaveCount(4);
      await expect(queue.table.rows).toHaveCount(4);
      truth = await logsOfPlacement(scope.manPower);
      expect(truth.map((log) => log.status)).toEqual(Array(4).fill('waiting_approval'));
    } finally {
      await other.close();
    }
  });

  test('axe: the open bulk confirms with their breakdown, at desktop and phone width', async ({ queue, page }) => {
    test.setTimeout(150_000);
    const scope = await seedCockpitScope({ driftLow: 2, farMedium: 1, faceLow: 1, faceMedium: 0 });
    await openScope(queue, scope);
    await queue.selectPage.check();
    await queue.approveSelected.click();
    await expect(queue.approveDialog.getByTestId('bulk-confirm-summary')).toHaveText('4 absen akan disetujui');
    await expect(queue.approveDialog).toHaveCSS('opacity', '1');
    await expectWellFormedAtBothViewports(page, 'bulk approve confirm with its breakdown');
    await queue.approveDialog.getByRole('button', { name: 'Batal' }).click();

    await queue.lowRisk.click();
    await expect(queue.lowRiskDialog.getByTestId('bulk-confirm-summary')).toBeVisible();
    await expect(queue.lowRiskDialog).toHaveCSS('opacity', '1');
    await expectWellFormedAtBothViewports(page, 'low-risk confirm with its breakdown');
  });
});
