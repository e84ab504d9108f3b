import type { Page } from '@playwright/test';
import { expectWellFormed, VIEWPORTS } from '../../fixtures/axe';
import { seedCockpitScope, type CockpitScope } from '../../fixtures/cockpit';
import { djangoShell } from '../../fixtures/django-shell';
import { test as base, expect, signedInAs, signedInContext } from '../../fixtures/test';
import { createThrowawayUser, demoUsers, type Account } from '../../fixtures/users';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';

/**
 * Issue 44, "a queue that never looks empty when work waits, and remembers": the empty range points at
 * the older waiting rows (one click), the approver's filters and order follow them to another browser
 * until 'Atur ulang', a link's parameters win for its visit, the reasons are chips in the row (filter by
 * factor, found by the search), and the photos open large with the reference photo beside them.
 */

const test = base.extend<{ queue: ApprovalAttendancePage }>({
  queue: async ({ page }, use) => use(new ApprovalAttendancePage(page)),
});

const SHIFT_DAYS = `
import json, os
from datetime import timedelta
from django.db.models import F
from server.attendance.models import AttendanceLog
spec = json.loads(os.environ["E2E_SHIFT"])
days = timedelta(days=spec["days"])
logs = AttendanceLog.objects.filter(man_power__name=spec["manPower"])
logs.update(log_datetime=F("log_datetime") - days, log_date=F("log_date") - days, attendance_date=F("attendance_date") - days)
print("E2E_JSON=" + json.dumps(min(log.log_date.isoformat() for log in logs)))
`;

/** Moves every log of the scope's placement `days` back; answers the oldest log date (YYYY-MM-DD). */
async function shiftBack(scope: CockpitScope, days: number): Promise<string> {
  const stdout = await djangoShell(SHIFT_DAYS, { E2E_SHIFT: JSON.stringify({ manPower: scope.manPower, days }) });
  const line = stdout.split('\n').find((text) => text.startsWith('E2E_JSON='));
  return JSON.parse(line!.slice('E2E_JSON='.length)) as string;
}

const GIVE_RIGHTS = `
import json, os
from server.accounts.models import User
spec = json.loads(os.environ["E2E_RIGHTS"])
user = User.objects.get(email__iexact=spec["email"])
user.special_rights = User.objects.get(email__iexact=spec["from"]).special_rights
user.save(update_fields=["special_rights"])
`;

/** A throwaway approver with the admin's approval rights (a login's special rights, not its level's). */
async function throwawayApprover(): Promise<Account> {
  const account = await createThrowawayUser({ level: 'Administrator' });
  await djangoShell(GIVE_RIGHTS, { E2E_RIGHTS: JSON.stringify({ email: account.email, from: demoUsers.admin.email }) });
  return account;
}

const REFERENCE_PHOTOS = `
import os
from server.attendance.models import AttendanceLog
for log in AttendanceLog.objects.filter(man_power__name=os.environ["E2E_MAN_POWER"]).select_related("employee"):
    log.employee.photo = getattr(log.photo, "name", log.photo)
    log.employee.save(update_fields=["photo"])
`;

/** Gives each employee of the scope a reference photo (their check-in's photo file). */
async function giveReferencePhotos(scope: CockpitScope): Promise<void> {
  await djangoShell(REFERENCE_PHOTOS, { E2E_MAN_POWER: scope.manPower });
}

/** Resolves with the saved view once a save of the queue's preference matches `matches`. */
function savedView(page: Page, matches: (value: Record<string, unknown>) => boolean) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (!response.url().includes('/api/web/v1/preference/approval.attendance.queue') || request.method() !== 'PUT') return false;
    return matches((request.postDataJSON() as { value: Record<string, unknown> }).value);
  });
}

function rowOf(queue: ApprovalAttendancePage, scope: CockpitScope, kind: CockpitScope['logs'][number]['kind']) {
  return queue.table.row(scope.logs.find((log) => log.kind === kind)!.employee);
}

test.describe('the queue view', () => {
  test.use(signedInAs('admin'));

  test('an empty today shows how many wait since when and one click shows them; reasons are chips, filtered by factor and found by the search; a link wins for its visit', async ({
    queue,
    page,
  }) => {
    test.setTimeout(150_000);
    const scope = await seedCockpitScope({ driftLow: 1, farMedium: 1, faceLow: 1, faceMedium: 1 });
    const since = await shiftBack(scope, 3);

    await queue.goto();
    await queue.showPlacement('Office', scope.manPower);
    // Today holds none of the placement's rows; the four older ones are one click away.
    await expect(page.getByTestId('older-waiting')).toContainText('tetapi 4 absen menunggu sejak');
    await expect(queue.olderWaiting).toHaveAccessibleName(
      new RegExp(`^Tampilkan 4 yang menunggu sejak ${Number(since.slice(8))} [A-Z][a-z]{2} ${since.slice(0, 4)}$`),
    );
    await queue.olderWaiting.click();
    await expect(queue.table.rows).toHaveCount(4);
    await expect(queue.scope).toContainText('semua tanggal');
    await expect(queue.startDate).toHaveValue('');

    // The reasons in the row, each a chip with its number: nothing to open.
    await expect(queue.reasonsOf(rowOf(queue, scope, 'farMedium'))).toHaveText([/^Di luar radius: Jarak 5,\d km dari /]);
    await expect(queue.reasonsOf(rowOf(queue, scope, 'faceMedium'))).toHaveText(['Wajah tidak cocok: Skor wajah 50 (ambang 75)']);
    await expect(queue.reasonsOf(rowOf(queue, scope, 'faceLow'))).toHaveText(['Wajah tidak cocok: Skor wajah 70 (ambang 75)']);

    // Filter by factor: the two failed faces.
    await queue.factor.selectOption({ label: 'Wajah tidak cocok' });
    await expect(queue.table.rows).toHaveCount(2);
    await expect(queue.table.rows.filter({ hasNot: page.getByText(/Skor wajah/) })).toHaveCount(0);
    // Sorted by the number of reasons; the search finds the reasons' words.
    await queue.factor.selectOption({ label: 'Semua' });
    await expect(queue.table.rows).toHaveCount(4);
    await queue.table.globalSearch.fill('jarak 5,');
    await expect(queue.table.rows).toHaveCount(1);
    await expect(queue.table.rows.first()).toContainText(scope.logs.find((log) => log.kind === 'farMedium')!.employee);
    await queue.table.globalSearch.fill('');
    await expect(queue.table.rows).toHaveCount(4);
    await queue.table.sortButton('Alasan').click();
    await expect(queue.table.columnHeader('Alasan')).toHaveAttribute('aria-sort', 'ascending');

    // A link (the dashboard's 'Buka'): its filters for this visit, the saved placement not applied.
    await queue.open('?period=all&factor=face');
    await expect(queue.factor).toHaveValue('face');
    await expect(queue.startDate).toHaveValue('');
    await expect(queue.manPowerType.locator('option:checked')).not.toHaveText('Office');
    await expect(queue.table.rows.first()).toContainText('Skor wajah');
    await expect(queue.table.rows.filter({ hasNot: page.getByText(/Skor wajah/) })).toHaveCount(0);
  });

  test('the filters and order follow the approver to another browser until Atur ulang', async ({ browser }) => {
    test.setTimeout(150_000);
    const scope = await seedCockpitScope({ driftLow: 1, farMedium: 0, faceLow: 1, faceMedium: 1 });
    const approver = await throwawayApprover();
    const first = await signedInContext(browser, approver);
    const second = await signedInContext(browser, approver);
    try {
      const a = new ApprovalAttendancePage(first.page);
      await a.open();
      // A first visit: the spec's default, nothing to reset.
      await expect(a.resetView).toBeDisabled();
      const saved = savedView(
        first.page,
        (value) => value.factor === 'face' && (value.order as { column?: string } | null)?.column === 'reasons',
      );
      await a.showPlacement('Office', scope.manPower);
      await a.factor.selectOption({ label: 'Wajah tidak cocok' });
      await a.table.sortButton('Alasan').click();
      await a.table.sortButton('Alasan').click();
      await expect(a.table.columnHeader('Alasan')).toHaveAttribute('aria-sort', 'descending');
      await expect(a.table.rows).toHaveCount(2);
      const stored = (await (await saved).json()) as { data: { value: Record<string, unknown> } };
      expect(stored.data.value).toMatchObject({ period: 'today', factor: 'face', perPage: 100 });

      // Another browser of the same approver opens on them.
      const b = new ApprovalAttendancePage(second.page);
      await b.open();
      await expect(b.factor).toHaveValue('face');
      await expect(b.manPowerName.locator('option:checked')).toHaveText(scope.manPower);
      await expect(b.table.columnHeader('Alasan')).toHaveAttribute('aria-sort', 'descending');
      await expect(b.table.pageSize).toHaveValue('100');
      await expect(b.table.rows).toHaveCount(2);

      // Atur ulang: back to the default there, and in the first browser on its next visit.
      const reset = second.page.waitForResponse(
        (response) => response.url().includes('/preference/approval.attendance.queue') && response.request().method() === 'DELETE',
      );
      await b.resetView.click();
      await reset;
      await expect(b.resetView).toBeDisabled();
      await expect(b.factor).toHaveValue('');
      await expect(b.table.columnHeader('Alasan')).toHaveAttribute('aria-sort', 'none');
      await expect(b.table.pageSize).toHaveValue('10');
      await a.open();
      await expect(a.factor).toHaveValue('');
      await expect(a.resetView).toBeDisabled();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`axe at the ${viewport.name} viewport with a row's photos open large beside the reference photo`, async ({ queue, page }) => {
      test.setTimeout(120_000);
      const scope = await seedCockpitScope({ driftLow: 0, farMedium: 1, faceLow: 1, faceMedium: 0 });
      await giveReferencePhotos(scope);
      await queue.goto();
      await queue.showPlacement('Office', scope.manPower);
      await expect(queue.table.rows).toHaveCount(2);
      // The filters are a drawer on a phone: chosen on the desktop, then the phone's width.
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const photos = queue.photosOf(queue.table.rows.first());
      // The keyboard opens it (focus), Escape closes it; a tap opens it again.
      await photos.focus();
      await expect(queue.photoPreview).toBeVisible();
      // Both loaded (real images, not the initials placeholder): the reference beside the check-in's.
      await expect(queue.photoPreview.locator('img[alt="Foto karyawan (pembanding)"]')).toBeVisible();
      await expect(queue.photoPreview.locator('img[alt="Foto kehadiran"]')).toBeVisible();
      await expect(queue.photoPreview.locator('figcaption')).toHaveText(['Foto karyawan (pembanding)', 'Foto kehadiran']);
      await page.keyboard.press('Escape');
      await expect(queue.photoPreview).toHaveCount(0);
      await expect(queue.modal.dialog).toHaveCount(0);
      await photos.click();
      await expect(queue.photoPreview).toBeVisible();
      await expect(queue.modal.dialog).toHaveCount(0);
      await expectWellFormed(page, `queue with the photo preview open at ${viewport.width}x${viewport.height}`);
      await expect(queue.reasonsOf(queue.table.rows.first())).not.toHaveCount(0);
    });
  }
});
