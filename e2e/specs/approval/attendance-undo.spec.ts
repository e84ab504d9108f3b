import { seedCockpitScope, logsOfPlacement } from '../../fixtures/cockpit';
import { test, expect, signedInContext } from '../../fixtures/test';
import { createThrowawayUser } from '../../fixtures/users';
import { djangoShell } from '../../fixtures/django-shell';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';

/**
 * Issue [1/7] Undo = my last action: a keyboard run over a 100-row queue (a bulk, then single
 * decisions) where u undoes the LAST SINGLE decision, not the earlier bulk; the banner names what u
 * undoes, survives a reload, and each u reaches the one before (a stack) down to the bulk.
 */

const BULK_ANSWER_MS = 30_000;

/** The office approver's rights (as approver.office's), on a user of this test's own. */
const GRANT_OFFICE_APPROVAL = `
import os
from server.accounts.models import User
user = User.objects.get(email__iexact=os.environ["E2E_EMAIL"])
user.special_rights = {right: 1 for right in ("allow_approved_attendance", "allow_approved_attendance_office",
                                               "allow_rejected_attendance", "allow_rejected_attendance_office")}
user.save()
`;
const SINGLES = 4;

test('u undoes my last single decision, not the earlier bulk; the banner names it, survives a reload, and u again reaches the one before', async ({ browser }) => {
  test.setTimeout(600_000);
  // An approver of its own: "my last action" is only this test's (other specs decide as admin).
  const approver = await createThrowawayUser({ fullname: 'Penyetuju Urungkan', level: 'Approver Izin' });
  await djangoShell(GRANT_OFFICE_APPROVAL, { E2E_EMAIL: approver.email });
  const { context, page } = await signedInContext(browser, approver);
  const queue = new ApprovalAttendancePage(page);
  const scope = await seedCockpitScope({ driftLow: 20, farMedium: 0, faceLow: 0, faceMedium: 0, shiftLow: 80 });
  expect(scope.logs).toHaveLength(100);
  const names = new Map(scope.logs.map((log) => [log.hash_id, log.employee]));
  const kinds = new Map(scope.logs.map((log) => [log.hash_id, log.kind]));
  const focusedKey = () =>
    page.evaluate(() => document.activeElement?.closest('tr[data-row-key]')?.getAttribute('data-row-key') ?? '');

  await queue.goto();
  await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
  await queue.showPlacement('Office', scope.manPower);
  await expect(queue.table.rows).toHaveCount(100);

  // A bulk of the 20 out-of-radius rows by keyboard (Out of Spot first).
  await queue.table.sortButton('Lokasi').click();
  await expect(queue.table.rows.first()).toContainText('Out of Spot');
  await queue.skipLink.focus();
  await page.keyboard.press('Enter');
  const bulk: string[] = [];
  for (let n = 0; n < 20; n += 1) {
    bulk.push(await focusedKey());
    await page.keyboard.press('x');
    await page.keyboard.press('j');
  }
  await expect(queue.selectedCount).toHaveText('20 terpilih');
  await page.keyboard.press('Shift+A');
  await expect(queue.approveDialog).toBeVisible();
  // Enter once the confirm has the focus (the dialog loads its breakdown first).
  await expect(queue.approveDialog.getByRole('button', { name: 'Setujui 20' })).toBeFocused({ timeout: BULK_ANSWER_MS });
  await page.keyboard.press('Enter');
  await expect(queue.result).toContainText('Hasil: 20 diproses, 0 dilewati', { timeout: BULK_ANSWER_MS });
  await expect(queue.table.rows).toHaveCount(80);
  await expect(queue.undo).toHaveText('Urungkan: 20 absen disetujui');
  // The focus stayed in the queue after the keyboard bulk.
  await expect.poll(focusedKey).not.toBe('');

  // Then single decisions with a, from the row the focus is on (inside the radius, low risk: at once).
  const singles: string[] = [];
  for (let n = 0; n < SINGLES; n += 1) {
    await expect.poll(focusedKey).not.toBe('');
    const key = await focusedKey();
    expect(singles).not.toContain(key);
    expect(kinds.get(key)).toBe('shiftLow');
    singles.push(key);
    await page.keyboard.press('a');
    await expect(queue.announcer).toHaveText(`Disetujui: ${names.get(key)}`);
    await expect(queue.table.rows).toHaveCount(80 - n - 1);
    await expect(queue.undo).toHaveText(`Urungkan: setujui ${names.get(key)} (1 absen)`);
  }

  // u: the last single decision comes back, the bulk stays approved.
  const lastSingle = singles.at(-1)!;
  await page.keyboard.press('u');
  await expect(queue.announcer).toHaveText('1 absen dikembalikan ke antrean');
  await expect(queue.table.rows).toHaveCount(80 - SINGLES + 1);
  await expect(queue.table.rows.filter({ hasText: names.get(lastSingle)! })).toHaveCount(1);
  let truth = new Map((await logsOfPlacement(scope.manPower)).map((log) => [log.hash_id, log.status]));
  expect(truth.get(lastSingle)).toBe('waiting_approval');
  expect(bulk.filter((id) => truth.get(id) !== 'manual_approved')).toEqual([]);
  expect(singles.slice(0, -1).filter((id) => truth.get(id) !== 'manual_approved')).toEqual([]);

  // The banner now names the one before, and still does after a reload (the server keeps it).
  const before = singles.at(-2)!;
  await expect(queue.undo).toHaveText(`Urungkan: setujui ${names.get(before)} (1 absen)`);
  await page.reload();
  await expect(queue.heading).toBeVisible();
  await expect(queue.undo).toHaveText(`Urungkan: setujui ${names.get(before)} (1 absen)`);
  await queue.showPlacement('Office', scope.manPower);
  await expect(queue.table.rows).toHaveCount(80 - SINGLES + 1);

  // u again and again: each single in turn (newest first), then the bulk of 20.
  for (const key of singles.slice(0, -1).reverse()) {
    await expect(queue.undo).toHaveText(`Urungkan: setujui ${names.get(key)} (1 absen)`);
    await page.keyboard.press('u');
    await expect(queue.table.rows.filter({ hasText: names.get(key)! })).toHaveCount(1);
  }
  await expect(queue.table.rows).toHaveCount(80);
  await expect(queue.undo).toHaveText('Urungkan: 20 absen disetujui');
  await page.keyboard.press('u');
  await expect(queue.announcer).toHaveText('20 absen dikembalikan ke antrean');
  await expect(queue.table.rows).toHaveCount(100);
  await expect(queue.undo).toHaveCount(0);
  // Nothing left to undo: u says so.
  await page.keyboard.press('u');
  await expect(queue.announcer).toHaveText('Tidak ada keputusan Anda yang dapat diurungkan.');

  truth = new Map((await logsOfPlacement(scope.manPower)).map((log) => [log.hash_id, log.status]));
  expect([...truth.values()].filter((status) => status !== 'waiting_approval')).toEqual([]);
  await context.close();
});
