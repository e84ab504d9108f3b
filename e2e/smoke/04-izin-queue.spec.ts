import { ApprovalPermissionPage } from '../pages/approval-permission-page';
import { Notifications } from '../pages/notifications';
import { jakartaToday } from './api';
import { expect, expectConnected, test } from './test';

test.describe('izin approval queue (/approval/permission)', () => {
  test('an izin request from the app appears live in two browsers; rejected in A, B shows it decided at once @smoke', async ({
    page,
    pageB,
    employeeApp,
    run,
  }) => {
    const izinA = new ApprovalPermissionPage(page);
    const izinB = new ApprovalPermissionPage(pageB);
    await izinA.goto();
    await expectConnected(page);
    await izinB.goto();
    await expectConnected(pageB);

    const izin = await employeeApp.requestIzin(`${run.tag}: izin`, jakartaToday());
    const rowA = izinA.table.row(employeeApp.profile.numberFormatted, izin.date_formatted);
    const rowB = izinB.table.row(employeeApp.profile.numberFormatted, izin.date_formatted);
    await expect(rowA.getByText('Menunggu Persetujuan')).toBeVisible();
    await expect(rowB.getByText('Menunggu Persetujuan')).toBeVisible();

    await rowA.filter({ hasText: 'Menunggu Persetujuan' }).click();
    const detail = izinA.detail;
    await expect(detail.region).toBeVisible();
    await expect(detail.field('Nama')).toHaveText(employeeApp.profile.name);
    await expect(detail.field('Keterangan')).toContainText(run.tag);
    await detail.note.fill(`${run.tag}: ditolak oleh uji asap`);
    await detail.reject.click();
    await expect(new Notifications(page).toast('Izin berhasil ditolak.')).toBeVisible();
    await expect(detail.header).toContainText('Ditolak');

    // B never reloads: its row turns 'Ditolak' over its socket (the employee's rejected requests of the
    // same day from earlier runs may sit beside it, so the waiting one is what must go).
    await expect(rowB.getByText('Menunggu Persetujuan')).toHaveCount(0);
    await expect(rowB.getByText('Ditolak').first()).toBeVisible();
  });
});
