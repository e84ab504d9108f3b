import { demoUsers } from '../../fixtures/users';
import { expect, signedInAs, signedInContext, test } from '../../fixtures/test';
import { setHrDelay, SyncEmployeePage } from '../../pages/sync-pages';

test.describe('/sync/employee', () => {
  // One HR sync at a time: while one runs, 'Sinkronisasi Data' is disabled for every admin.
  test.describe.configure({ mode: 'serial' });
  test.use(signedInAs('admin'));

  test.afterEach(async ({ page }) => {
    await setHrDelay(page, 0);
  });

  test('an HR sync shows live progress to its starter and to a second admin, also after a reload', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Slow pages (25 employees each) keep the pull running for a dozen seconds.
    await setHrDelay(page, 1_000);
    const starter = new SyncEmployeePage(page);
    await starter.goto();
    const other = await signedInContext(browser, demoUsers.hr);
    try {
      const watcher = new SyncEmployeePage(other.page);
      await watcher.goto();
      await expect(other.shell.connection('Terhubung')).toBeVisible({ timeout: 10_000 });
      await expect(watcher.progress.bar).toBeHidden();

      await starter.start.click();
      await expect(starter.start).toBeDisabled();
      await starter.progress.waitForPartial();
      // The second admin never clicked: the running job reaches them on the jobs topic.
      await expect(watcher.progress.bar).toBeVisible();
      await expect(watcher.start).toBeDisabled();
      const watched = await watcher.progress.waitForPartial();

      // A reload mid-job picks the running job up again from the snapshot, and it keeps moving.
      await other.page.reload();
      await expect(watcher.progress.bar).toBeVisible();
      await expect(watcher.start).toBeDisabled();
      await watcher.progress.waitForPartial(watched);

      // Both at once: the final message clears 10 s after the end (doc2), so neither view may wait on the other.
      await Promise.all(
        [starter, watcher].map(async (view) => {
          await expect(view.progress.bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
          await expect(view.progress.finalMessage).toHaveText(/^Sinkronisasi selesai: \d+ karyawan baru, \d+ diperbarui, \d+ resign\.$/);
          await expect(view.start).toBeEnabled();
        }),
      );
      await expect(starter.page.getByText(/Dijalankan oleh Administrator Sistem/)).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test('the message clears after 10 seconds', async ({ page }) => {
    const view = new SyncEmployeePage(page);
    await view.goto();
    await view.start.click();
    await expect(view.progress.finalMessage).toHaveText(/^Sinkronisasi selesai/, { timeout: 30_000 });
    await expect(view.progress.finalMessage).toBeHidden({ timeout: 12_000 });
    await expect(view.progress.bar).toBeHidden();
  });
});

test.describe('/sync as a user without sync flags', () => {
  test.use(signedInAs('viewer'));

  test('neither /sync nor /sync/employee opens: no dead end behind the menu', async ({ page }) => {
    await page.goto('/sync');
    await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    await page.goto('/sync/employee');
    await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sinkronisasi Data' })).toHaveCount(0);
  });
});
