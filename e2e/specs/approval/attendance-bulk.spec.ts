import type { Browser } from '@playwright/test';
import { test as base, expect, signedInAs } from '../../fixtures/test';
import { storageStatePath, type Role } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalAttendancePage } from '../../pages/approval-attendance-page';
import { BackOfficeApi } from '../../pages/back-office-api';
import { employeesOf, MobileApp, randomEmployeeOf, type CheckIn, type DemoEmployee } from '../../pages/mobile-app';
import { Notifications } from '../../pages/notifications';

/** Issue 16: bulk decisions on the queue, and the approval modal's decision step. */

const test = base.extend<{ queue: ApprovalAttendancePage; mobile: MobileApp; backOffice: BackOfficeApi }>({
  queue: async ({ page }, use) => use(new ApprovalAttendancePage(page)),
  mobile: async ({ request }, use) => use(new MobileApp(request)),
  backOffice: async ({ request }, use) => use(new BackOfficeApi(request)),
});

/** `count` different office employees (two check-ins of one employee in one second would share a row name). */
async function distinctOfficeEmployees(count: number): Promise<DemoEmployee[]> {
  const employees = await employeesOf('office');
  const start = Math.floor(Math.random() * employees.length);
  return Array.from({ length: count }, (_, index) => employees[(start + index * 7) % employees.length]);
}

async function openQueueAs(browser: Browser, role: Role) {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  const page = await context.newPage();
  const queue = new ApprovalAttendancePage(page);
  await queue.goto();
  await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
  return { page, queue, close: () => context.close() };
}

test.describe('bulk decisions', () => {
  test.use(signedInAs('admin'));

  test('Tolak terpilih decides each selected log once, reports the one decided elsewhere, and every approver sees it live', async ({
    browser,
    queue,
    mobile,
    backOffice,
    page,
  }) => {
    // Two signed-in browsers and three check-ins: more than the default budget on a loaded machine.
    test.setTimeout(120_000);
    await queue.goto();
    await expect(new AppShell(page).connection('Terhubung')).toBeVisible();
    const other = await openQueueAs(browser, 'approver');
    try {
      const checkIns: CheckIn[] = [];
      for (const employee of await distinctOfficeEmployees(3)) checkIns.push(await mobile.checkInFarAway(employee));
      for (const checkIn of checkIns) {
        await expect(queue.rowOf(checkIn)).toBeVisible();
        await expect(other.queue.rowOf(checkIn)).toBeVisible();
      }
      await expect(queue.rejectSelected).toBeDisabled();
      for (const checkIn of checkIns) await queue.checkboxOf(checkIn).check();
      await expect(queue.selectedCount).toHaveText('3 terpilih');
      // Checking a row selects it; it does not open its detail.
      await expect(queue.modal.dialog).toHaveCount(0);

      // The other approver decides one of them first.
      await backOffice.rejectLog('approver', checkIns[1].hash_id, 'Ditolak lebih dulu');
      await expect(other.queue.rowOf(checkIns[1])).toHaveCount(0);

      await queue.rejectSelected.click();
      await expect(queue.bulkRejectDialog).toBeVisible();
      const note = queue.bulkRejectDialog.getByRole('textbox', { name: 'Catatan penolakan' });
      await expect(note).toBeFocused();
      await note.fill('Lokasi absen jauh dari penempatan');
      await queue.bulkRejectDialog.getByRole('button', { name: 'Tolak', exact: true }).click();

      // The row someone else decided left the list live, so it was no longer among the selected.
      await expect(new Notifications(page).toast('2 absen ditolak, 0 dilewati.')).toBeVisible();
      for (const checkIn of checkIns) {
        await expect(queue.rowOf(checkIn)).toHaveCount(0);
        await expect(other.queue.rowOf(checkIn)).toHaveCount(0);
      }
      await expect(queue.selectedCount).toHaveText('0 terpilih');
    } finally {
      await other.close();
    }
  });

  test('a selected log decided elsewhere after the click is listed under Dilewati with who decided it', async ({
    queue,
    mobile,
    request,
  }) => {
    const checkIns: CheckIn[] = [];
    for (const employee of await distinctOfficeEmployees(2)) checkIns.push(await mobile.checkInFarAway(employee));
    await queue.goto();
    for (const checkIn of checkIns) await queue.checkboxOf(checkIn).check();
    await queue.rejectSelected.click();
    await queue.bulkRejectDialog.getByRole('textbox', { name: 'Catatan penolakan' }).fill('Foto tidak jelas');

    // Decided by the approver while the note was being written (its event has not reached this tab).
    const api = new BackOfficeApi(request);
    await queue.page.route('**/api/web/v1/attendance_log/reject_many', async (route) => {
      await api.rejectLog('approver', checkIns[0].hash_id, 'Lebih dulu');
      await route.continue();
    });
    await queue.bulkRejectDialog.getByRole('button', { name: 'Tolak', exact: true }).click();

    await expect(new Notifications(queue.page).toast('1 absen ditolak, 1 dilewati.')).toBeVisible();
    await expect(queue.skipped).toContainText(`${checkIns[0].employee.name}: Data sudah diproses oleh`);
    await expect(queue.rowOf(checkIns[1])).toHaveCount(0);
  });
});

test.describe('the approval modal decision step', () => {
  test.use(signedInAs('admin'));

  test('Setujui and Tolak open their step beside the buttons, in view and focused', async ({ queue, mobile }) => {
    const checkIn = await mobile.checkInFarAway(await randomEmployeeOf('office'));
    await queue.goto();
    await queue.table.open(queue.rowOf(checkIn));
    await expect(queue.modal.dialog).toBeVisible();

    await queue.modal.approve.click();
    const firstChoice = queue.modal.nearest.getByRole('radio').first();
    await expect(firstChoice).toBeFocused();
    await expect(firstChoice).toBeInViewport();
    await expect(queue.modal.approve).toBeInViewport();
    await queue.modal.cancel.click();

    await queue.modal.reject.click();
    await expect(queue.modal.rejectNote).toBeFocused();
    await expect(queue.modal.rejectNote).toBeInViewport();

    await queue.modal.cancel.click();
    await queue.modal.openTab('Lokasi');
    // The badge and the sentence beside it say the same thing.
    await expect(queue.modal.dialog.getByText('Out of Spot')).toBeVisible();
    await expect(queue.modal.dialog.getByText(/^Di luar radius /)).toBeVisible();
    // The map's fit leaves room for every point's label.
    const map = queue.modal.map.locator('.leaflet-container');
    await expect
      .poll(async () => {
        const frame = await map.boundingBox();
        const labels = await queue.modal.map.locator('.leaflet-tooltip').all();
        if (!frame || labels.length < 2) return 'no labels yet';
        for (const label of labels) {
          const box = await label.boundingBox();
          if (
            !box ||
            box.x < frame.x ||
            box.y < frame.y ||
            box.x + box.width > frame.x + frame.width ||
            box.y + box.height > frame.y + frame.height
          ) {
            return `cut: ${await label.innerText()}`;
          }
        }
        return 'all inside';
      })
      .toBe('all inside');
    await expect(queue.modal.tab('Tipe Layanan')).toHaveAttribute('title', /hanya berisi data untuk absen Lend/);
  });
});
