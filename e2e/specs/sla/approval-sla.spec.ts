import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, signedInAs, test } from '../../fixtures/test';

/**
 * Deadlines (issue 41): the system admin keeps the approval deadlines and who hears of overdue items
 * (/settings/permission, tab 'Batas Waktu Persetujuan'); both queues mark the rows waiting past their
 * deadline 'Lewat batas' and filter them with a chip. The demo's waiting items were received days ago,
 * so both queues hold overdue rows under the default 24 and 48 hours.
 */
test.describe('Batas Waktu Persetujuan', () => {
  test.use(signedInAs('admin'));

  test('the setting: checked inline, saved, kept after a reload; axe clean', async ({ page, notifications }) => {
    await page.goto('/settings/permission?tab=approval_sla');
    const attendance = page.getByLabel('Batas waktu persetujuan absen (jam)');
    const permission = page.getByLabel('Batas waktu persetujuan izin (jam)');
    await expect(attendance).not.toHaveValue('');
    await expectNoAxeViolations(page, 'batas waktu persetujuan');

    await attendance.fill('0');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Batas waktu persetujuan absen harus bilangan bulat 1 sampai 720 jam.')).toBeVisible();

    await attendance.fill('30');
    await permission.fill('60');
    const escalateTo = page.getByRole('group', { name: 'Eskalasi ke' });
    const hr = escalateTo.getByRole('checkbox').first();
    await expect(hr).toBeVisible();
    const hrName = await hr.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');
    await hr.check();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(notifications.toast(/berhasil/)).toBeVisible();

    await page.reload();
    await expect(attendance).toHaveValue('30');
    await expect(permission).toHaveValue('60');
    await expect(escalateTo.getByRole('checkbox', { name: hrName })).toBeChecked();
    await expect(escalateTo.getByText('1 pengguna dipilih')).toBeVisible();

    // Back to the defaults and nobody named, for the other specs.
    await attendance.fill('24');
    await permission.fill('48');
    await escalateTo.getByRole('checkbox', { name: hrName }).uncheck();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(notifications.toast(/berhasil/)).toBeVisible();
  });

  test('the attendance queue marks overdue rows and filters them with the chip', async ({ page }) => {
    await page.goto('/approval/attendance?overdue=1');
    const chip = page.getByRole('button', { name: 'Hanya yang lewat batas' });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByRole('table', { name: 'Kehadiran menunggu persetujuan' });
    const rows = table.getByRole('row', { name: /^Pilih absen/ });
    await expect(rows.first()).toContainText('Lewat batas');
    // Every row the filter shows is marked.
    await expect(table.getByText('Lewat batas', { exact: true })).toHaveCount(await rows.count());
    await expectNoAxeViolations(page, 'antrean absen lewat batas');
  });

  test('the izin queue marks overdue requests and filters them with the chip', async ({ page }) => {
    await page.goto('/approval/permission');
    const chip = page.getByRole('button', { name: 'Hanya yang lewat batas' });
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('table').first().getByText('Lewat batas', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'antrean izin lewat batas');
  });
});
