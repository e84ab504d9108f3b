import { markMailbox, waitForResetMail } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';
import { createThrowawayUser } from '../../fixtures/users';

const INVALID_LINK = 'Pastikan link yang Anda akses sudah benar!';

test.describe('/mobile/reset-password', () => {
  test('the emailed link with a fresh code sets the new password', async ({
    mobileResetPasswordPage,
    api,
    page,
    throwawayUser,
  }) => {
    const mark = await markMailbox();
    await api.forgotPassword(throwawayUser.email);
    const mail = await waitForResetMail(throwawayUser.email, mark);
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/mobile/reset-password');
    expect(link.searchParams.get('email')).toBe(throwawayUser.email);
    expect(link.searchParams.get('code')).toBe(mail.code);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(mobileResetPasswordPage.newPassword).toBeVisible();

    await mobileResetPasswordPage.submit.click();
    await expect(page.getByText('Password harus diisi')).toBeVisible();

    await mobileResetPasswordPage.newPassword.fill('Mobile-654321');
    await mobileResetPasswordPage.showPassword.click();
    await expect(mobileResetPasswordPage.newPassword).toHaveAttribute('type', 'text');
    await mobileResetPasswordPage.submit.click();
    await expect(page.getByText(/Password berhasil diubah/).first()).toBeVisible();
    await expect(mobileResetPasswordPage.submit).toBeHidden();

    expect(await api.signInStatus(throwawayUser.email, 'Mobile-654321')).toBe(200);
    expect(await api.signInStatus(throwawayUser.email, throwawayUser.password)).not.toBe(200);
  });

  test("the emailed link keeps an address with '+' intact", async ({ mobileResetPasswordPage, api, page }) => {
    const user = await createThrowawayUser({ emailTag: 'kantor' });
    const mark = await markMailbox();
    await api.forgotPassword(user.email);
    const mail = await waitForResetMail(user.email, mark);
    expect(new URL(mail.link).searchParams.get('email')).toBe(user.email);

    await page.goto(mail.link.replace(/^https?:\/\/[^/]+/, ''));
    await mobileResetPasswordPage.newPassword.fill('Plus-123456');
    await mobileResetPasswordPage.submit.click();
    await expect(page.getByText(/Password berhasil diubah/).first()).toBeVisible();
    expect(await api.signInStatus(user.email, 'Plus-123456')).toBe(200);
  });

  test('a used code is refused with the server message', async ({ mobileResetPasswordPage, api, notifications, throwawayUser }) => {
    const mark = await markMailbox();
    await api.forgotPassword(throwawayUser.email);
    const { code } = await waitForResetMail(throwawayUser.email, mark);
    expect(await api.mobileConfirmResetStatus(throwawayUser.email, code, 'Lewat-API-1')).toBe(200);

    await mobileResetPasswordPage.goto({ email: throwawayUser.email, code });
    await mobileResetPasswordPage.newPassword.fill('Kedua-123456');
    await mobileResetPasswordPage.submit.click();
    await expect(notifications.errorPopup('Kode verifikasi salah atau sudah kedaluwarsa.')).toBeVisible();
  });

  for (const [label, query] of [
    ['without email and code', {}],
    ['without code', { email: 'orang@example.com' }],
    ['without email', { code: 'ABC123' }],
  ] as const) {
    test(`a link ${label} shows '${INVALID_LINK}' for 3 seconds`, async ({ mobileResetPasswordPage, notifications }) => {
      await mobileResetPasswordPage.goto(query);
      await expect(notifications.errorPopup(INVALID_LINK)).toBeVisible();
      await expect(notifications.errorPopup(INVALID_LINK)).toBeHidden({ timeout: 6_000 });
    });
  }
});
