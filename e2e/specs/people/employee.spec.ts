import { expect, signedInContext, signedInAs, test } from '../../fixtures/test';
import { createEmployee, type TestEmployee } from '../../fixtures/people';
import { BackOfficeApi } from '../../pages/back-office-api';
import { DiscardQuestion } from '../../pages/discard-question';
import { EmployeeDirectoryPage } from '../../pages/people-pages';

// The admin (every flag and special right) works on employees made for each test only.
test.use(signedInAs('admin'));
// Each test makes its employee through manage.py shell and some open a second browser.
test.describe.configure({ timeout: 90_000 });

/** The two toggles of an employee as the server has them (REST, as the admin). */
async function storedFlags(api: BackOfficeApi, employee: TestEmployee) {
  const detail = await api.get<{ attendance_disabled: number; force_approval_permission: number }>(
    'admin',
    `employee/detail/${employee.hashId}`,
  );
  return { attendance_disabled: detail.attendance_disabled === 1, force_approval_permission: detail.force_approval_permission === 1 };
}

test('search by name and personalia, with the spec columns and Belum diatur for a missing email', async ({ page }) => {
  const employee = await createEmployee();
  const directory = new EmployeeDirectoryPage(page);
  await directory.goto();
  expect(await directory.table.headers()).toEqual(['No', 'Foto', 'ID Karyawan', 'Nama', 'Email', 'Personalia', 'Aksi']);
  await expect(directory.table.pageSize).toHaveValue('10');

  const row = await directory.searchName(employee.name);
  await expect(row).toContainText(employee.number);
  await expect(row).toContainText('Belum diatur');
  await expect(row.getByText('Tidak', { exact: true })).toBeVisible();

  await directory.personaliaFilter.selectOption({ label: 'Personalia: Ya' });
  await expect(directory.table.emptyText).toBeVisible();
  await directory.personaliaFilter.selectOption({ label: 'Personalia: Tidak' });
  await expect(directory.table.row(employee.name)).toHaveCount(1);
});

test('detail tabs: man power info, the placement map and the leave balance', async ({ page }) => {
  const employee = await createEmployee({ withEmail: true });
  const directory = new EmployeeDirectoryPage(page);
  await directory.goto();
  await directory.searchName(employee.name);
  await directory.openDetail(employee.name);

  const info = directory.detail.getByRole('tabpanel');
  await expect(info).toContainText(employee.number);
  await expect(info).toContainText(employee.email);
  await expect(info).toContainText(employee.manPowerName);

  await directory.tab('Lokasi Man Power').click();
  await expect(directory.detail.getByText('Radius maksimal')).toBeVisible();
  await expect(directory.detail.locator('.leaflet-container')).toBeVisible();

  await directory.tab('Detail Cuti').click();
  await expect(directory.detail.getByRole('group', { name: 'Saldo Cuti' })).toContainText('12 hari');
  await expect(directory.detail.getByRole('group', { name: 'Cuti Terpakai' })).toContainText('3 hari');
  await expect(directory.detail.getByRole('group', { name: 'Hutang Cuti' })).toContainText('1 hari');
});

test('both checkboxes save at once (disabling attendance after a confirm: Batal keeps it active), and a failed call puts the checkbox back', async ({ page, request }) => {
  const employee = await createEmployee();
  const api = new BackOfficeApi(request);
  const directory = new EmployeeDirectoryPage(page);
  await directory.goto();
  await directory.searchName(employee.name);
  await directory.openDetail(employee.name);

  const disabled = directory.checkbox('Nonaktifkan Kehadiran');
  await expect(disabled).not.toBeChecked();
  // Disabling attendance asks first (DESIGN §18): Batal keeps it active, nothing is sent.
  const question = page.getByRole('group', { name: /Nonaktifkan kehadiran karyawan ini\?/ });
  await disabled.click();
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Batal' })).toBeFocused();
  await question.getByRole('button', { name: 'Batal' }).click();
  await expect(question).toBeHidden();
  await expect(disabled).not.toBeChecked();
  expect((await storedFlags(api, employee)).attendance_disabled).toBe(false);
  await disabled.click();
  await question.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
  await expect(page.getByText('Kehadiran karyawan dinonaktifkan.')).toBeVisible();
  await expect(disabled).toBeChecked();
  await expect(disabled).toBeEnabled();
  expect((await storedFlags(api, employee)).attendance_disabled).toBe(true);

  // The next call fails: the box returns to where it was and the error is shown.
  await page.route('**/api/web/v1/employee/set_force_approval_permission', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ http_status: 422, message: 'Gagal disimpan (uji).', errors: {} }),
    }),
  );
  const force = directory.checkbox('Izin selalu ke Is Owner');
  await force.click();
  await expect(page.getByText('Gagal disimpan (uji).')).toBeVisible();
  await expect(force).not.toBeChecked();
  await expect(force).toBeEnabled();
  expect((await storedFlags(api, employee)).force_approval_permission).toBe(false);
  await page.unroute('**/api/web/v1/employee/set_force_approval_permission');

  await force.check();
  await expect(page.getByText('Izin karyawan selalu diteruskan ke Is Owner.')).toBeVisible();
  expect((await storedFlags(api, employee)).force_approval_permission).toBe(true);
});

test('reset password shows the new mobile password once, and it signs in on the app', async ({ page, request }) => {
  const employee = await createEmployee();
  const directory = new EmployeeDirectoryPage(page);
  await directory.goto();
  await directory.searchName(employee.name);
  await directory.openDetail(employee.name);

  await directory.detail.getByRole('button', { name: 'Reset Password' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Buat password baru' });
  await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
  const field = directory.detail.getByLabel('Password baru karyawan');
  await expect(field).toHaveValue(/^[A-Za-z0-9]{10}$/);
  const password = await field.inputValue();

  const signIn = await request.post('/api/mobile/v1/auth/', {
    headers: { Version: '1000000' },
    data: { employee_number: employee.number, password },
  });
  expect(signIn.status()).toBe(200);
  const old = await request.post('/api/mobile/v1/auth/', {
    headers: { Version: '1000000' },
    data: { employee_number: employee.number, password: 'karyawan123' },
  });
  expect(old.status()).not.toBe(200);
});

test('an app account locked by failed sign-ins shows locked live, in the detail too, and the admin unlocks it', async ({
  page,
  api,
}) => {
  const employee = await createEmployee();
  const directory = new EmployeeDirectoryPage(page);
  await directory.goto();
  await directory.searchName(employee.name);
  await expect(directory.lockBadge(employee.name)).toBeHidden();

  // Ten wrong app passwords lock the account (DESIGN §16); the open list shows it without a reload.
  for (let attempt = 0; attempt < 10; attempt += 1) expect(await api.mobileSignInStatus(employee.number, 'salah-sekali')).toBe(401);
  await expect(directory.lockBadge(employee.name)).toHaveText('Terkunci 15 menit lagi');
  expect(await api.mobileSignInStatus(employee.number, 'karyawan123')).toBe(429);
  await directory.openDetail(employee.name);
  await expect(directory.detail.getByText('Terkunci 15 menit lagi')).toBeVisible();
  await directory.detail.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(directory.detail).toBeHidden();

  await directory.unlockMobile(employee.name);
  await expect(page.getByText('Kunci aplikasi karyawan berhasil dibuka.')).toBeVisible();
  await expect(directory.lockBadge(employee.name)).toBeHidden();
  await expect(directory.detail).toBeHidden();
  expect(await api.mobileSignInStatus(employee.number, 'karyawan123')).toBe(200);
});

test('the personalia wizard end to end, then the new personalia signs in', async ({ page, browser }) => {
  const employee = await createEmployee({ withEmail: true });
  const directory = new EmployeeDirectoryPage(page);
  await directory.goto();
  await directory.searchName(employee.name);
  await directory.makePersonaliaButton(employee.name).click();
  const wizard = directory.wizard;
  await expect(wizard).toBeVisible();

  // Step 1: username (checked locally).
  await directory.wizardButton('Lanjut').click();
  await expect(wizard.getByText('Username tidak boleh kosong!')).toBeVisible();
  const username = `hr.${employee.number.toLowerCase()}`;
  await wizard.getByLabel('Username').fill(username);
  await directory.wizardButton('Lanjut').click();

  // Step 2: password; Batal here asks first (a username is typed), then closes the wizard and
  // starts again at step 1. Esc asks too, and 'Lanjut mengisi' keeps the step as it was.
  const question = new DiscardQuestion(page);
  await expect(wizard.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia');
  await question.escapeThenKeepEditing();
  await expect(wizard.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('rahasia');
  await directory.wizardButton('Batal').click();
  await expect(question.dialog).toBeVisible();
  await expect(wizard).toBeVisible();
  await question.discard.click();
  await expect(wizard).toBeHidden();
  await directory.makePersonaliaButton(employee.name).click();
  await expect(wizard.getByLabel('Username')).toHaveValue('');
  // Untouched, it closes at once.
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();
  await expect(question.dialog).toHaveCount(0);
  await directory.makePersonaliaButton(employee.name).click();
  await wizard.getByLabel('Username').fill(username);
  await directory.wizardButton('Lanjut').click();

  await wizard.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
  await directory.wizardButton('Lanjut').click();
  await expect(wizard.getByText('Password setidaknya memiliki 6 karakter')).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia-hr1');
  await wizard.getByLabel('Ulangi Password').fill('rahasia-hr1');
  await directory.wizardButton('Lanjut').click();

  // Step 3: access level (submitted).
  await directory.wizardButton('Simpan').click();
  await expect(wizard.getByText('Hak Akses harus diisi!')).toBeVisible();
  await wizard.getByLabel('Hak Akses').selectOption({ label: 'HR Personalia' });
  await directory.wizardButton('Simpan').click();

  // Step 4: done, the password masked.
  await expect(wizard.getByRole('heading', { name: 'Selesai!' })).toBeVisible();
  await expect(wizard.getByText('•'.repeat('rahasia-hr1'.length), { exact: true })).toBeVisible();
  await expect(wizard.getByText('rahasia-hr1')).toHaveCount(0);
  await directory.wizardButton('Selesai').click();
  await expect(wizard).toBeHidden();
  const row = directory.table.row(employee.name);
  await expect(row.getByText('Ya', { exact: true })).toBeVisible();
  await expect(directory.makePersonaliaButton(employee.name)).toHaveCount(0);

  const personalia = await signedInContext(browser, { email: employee.email, password: 'rahasia-hr1', fullname: employee.name });
  await expect(personalia.shell.link('Karyawan')).toBeVisible();
  await personalia.context.close();
});
