import { DashboardPage, shownNumber, type ApprovalGroup, type ApprovalStat } from '../pages/dashboard-page';
import type { Counts } from './api';
import { expect, expectConnected, test } from './test';

const APPROVAL: [ApprovalGroup, ApprovalStat, (counts: Counts) => number][] = [
  ['Persetujuan Kehadiran', 'Menunggu Persetujuan', (c) => c.approval.attendance.waiting_approval],
  ['Persetujuan Kehadiran', 'Ditolak', (c) => c.approval.attendance.rejected],
  ['Persetujuan Izin', 'Menunggu Persetujuan', (c) => c.approval.izin.waiting_approval],
  ['Persetujuan Izin', 'Ditolak', (c) => c.approval.izin.rejected],
];

test.describe('dashboard', () => {
  test('shows every widget and the server’s approval counts; the waiting count rises live with a check-in @smoke', async ({
    page,
    backOffice,
    employeeApp,
    run,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    for (const widget of [dashboard.approval, dashboard.birthdays, dashboard.age, dashboard.undisciplined, dashboard.absent]) {
      await expect(widget).toBeVisible();
    }
    // Shown minus REST: all zeros once the screen shows the server's numbers (others may be deciding
    // on a live deployment meanwhile: polled until both agree).
    await expect
      .poll(async () => {
        const counts = await backOffice.counts();
        const shown = await Promise.all(APPROVAL.map(([group, stat]) => shownNumber(dashboard.approvalCount(group, stat))));
        return APPROVAL.map(([, , field], index) => shown[index] - field(counts));
      })
      .toEqual([0, 0, 0, 0]);

    await expectConnected(page);
    await page.evaluate(() => ((window as unknown as { smokeNoReload: boolean }).smokeNoReload = true));
    const waiting = dashboard.approvalCount('Persetujuan Kehadiran', 'Menunggu Persetujuan');
    const before = await shownNumber(waiting);
    await employeeApp.checkIn(`${run.tag}: dasbor`);
    await expect.poll(() => shownNumber(waiting)).toBeGreaterThan(before);
    expect(await page.evaluate(() => (window as unknown as { smokeNoReload?: boolean }).smokeNoReload)).toBe(true);
  });
});
