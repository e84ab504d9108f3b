import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, signedInAs, test } from '../../fixtures/test';
import { storageStatePath } from '../../fixtures/users';
import { AppShell } from '../../pages/app-shell';
import { ApprovalPermissionPage } from '../../pages/approval-permission-page';
import { MobileApp } from '../../pages/mobile-app';
import { waitForApprovalMail } from './approval-mail';

/** Issue 41: a new izin request e-mails its approvers two signed single-use links; the link page
 * (public, no sign-in) shows the request and decides it once; a second visit says it was used. */
const ADMIN = 'admin@example.com';

test.describe('the e-mailed approval link, without a session', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('approves the request once, live in an open queue; the second visit says the link was used', async ({
    browser,
    page,
    request,
  }) => {
    // Another approver's queue is open in another browser while the approver decides from the mail.
    const queueContext = await browser.newContext({ storageState: storageStatePath('approver') });
    const queue = new ApprovalPermissionPage(await queueContext.newPage());
    await queue.goto();
    await expect(new AppShell(queue.page).connection('Terhubung')).toBeVisible();

    const description = `Keperluan keluarga (tautan email ${Date.now().toString(36)})`;
    const izin = await new MobileApp(request).requestIzin('office', { description });
    await expect(queue.rowOf(izin).getByText('Menunggu Persetujuan')).toBeVisible();
    const mail = await waitForApprovalMail(ADMIN, description);
    expect(mail.body).toContain(izin.employee.name);
    expect(mail.body).toContain(`${izin.date_formatted} (1 hari)`);

    await page.goto(mail.approve);
    await expect(page.getByRole('heading', { level: 1, name: 'Persetujuan Izin' })).toBeVisible();
    await expect(page.getByText(izin.employee.name, { exact: true })).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Setujui' })).toBeChecked();
    await expectNoAxeViolations(page, 'the approval link page');

    // Rejecting needs a note; then the approver changes their mind and approves.
    await page.getByRole('radio', { name: 'Tolak' }).check();
    await page.getByRole('button', { name: 'Lanjutkan: Tolak' }).click();
    await expect(page.getByText('Catatan penolakan harus diisi.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Catatan' })).toBeFocused();
    await page.getByRole('radio', { name: 'Setujui' }).check();
    await page.getByRole('textbox', { name: 'Catatan' }).fill('Silakan (lewat email)');
    await page.getByRole('button', { name: 'Lanjutkan: Setujui' }).click();

    await expect(page.getByRole('heading', { name: 'Konfirmasi keputusan' })).toBeVisible();
    await expect(page.getByText(`Setujui izin ${izin.employee.name} (${izin.date_formatted})?`)).toBeVisible();
    await expectNoAxeViolations(page, 'the approval link confirmation');
    await page.getByRole('button', { name: 'Ya, setujui' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Keputusan tersimpan' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Izin berhasil disetujui.' })).toBeVisible();
    await expect(queue.rowOf(izin).getByText('Disetujui')).toBeVisible();
    await queueContext.close();

    // The second visit of either link of that mail: spent.
    for (const link of [mail.approve, mail.reject]) {
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Tautan sudah tidak berlaku' })).toBeVisible();
      await expect(page.getByText('Tautan ini sudah digunakan.', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: /Ya, setujui|Lanjutkan/ })).toHaveCount(0);
    }
    await expectNoAxeViolations(page, 'a spent approval link');
  });
});

test.describe('the daily digest switch on the profile', () => {
  test.use(signedInAs('approver'));

  test('turns the digest off and on again, kept on the server', async ({ page }) => {
    await page.goto('/profile');
    const digest = page.getByRole('switch', { name: 'Kirim ringkasan harian ke email saya' });
    await expect(digest).toBeChecked();
    await expectNoAxeViolations(page, 'the profile with the digest switch');
    await digest.uncheck();
    await expect(page.getByText('Ringkasan harian tidak lagi dikirim ke email Anda.')).toBeVisible();
    await page.reload();
    await expect(digest).not.toBeChecked();
    await digest.check();
    await expect(page.getByText('Ringkasan harian akan dikirim ke email Anda.')).toBeVisible();
    await page.reload();
    await expect(digest).toBeChecked();
  });
});
