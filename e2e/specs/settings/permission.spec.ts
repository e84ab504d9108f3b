import { randomBytes } from 'node:crypto';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { createUserWithFlags } from '../../fixtures/flag-users';
import { LeaveSettingsPage } from '../../pages/leave-settings-page';

const unique = () => randomBytes(3).toString('hex').toUpperCase();
const PREVIEW_LINE = /^Dengan nilai ini: ([\d.]+) rendah, ([\d.]+) sedang, ([\d.]+) tinggi di antrean saat ini$/;

test.describe('Cuti & Gangguan Sistem (/settings/permission)', () => {
  test.use(signedInAs('admin'));

  test('six tabs; Cuti Khusus: messages, add, edit, delete', async ({ page, notifications }) => {
    const settings = new LeaveSettingsPage(page);
    await settings.goto();
    await expect(settings.tabList.getByRole('tab')).toHaveText([
      'Cuti Khusus',
      'Cuti Tambahan',
      'System Trouble',
      'Ambang Risiko',
      'Catatan Penolakan',
      'Batas Waktu Persetujuan',
    ]);
    await expect(settings.tab('Cuti Khusus')).toHaveAttribute('aria-selected', 'true');
    const screen = settings.screen('Cuti Khusus');
    await screen.table.loaded();
    await expect(screen.table.row('Karyawan menikah')).toContainText('MENIKAH');

    const code = `E2E_${unique()}`;
    await screen.add.click();
    await screen.modal.field('Nama').fill('');
    await screen.modal.field('Jumlah Hari').fill('');
    await screen.modal.save.click();
    await expect(screen.modal.dialog.getByText('Nama harus diisi')).toBeVisible();
    await expect(screen.modal.dialog.getByText('Kode harus diisi')).toBeVisible();
    await expect(screen.modal.dialog.getByText('Jumlah hari harus diisi')).toBeVisible();
    await screen.modal.field('Nama').fill(`Cuti Uji ${code}`);
    await screen.modal.field('Kode').fill(code);
    await screen.modal.field('Jumlah Hari').fill('2');
    await screen.modal.save.click();
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    await screen.table.globalSearch.fill(code);
    await expect(screen.table.row(code)).toContainText('2');

    await screen.open(code);
    await screen.modal.edit.click();
    await screen.modal.field('Jumlah Hari').fill('3');
    await screen.modal.update.click();
    await expect(notifications.toast('Data berhasil diperbarui.')).toBeVisible();
    await expect(screen.table.row(code)).toContainText('3');

    await screen.open(code);
    await screen.modal.deleteRecord();
    await expect(notifications.toast('Data berhasil dihapus.')).toBeVisible();
    await expect(screen.table.emptyText).toBeVisible();
  });

  test('Cuti Tambahan: a duplicate code is refused, the form keeps its values', async ({ page, notifications }) => {
    const screen = await new LeaveSettingsPage(page).goto('Cuti Tambahan');
    if (!screen) throw new Error('no tab');
    await expect(page).toHaveURL(/tab=cuti_tambahan/);
    await screen.add.click();
    await screen.modal.field('Nama').fill('Cuti Panjang Lagi');
    await screen.modal.field('Kode').fill('cuti_panjang');
    await screen.modal.save.click();
    await expect(screen.modal.dialog.getByText('ID sudah digunakan')).toBeVisible();
    await expect(screen.modal.field('Nama')).toHaveValue('Cuti Panjang Lagi');
    const code = `TAMBAH_${unique()}`;
    await screen.modal.field('Kode').fill(code);
    await screen.modal.save.click();
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    await screen.open(code);
    await screen.modal.deleteRecord();
    await expect(screen.table.row(code)).toHaveCount(0);
  });

  test('System Trouble: a day with its description', async ({ page, notifications }) => {
    const screen = await new LeaveSettingsPage(page).goto('System Trouble');
    if (!screen) throw new Error('no tab');
    await screen.add.click();
    await screen.modal.save.click();
    await expect(screen.modal.dialog.getByText('Tanggal harus diisi')).toBeVisible();
    await expect(screen.modal.dialog.getByText('Keterangan harus diisi')).toBeVisible();
    const description = `Server pusat mati ${unique()}`;
    await screen.modal.field('Tanggal').fill('2020-02-03');
    await screen.modal.field('Keterangan').fill(description);
    await screen.modal.save.click();
    await expect(notifications.toast('Data berhasil disimpan.')).toBeVisible();
    await expect(screen.table.row(description)).toContainText('3 Februari 2020');
    await screen.open(description);
    await screen.modal.deleteRecord();
    await expect(screen.table.row(description)).toHaveCount(0);
  });
});

test.describe('Ambang Risiko (/settings/permission)', () => {
  test.use(signedInAs('admin'));

  test('the thresholds: the order rule inline, then saved unchanged', async ({ page, notifications }) => {
    const settings = new LeaveSettingsPage(page);
    await settings.goto();
    await settings.tabList.getByRole('tab', { name: 'Ambang Risiko' }).click();
    const medium = page.getByLabel('Skor risiko sedang mulai');
    const high = page.getByLabel('Skor risiko tinggi mulai');
    await expect(medium).not.toHaveValue('');
    const [mediumValue, highValue] = [await medium.inputValue(), await high.inputValue()];

    await high.fill(mediumValue);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Skor risiko tinggi harus lebih besar dari skor risiko sedang')).toBeVisible();

    await high.fill(highValue);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(notifications.toast(/berhasil/)).toBeVisible();
  });

  test('the weights explained, and a live preview of the queue before saving (nothing saved)', async ({ page }) => {
    const settings = new LeaveSettingsPage(page);
    await settings.goto();
    await settings.tabList.getByRole('tab', { name: 'Ambang Risiko' }).click();
    const rules = page.getByRole('table', { name: 'Bobot dan aturan tingkat' });
    await expect(rules.getByRole('row', { name: /Skor wajah di bawah ambang/ })).toContainText('Minimal sedang');
    await expect(rules.getByRole('row', { name: /aplikasi terlarang/ })).toContainText('Selalu tinggi');
    await expect(rules.getByRole('row', { name: /Di luar radius/ })).toContainText('toleransi radius');

    const preview = page.getByTestId('risk-preview').getByRole('status');
    const counts = async () => {
      await expect(preview).toHaveText(PREVIEW_LINE);
      const [, low, medium, high] = PREVIEW_LINE.exec((await preview.textContent()) ?? '') ?? [];
      return [low, medium, high].map((n) => Number((n ?? '').replaceAll('.', '')));
    };
    const saved = await counts();
    const face = page.getByLabel('Ambang skor wajah');
    const savedFace = await face.inputValue();

    // No face factor, a wide margin, levels at the top: only the always-high rule keeps rows above low.
    await face.fill('1');
    await page.getByLabel('Toleransi di luar radius (meter)').fill('10000');
    await page.getByLabel('Skor risiko tinggi mulai').fill('100');
    await page.getByLabel('Skor risiko sedang mulai').fill('99');
    await expect(preview).not.toHaveText(`Dengan nilai ini: ${saved[0]} rendah, ${saved[1]} sedang, ${saved[2]} tinggi di antrean saat ini`);
    const unsaved = await counts();
    expect(unsaved[0]).toBeGreaterThan(saved[0]);
    expect(unsaved.reduce((a, b) => a + b)).toBe(saved.reduce((a, b) => a + b));

    // Nothing was saved: a fresh visit shows the stored values and the same preview as before.
    await page.reload();
    await settings.tabList.getByRole('tab', { name: 'Ambang Risiko' }).click();
    await expect(page.getByLabel('Ambang skor wajah')).toHaveValue(savedFace);
    expect(await counts()).toEqual(saved);
  });
});

test.describe('Cuti & Gangguan Sistem by flag', () => {
  test('a user with only allow_system_trouble sees only that tab and no write buttons', async ({ browser }) => {
    const account = await createUserWithFlags(['allow_system_trouble']);
    const { context, page } = await signedInContext(browser, account);
    const settings = new LeaveSettingsPage(page);
    await settings.goto();
    await expect(settings.tabList.getByRole('tab')).toHaveText(['System Trouble', 'Ambang Risiko', 'Catatan Penolakan', 'Batas Waktu Persetujuan']);
    const screen = settings.screen('System Trouble');
    await screen.table.loaded();
    await expect(screen.add).toHaveCount(0);

    await settings.tabList.getByRole('tab', { name: 'Ambang Risiko' }).click();
    await expect(page.getByText('Anda hanya dapat melihat ambang ini.')).toBeVisible();
    await expect(page.getByLabel('Skor risiko sedang mulai')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Simpan' })).toHaveCount(0);
    await context.close();
  });

  test.describe('without any of the flags', () => {
    test.use(signedInAs('viewer'));

    test('a viewer is refused the screen', async ({ page }) => {
      await page.goto('/settings/permission');
      await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    });
  });
});
