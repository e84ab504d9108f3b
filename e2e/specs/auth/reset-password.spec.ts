import { markMailbox, waitForResetMail } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';

test.describe('/reset-password', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('validates the form', async ({ resetPasswordPage, page }) => {
    await resetPasswordPage.goto();
    await expect(page.getByText('Password harus diisi')).toBeHidden();
    await resetPasswordPage.submit.click();
    await expect(page.getByText('Email harus diisi')).toBeVisible();
    await expect(page.getByText('Password harus diisi')).toBeVisible();
    await expect(page.getByText('Kode verifikasi harus diisi')).toBeVisible();

    await resetPasswordPage.email.fill('bukan-email');
    await resetPasswordPage.newPassword.fill('12345');
    await resetPasswordPage.repeatPassword.fill('54321');
    await resetPasswordPage.submit.click();
    await expect(page.getByText('Email tidak valid')).toBeVisible();
    await expect(page.getByText('Password setidaknya memiliki 6 karakter')).toBeVisible();
    await expect(page.getByText('Password harus sama')).toBeVisible();

    // The code is checked through the last box.
    await resetPasswordPage.codeBox(1).pressSequentially('ABCDE');
    await resetPasswordPage.submit.click();
    await expect(page.getByText('Kode verifikasi harus diisi')).toBeVisible();
    await resetPasswordPage.codeBox(6).pressSequentially('F');
    await resetPasswordPage.newPassword.fill('123456');
    await resetPasswordPage.repeatPassword.fill('123456');
    await resetPasswordPage.email.fill('orang@example.com');
    await expect(page.getByText('Kode verifikasi harus diisi')).toBeHidden();
    await expect(page.getByText('Password harus sama')).toBeHidden();
  });

  test('the six code boxes: enabled in turn, typing moves on, Backspace goes back, paste fills, clear empties', async ({
    resetPasswordPage,
    page,
  }) => {
    const box = (n: number) => resetPasswordPage.codeBox(n);
    await resetPasswordPage.goto();
    await expect(box(1)).toBeEnabled();
    for (let n = 2; n <= 6; n += 1) await expect(box(n)).toBeDisabled();

    await box(1).pressSequentially('a');
    await expect(box(1)).toHaveValue('A');
    await expect(box(2)).toBeEnabled();
    await expect(box(2)).toBeFocused();
    await page.keyboard.type('b7');
    await expect(box(2)).toHaveValue('B');
    await expect(box(3)).toHaveValue('7');
    await expect(box(4)).toBeFocused();
    await expect(box(5)).toBeDisabled();

    await page.keyboard.press('Backspace');
    await expect(box(3)).toBeFocused();
    await expect(box(3)).toHaveValue('');
    await expect(box(4)).toBeDisabled();
    await page.keyboard.press('Backspace');
    await expect(box(2)).toBeFocused();
    await expect(box(2)).toHaveValue('');
    await resetPasswordPage.expectCode('A');

    await resetPasswordPage.pasteCode('x1y2z3');
    await resetPasswordPage.expectCode('X1Y2Z3');
    await expect(box(6)).toBeFocused();

    await resetPasswordPage.clearCode.click();
    await resetPasswordPage.expectCode('');
    await expect(box(1)).toBeFocused();
    await expect(box(2)).toBeDisabled();
  });

  test('forgot → emailed code → reset → sign in with the new password', async ({
    loginPage,
    forgotPasswordPage,
    resetPasswordPage,
    notifications,
    api,
    page,
    throwawayUser,
  }) => {
    await loginPage.goto();
    await loginPage.forgotLink.click();
    // The address changes at once, but the login form stays on screen until the forgot-password
    // page's chunk has loaded (the router renders the lazy page in a transition). Both forms have an
    // 'Email' field: typing before the new page shows filled the login form's, the forgot form sent
    // nothing ('Email harus diisi') and the wait for /reset-password ran out. Its own 'Kirim' shows it.
    await expect(forgotPasswordPage.send).toBeVisible();
    const mark = await markMailbox();
    await forgotPasswordPage.email.fill(throwawayUser.email);
    await forgotPasswordPage.send.click();
    await expect(page).toHaveURL(/\/reset-password$/);
    const { code } = await waitForResetMail(throwawayUser.email, mark);

    const newPassword = 'Baru-123456';
    await resetPasswordPage.newPassword.fill(newPassword);
    await resetPasswordPage.repeatPassword.fill(newPassword);

    // A wrong code is refused by the server and the form stays usable.
    const wrong = code.startsWith('Z') ? `Y${code.slice(1)}` : `Z${code.slice(1)}`;
    await resetPasswordPage.pasteCode(wrong);
    await resetPasswordPage.submit.click();
    await expect(notifications.errorPopup('Kode verifikasi salah atau sudah kedaluwarsa.')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);

    // The code is sent uppercased whatever the case typed.
    await resetPasswordPage.clearCode.click();
    await resetPasswordPage.pasteCode(code.toLowerCase());
    await resetPasswordPage.expectCode(code);
    await resetPasswordPage.submit.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(notifications.toast(/Password berhasil diubah/)).toBeVisible();

    expect(await api.signInStatus(throwawayUser.email, throwawayUser.password)).not.toBe(200);
    await loginPage.signIn(throwawayUser.email, newPassword);
    await expect(page.getByRole('button', { name: 'Menu pengguna' })).toBeVisible();
  });
});
