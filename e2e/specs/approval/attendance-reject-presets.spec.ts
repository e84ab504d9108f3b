import type { Page } from '@playwright/test';
import { seedCockpitScope, type CockpitScope } from '../../fixtures/cockpit';
import { createUserWithFlags } from '../../fixtures/flag-users';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { storageStatePath } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';
import { BackOfficeApi } from '../../pages/back-office-api';
import { LeaveSettingsPage } from '../../pages/leave-settings-page';

/** Issue [1/7]: preset rejection notes (kept in settings), picked by keyboard in the single and bulk reject. */

const PRESET_LIST = 'Pilih catatan siap pakai';

async function openScope(queue: ApprovalAttendancePage, scope: CockpitScope): Promise<void> {
  await queue.goto();
  await expect(new AppShell(queue.page).connection('Terhubung')).toBeVisible();
  await queue.showPlacement('Office', scope.manPower);
  await expect(queue.table.rows).toHaveCount(scope.logs.length);
}

async function rejectedNote(api: BackOfficeApi, hashId: string): Promise<{ status: string; rejected_note: string }> {
  return api.get<{ status: string; rejected_note: string }>('admin', `attendance_log/detail/${hashId}`);
}

async function openRejectionNotes(page: Page) {
  const settings = new LeaveSettingsPage(page);
  await settings.goto();
  await settings.tabList.getByRole('tab', { name: 'Catatan Penolakan' }).click();
  const notes = page.getByLabel('Catatan (satu per baris)');
  await expect(notes).not.toHaveValue('');
  return notes;
}

test.describe('preset rejection notes', () => {
  test.use(signedInAs('admin'));

  test('single reject: r, Shift+Tab to the presets, arrows pick one, Ctrl+Enter rejects with it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const scope = await seedCockpitScope({ driftLow: 0, farMedium: 0, faceLow: 0, faceMedium: 2 });
    const queue = new ApprovalAttendancePage(page);
    await openScope(queue, scope);

    await queue.skipLink.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(queue.modal.reject).toBeVisible();
    await page.keyboard.press('r');
    await expect(queue.modal.rejectNote).toBeFocused();
    const presets = queue.modal.dialog.getByRole('combobox', { name: PRESET_LIST });
    await expect(presets).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(presets).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(queue.modal.rejectNote).toHaveValue('Lokasi tidak sesuai');
    await page.keyboard.press('ArrowDown');
    await expect(queue.modal.rejectNote).toHaveValue('Wajah tidak cocok');
    // Free text stays possible: back to the note, add to it.
    await page.keyboard.press('Tab');
    await expect(queue.modal.rejectNote).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(', ulangi absen');
    await page.keyboard.press('Control+Enter');
    await expect(queue.modal.dialog).toHaveCount(0);
    await expect(queue.table.rows).toHaveCount(1);

    const api = new BackOfficeApi(request);
    const decided = await Promise.all(scope.logs.map((log) => rejectedNote(api, log.hash_id)));
    expect(decided.filter((log) => log.status === 'rejected').map((log) => log.rejected_note)).toEqual([
      'Wajah tidak cocok, ulangi absen',
    ]);
  });

  test('bulk reject: the note takes a preset by keyboard; every selected row is rejected with it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const scope = await seedCockpitScope({ driftLow: 0, farMedium: 2, faceLow: 0, faceMedium: 1 });
    const queue = new ApprovalAttendancePage(page);
    await openScope(queue, scope);
    await queue.selectPage.check();
    await expect(queue.selectedCount).toHaveText('3 terpilih');
    await queue.rejectSelected.click();
    const dialog = queue.bulkRejectDialog;
    const note = dialog.getByRole('textbox', { name: 'Catatan penolakan' });
    await expect(note).toBeFocused();
    const presets = dialog.getByRole('combobox', { name: PRESET_LIST });
    await expect(presets).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(presets).toBeFocused();
    for (let n = 0; n < 3; n += 1) await page.keyboard.press('ArrowDown');
    await expect(note).toHaveValue('Di luar jam kerja');
    await page.keyboard.press('Tab');
    await expect(note).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Tolak', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(queue.result).toContainText('Hasil: 3 diproses, 0 dilewati');

    const api = new BackOfficeApi(request);
    const decided = await Promise.all(scope.logs.map((log) => rejectedNote(api, log.hash_id)));
    expect(decided.map((log) => [log.status, log.rejected_note])).toEqual(
      scope.logs.map(() => ['rejected', 'Di luar jam kerja']),
    );
  });

  test('the admin changes the presets: an open reject note of another approver shows them live', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const scope = await seedCockpitScope({ driftLow: 0, farMedium: 0, faceLow: 0, faceMedium: 1 });
    const context = await browser.newContext({ storageState: storageStatePath('approver') });
    const approverPage = await context.newPage();
    const notes = await openRejectionNotes(page);
    const saved = await notes.inputValue();
    try {
      const queue = new ApprovalAttendancePage(approverPage);
      await openScope(queue, scope);
      await queue.table.open(queue.table.rows.first());
      await queue.modal.reject.click();
      const presets = queue.modal.dialog.getByRole('combobox', { name: PRESET_LIST });
      await expect(presets.getByRole('option', { name: 'Lokasi tidak sesuai' })).toHaveCount(1);

      const added = `Foto diambil dari layar ${Date.now().toString(36)}`;
      await notes.fill(`${saved}\n${added}`);
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText('Data berhasil diperbarui.').first()).toBeVisible();
      // Live, without a reload: the open note field of the other approver offers the new preset.
      await expect(presets.getByRole('option', { name: added })).toHaveCount(1);
      await presets.selectOption({ label: added });
      await expect(queue.modal.rejectNote).toHaveValue(added);
    } finally {
      await notes.fill(saved);
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText('Data berhasil diperbarui.').first()).toBeVisible();
      await context.close();
    }
  });
});

test.describe('preset rejection notes in settings', () => {
  test('a user with only allow_system_trouble reads them, cannot change them', async ({ browser }) => {
    const account = await createUserWithFlags(['allow_system_trouble']);
    const { context, page } = await signedInContext(browser, account);
    const notes = await openRejectionNotes(page);
    await expect(notes).toBeDisabled();
    await expect(notes).toHaveValue(/Lokasi tidak sesuai/);
    await expect(page.getByRole('button', { name: 'Simpan' })).toHaveCount(0);
    await context.close();
  });
});
