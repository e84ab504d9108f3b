import { markMailbox, waitForResetMail } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';

test.describe('/forgot-password', () => {
  test('validates the email', async ({ forgotPasswordPage, page }) => {
    await forgotPasswordPage.goto();
    await expect(page.getByText('Email harus diisi')).toBeHidden();
    await forgotPasswordPage.send.click();
    await expect(page.getByText('Email harus diisi')).toBeVisible();
    await forgotPasswordPage.email.fill('bukan-email');
    await forgotPasswordPage.send.click();
    await expect(page.getByText('Email tidak valid')).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('Batal returns to /login and the code link opens /reset-password', async ({ forgotPasswordPage, page }) => {
    await forgotPasswordPage.goto();
    await forgotPasswordPage.cancel.click();
    await expect(page).toHaveURL(/\/login$/);
    await forgotPasswordPage.goto();
    await forgotPasswordPage.haveCodeLink.click();
    await expect(page).toHaveURL(/\/reset-password$/);
  });

  test('sends the code by email and moves to /reset-password with the email kept', async ({
    forgotPasswordPage,
    resetPasswordPage,
    page,
    throwawayUser,
  }) => {
    const mark = await markMailbox();
    await forgotPasswordPage.goto();
    await forgotPasswordPage.email.fill(throwawayUser.email);
    await forgotPasswordPage.send.click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(resetPasswordPage.email).toHaveValue(throwawayUser.email);
    const mail = await waitForResetMail(throwawayUser.email, mark);
    expect(mail.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail.body).toContain(throwawayUser.fullname);
  });

  test('an unknown email gets the same answer as a known one', async ({ forgotPasswordPage, page }) => {
    await forgotPasswordPage.goto();
    await forgotPasswordPage.email.fill('tidak-terdaftar@example.com');
    await forgotPasswordPage.send.click();
    await expect(page).toHaveURL(/\/reset-password$/);
  });
});
