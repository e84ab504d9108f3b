import { createAdjustmentEmployee, touchAttendanceDay } from '../../fixtures/adjustments';
import { demoUsers } from '../../fixtures/users';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { detailField, setHrDelay, setHrFaults, SyncAttendancePage, SyncEmployeePage, SyncValidationPage } from '../../pages/sync-pages';

test.describe('/sync/employee: the trace of HR pulls', () => {
  // One HR pull at a time on this server: the tests take turns.
  test.describe.configure({ mode: 'serial' });
  test.use(signedInAs('admin'));

  test.afterEach(async ({ page }) => {
    await setHrFaults(page, {});
  });

  test('a pull leaves its last run and a history row, live for a second admin; the detail tells it all', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await setHrDelay(page, 600);
    const view = new SyncEmployeePage(page);
    await view.goto();
    const other = await signedInContext(browser, demoUsers.hr);
    try {
      const watcher = new SyncEmployeePage(other.page);
      await watcher.goto();
      await expect(other.shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      await watcher.trace.history.loaded();
      const before = (await watcher.trace.history.summary.count()) ? await watcher.trace.history.total() : 0;

      await view.start.click();
      // The running pull is the last run at once, on both pages, and becomes a history row.
      await expect(watcher.trace.lastRunField('Status')).toHaveText('Sedang diproses…');
      await expect(watcher.trace.lastRunField('Dijalankan oleh')).toHaveText('Administrator Sistem');
      await expect(view.progress.finalMessage).toHaveText(/^Sinkronisasi selesai/, { timeout: 60_000 });

      // The result stays on the card (the progress message clears after 10 s; the card does not).
      for (const trace of [view.trace, watcher.trace]) {
        await expect(trace.lastRunField('Status')).toHaveText('Selesai');
        await expect(trace.lastRunField('Hasil')).toHaveText(/^\d+ karyawan baru, \d+ diperbarui, \d+ resign$/);
        await expect(trace.lastRunField('Pesan')).toHaveText(/^Sinkronisasi selesai/);
        await expect(trace.lastRunField('Mulai')).toHaveText(/^\d{1,2} \S{3} \d{4} \d{2}\.\d{2} WIB$/);
        await expect(trace.history.rows.first()).toContainText('Selesai');
        await expect(trace.history.rows.first()).toContainText('Administrator Sistem');
      }
      // Never reloaded: the watcher's history grew by the new run on the jobs topic.
      await expect.poll(() => watcher.trace.history.total()).toBe(before + 1);

      await watcher.trace.history.rows.first().click();
      const detail = other.page.getByRole('dialog', { name: 'Detail Proses' });
      await expect(detail).toBeVisible();
      for (const label of ['Mulai', 'Selesai']) {
        await expect(detailField(detail, label)).toHaveText(/^\d{1,2} \S+ \d{4} \d{2}\.\d{2} WIB$/);
      }
      await expect(detail).toContainText('Administrator Sistem');
      await expect(detail).toContainText(/\d+ karyawan baru/);
      await detail.getByRole('button', { name: 'Tutup' }).first().click();
      await expect(detail).toBeHidden();
    } finally {
      await other.context.close();
    }
  });

  test('a failed pull shows as failed: red, no percentage, its message, on the card and in the history', async ({ page }) => {
    test.setTimeout(90_000);
    // Page 1 answers 500 more often than the connector retries: the job fails.
    await setHrFaults(page, { fail_pages: { 1: 50 } });
    const view = new SyncEmployeePage(page);
    await view.goto();
    await view.start.click();
    await expect(view.progress.bar).toHaveAttribute('aria-valuetext', 'Gagal', { timeout: 60_000 });
    await expect(view.progress.bar).not.toContainText('%');
    await expect(view.progress.bar.locator('.progress-bar')).toHaveClass(/bg-danger/);
    await expect(page.getByTestId('job-status')).toHaveText('Gagal');
    await expect(view.progress.finalMessage).not.toBeEmpty();
    const message = (await view.progress.finalMessage.innerText()).trim();
    await expect(view.trace.lastRunField('Status')).toHaveText('Gagal');
    await expect(view.trace.lastRunField('Pesan')).toHaveText(message);
    await expect(view.trace.history.rows.first()).toContainText('Gagal');
    await expect(view.start).toBeEnabled();
  });

  test('the HR pull schedule: off by default, saved with its time, kept after a reload', async ({ page, notifications }) => {
    const view = new SyncEmployeePage(page);
    await view.goto();
    const enabled = view.schedule.getByRole('switch', { name: 'Jadwal tarik data HR aktif' });
    const time = view.schedule.getByLabel('Jam tarik data HR');
    await expect(enabled).not.toBeChecked();
    await expect(view.schedule.getByTestId('hr-schedule-state')).toHaveText('Jadwal tarik data HR tidak aktif.');

    await enabled.check();
    await time.fill('05:30');
    await view.schedule.getByRole('button', { name: 'Simpan' }).click();
    await expect(notifications.toast('Data berhasil diperbarui.')).toBeVisible();
    await expect(view.schedule.getByTestId('hr-schedule-state')).toHaveText('Data HR ditarik otomatis setiap hari pukul 05.30 WIB.');

    await page.reload();
    await expect(enabled).toBeChecked();
    await expect(time).toHaveValue('05:30');
    // Off again (the suite's server runs no beat, but the next spec should find the default).
    await enabled.uncheck();
    await view.schedule.getByRole('button', { name: 'Simpan' }).click();
    await expect(view.schedule.getByTestId('hr-schedule-state')).toHaveText('Jadwal tarik data HR tidak aktif.');
  });
});

test.describe('/sync/attendance: sending again asks first', () => {
  test.use(signedInAs('admin'));

  test('the form keeps its selection after Kirim, the push is the last run, and rows sent before need a yes', async ({
    page,
    notifications,
  }) => {
    test.setTimeout(120_000);
    const employee = await createAdjustmentEmployee();
    const view = new SyncAttendancePage(page);
    await view.goto();
    await view.setRange(employee.start, employee.end);
    await page.getByRole('searchbox', { name: 'Cari karyawan', exact: true }).fill(employee.number);
    await page.getByRole('button', { name: new RegExp(employee.number) }).click();
    const chosen = page.getByRole('list', { name: 'Karyawan terpilih' });
    await expect(chosen).toContainText(employee.number);
    await view.show.click();

    const validation = new SyncValidationPage(page);
    await expect(validation.table.rows).toHaveCount(3);
    await validation.confirmSend();
    // New rows only: no second question.
    await expect(notifications.toast(/^Data penyesuaian berhasil dikirim \(3 data, kode PG\d{8}-\d{4}\)\.$/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(/\/sync\/attendance$/);
    // Back on the form: the selection is as it was, and the push is the last run.
    await expect(chosen).toContainText(employee.number);
    await expect(view.trace.lastRunField('Status')).toHaveText('Selesai');
    await expect(view.trace.lastRunField('Hasil')).toHaveText(/^3 data terkirim \(0 pembaruan\), PG\d{8}-\d{4}$/);
    await expect(view.trace.history.rows.first()).toContainText('3 data terkirim');

    // One of the three days changes after it was sent: a new push would send it again.
    await touchAttendanceDay(employee.number, employee.start);
    await view.show.click();
    await expect(validation.table.row('Berubah')).toHaveCount(1);
    const resend = page.getByRole('dialog', { name: 'Kirim Ulang?' });
    await validation.confirmSend();
    await expect(resend).toBeVisible();
    await expect(resend.getByTestId('resend-question')).toHaveText('1 baris sudah pernah dikirim. Kirim ulang?');
    // 'Batal' sends nothing.
    await resend.getByRole('button', { name: 'Batal' }).click();
    await expect(resend).toBeHidden();
    await expect(validation.progress.bar).toHaveCount(0);

    await validation.confirmSend();
    await resend.getByRole('button', { name: 'Kirim Ulang' }).click();
    await expect(notifications.toast(/^Data penyesuaian berhasil dikirim \(1 data, kode PG\d{8}-\d{4}\)\.$/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(view.trace.lastRunField('Hasil')).toHaveText(/^1 data terkirim \(1 pembaruan\)/);
    await expect(chosen).toContainText(employee.number);
  });
});
