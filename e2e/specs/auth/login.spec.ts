import { expect, signedInAs, test } from '../../fixtures/test';
import { createThrowawayUser, demoUsers } from '../../fixtures/users';
import { LoginPage } from '../../pages/login-page';

const admin = demoUsers.admin;

test.describe('/login', () => {
  test('has the product title and its links', async ({ page, loginPage }) => {
    await loginPage.goto();
    await expect(page).toHaveTitle('Kehadiran | Masuk');
    await loginPage.forgotLink.click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('shows every validation message only after the first submit', async ({ loginPage, page }) => {
    await loginPage.goto();
    await expect(page.getByText('Email harus diisi')).toBeHidden();
    await loginPage.submit.click();
    await expect(page.getByText('Email harus diisi')).toBeVisible();
    await expect(page.getByText('Password harus diisi')).toBeVisible();

    await loginPage.email.fill('bukan-email');
    await loginPage.submit.click();
    await expect(page.getByText('Email tidak valid')).toBeVisible();
    await expect(page.getByText('Email harus diisi')).toBeHidden();

    await loginPage.email.fill(admin.email);
    await loginPage.password.fill('x');
    await expect(page.getByText('Email tidak valid')).toBeHidden();
    await expect(page.getByText('Password harus diisi')).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password is said on the form, tied to its fields, with no popup', async ({ loginPage, page }) => {
    await loginPage.goto();
    await loginPage.fill(admin.email, 'salah-sekali');
    await loginPage.submit.click();
    // The server's message, under the fields, announced as an alert.
    const failure = page.getByRole('alert').filter({ hasText: 'Email atau password salah.' });
    await expect(failure).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // No popup: the answer came (the alert shows), and no dialog opened with it.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Both fields are described by it; the password takes the focus with its text selected for the next try.
    await expect(loginPage.password).toHaveAccessibleDescription('Email atau password salah.');
    await expect(loginPage.email).toHaveAccessibleDescription('Email atau password salah.');
    await expect(loginPage.password).toBeFocused();
    expect(await loginPage.password.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
      0,
      'salah-sekali'.length,
    ]);
    // Typing again clears the message; the right password then signs in.
    await page.keyboard.type(admin.password);
    await expect(failure).toBeHidden();
    await expect(loginPage.password).toHaveAccessibleDescription('');
    await loginPage.submit.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a locked account shows the lockout message with the minutes left on the form', async ({ api, loginPage, page }) => {
    const user = await createThrowawayUser();
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await api.signInStatus(user.email, 'salah-sekali')).toBe(401);
    await loginPage.goto();
    await loginPage.fill(user.email, user.password);
    await loginPage.submit.click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Akun dikunci sementara karena terlalu banyak percobaan masuk yang gagal. Coba lagi dalam 15 menit.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('no answer from the server shows the connection message on the form', async ({ loginPage, page }) => {
    await page.route('**/api/web/v1/auth/', (route) => route.abort('connectionrefused'));
    await loginPage.goto();
    await loginPage.fill(admin.email, admin.password);
    await loginPage.submit.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Mohon periksa koneksi internet dan coba beberapa saat lagi.' }),
    ).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    // The form can be sent again once the server answers.
    await page.unroute('**/api/web/v1/auth/');
    await expect(loginPage.submit).toBeEnabled();
    await loginPage.submit.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the show-password toggle reveals and hides the password', async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.password.fill('rahasia');
    await expect(loginPage.password).toHaveAttribute('type', 'password');
    await loginPage.showPassword.click();
    await expect(loginPage.password).toHaveAttribute('type', 'text');
    await expect(loginPage.password).toHaveValue('rahasia');
    await loginPage.hidePassword.click();
    await expect(loginPage.password).toHaveAttribute('type', 'password');
  });

  test('with remember-me the session survives into a new browser context', async ({ browser, loginPage, page }) => {
    await loginPage.goto();
    await loginPage.signIn(admin.email, admin.password, { remember: true });
    // The five keys fixtures/auth.setup.ts writes for the stored sessions of the seeded roles.
    const stored = await page.evaluate(() => ({
      local: window.localStorage.getItem('token'),
      session: window.sessionStorage.getItem('token'),
      profile: window.localStorage.getItem('userProfile'),
      access: window.localStorage.getItem('userAccess'),
      email: window.localStorage.getItem('userEmail'),
      remember: window.localStorage.getItem('permanentData'),
    }));
    expect(stored.local).toBeTruthy();
    expect(stored.remember).toBe('true');
    expect(stored.session).toBeNull();
    expect(JSON.parse(stored.profile ?? '{}')).toMatchObject({ fullname: admin.fullname });
    expect(JSON.parse(stored.access ?? '{}')).toMatchObject({ allow_user_level: 1 });
    expect(stored.email).toBe(admin.email);

    const state = await page.context().storageState();
    const second = await browser.newContext({ storageState: state });
    try {
      const next = await second.newPage();
      await next.goto('/announcement');
      await expect(next).toHaveURL(/\/announcement$/);
      await expect(next.getByRole('button', { name: 'Menu pengguna' })).toBeVisible();
    } finally {
      await second.close();
    }
  });

  test('without remember-me a new context or a new tab has no session', async ({ browser, context, loginPage, page }) => {
    await loginPage.goto();
    await loginPage.signIn(admin.email, admin.password, { remember: false });
    const stored = await page.evaluate(() => ({
      local: window.localStorage.getItem('token'),
      session: window.sessionStorage.getItem('token'),
    }));
    expect(stored.session).toBeTruthy();
    expect(stored.local).toBeNull();

    // The same tab keeps the session over a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Menu pengguna' })).toBeVisible();

    // A new tab starts a new browsing session.
    const tab = await context.newPage();
    await tab.goto('/announcement');
    await expect(tab).toHaveURL(/\/login$/);
    await expect(new LoginPage(tab).email).toBeVisible();

    const second = await browser.newContext({ storageState: await context.storageState() });
    try {
      const next = await second.newPage();
      await next.goto('/');
      await expect(next).toHaveURL(/\/login$/);
    } finally {
      await second.close();
    }
  });

  test.describe('signed in', () => {
    test.use(signedInAs('admin'));

    test('a signed-in visitor to /login is sent to /', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Menu pengguna' })).toBeVisible();
    });

    test('a signed-in visitor to /forgot-password is sent to /', async ({ page }) => {
      await page.goto('/forgot-password');
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
