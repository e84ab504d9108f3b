import { ApprovalAttendancePage } from '../pages/approval-attendance-page';
import { Notifications } from '../pages/notifications';
import { jakartaToday } from './api';
import { expect, expectConnected, test } from './test';

/** Jakarta's today moved by `days` (YYYY-MM-DD). */
function jakartaDay(days: number): string {
  const [year, month, day] = jakartaToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The queue as a link opens it: yesterday to today in every zone (clamped to the approval window), the
 * newest first. A link's view is not saved as the account's own (only a change the approver makes
 * is), so the smoke leaves the account's saved queue view as it was.
 */
const QUEUE_LINK = `?start=${jakartaDay(-1)}&end=${jakartaDay(1)}`;

/**
 * Only the smoke employee's rows (the global search, which is not part of the saved view): on a busy
 * deployment the run's check-in could otherwise sit past the first page. Waits for the searched list,
 * so that what arrives after it arrives live.
 */
async function narrowTo(queue: ApprovalAttendancePage, number: string): Promise<void> {
  const searched = queue.page.waitForResponse(
    (response) => response.url().includes('/attendance_log/list') && decodeURIComponent(response.url()).includes(number),
  );
  await queue.table.globalSearch.fill(number);
  expect((await searched).status()).toBe(200);
  await queue.table.loaded();
}

test.describe('attendance approval queue (/approval/attendance)', () => {
  test('a check-in from the app appears live in two browsers; rejected in A, it leaves B at once @smoke', async ({
    page,
    pageB,
    employeeApp,
    run,
  }) => {
    const queueA = new ApprovalAttendancePage(page);
    const queueB = new ApprovalAttendancePage(pageB);
    const number = employeeApp.profile.numberFormatted;
    for (const queue of [queueA, queueB]) {
      await queue.open(QUEUE_LINK);
      await expectConnected(queue.page);
      await narrowTo(queue, number);
    }

    const note = `${run.tag}: antrean kehadiran`;
    const checkIn = await employeeApp.checkIn(note);
    // The row of this check-in: its selection box names the employee and the time to the second (the
    // rows show the minute, and the dashboard's check-in of the run may be of the same minute).
    const rowOf = (queue: ApprovalAttendancePage) =>
      queue.table.rows.filter({
        has: queue.page.getByRole('checkbox', { name: `Pilih absen ${employeeApp.profile.name} ${checkIn.log_datetime}`, exact: true }),
      });
    // Both queues show it without a reload.
    await expect(rowOf(queueA)).toBeVisible();
    await expect(rowOf(queueB)).toBeVisible();

    await rowOf(queueA).click();
    const modal = queueA.modal;
    await expect(modal.dialog).toBeVisible();
    await expect(modal.dialog.getByText(employeeApp.profile.name, { exact: true })).toBeVisible();
    // The app's note names this run's check-in.
    await expect(modal.dialog.getByText(note)).toBeVisible();
    await modal.reject.click();
    await modal.rejectNote.fill(`${run.tag}: ditolak oleh uji asap`);
    await modal.reject.click();
    await expect(new Notifications(page).toast('Absen berhasil ditolak.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();
    await expect(rowOf(queueA)).toHaveCount(0);

    // B never reloads: the decision reaches it over its socket.
    await expect(rowOf(queueB)).toHaveCount(0);
  });

});
