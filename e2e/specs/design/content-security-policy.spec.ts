import { expect, signedInAs, test } from '../../fixtures/test';

/**
 * The client works under the server's Content-Security-Policy (server/core/security.py): no inline
 * script, no <style> element, images only from here and the map tile host, never inside a frame.
 * Every test of the suite fails on a reported violation (the `cspViolations` fixture); these visit
 * the screens that use the most of the browser: the TipTap editor with a table, the Swagger UI, and
 * a page framed by another origin.
 */
test.describe('Content-Security-Policy', () => {
  test.use(signedInAs('admin'));

  test('the page carries the policy, and the dashboard renders under it', async ({ page, shell }) => {
    const answer = await page.goto('/');
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(answer?.headers()['x-frame-options']).toBe('DENY');
    expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(shell.userMenu).toBeVisible();
    // Charts (recharts, inline SVG styles) and the dashboard's regions.
    await expect(page.getByRole('region', { name: 'Umur Karyawan' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ringkasan Persetujuan' })).toBeVisible();
  });

  test('the announcement editor writes rich text and a table under the policy', async ({ announcementPage: announcements }) => {
    await announcements.goto();
    await announcements.create.click();
    await announcements.editor.click();
    await announcements.toolbarButton('Tebal').click();
    await announcements.editor.pressSequentially('Wajib hadir  dengan  spasi');
    await announcements.toolbarButton('Sisipkan tabel').click();
    const table = announcements.editor.locator('table');
    await expect(table).toBeVisible();
    await table.locator('td').first().click();
    await announcements.editor.pressSequentially('Sel pertama');
    await expect(table.locator('td').first()).toHaveText('Sel pertama');
    // ProseMirror's own rules come from the client's stylesheet (its injected <style> would be refused).
    await expect(announcements.editor).toHaveCSS('white-space', 'break-spaces');
  });

  test('the API documentation (Swagger UI) renders under the policy', async ({ page }) => {
    const answer = await page.goto('/api/docs/');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('.swagger-ui .information-container')).toBeVisible();
    await expect(page.getByRole('button', { name: /^GET \/api\/health/ })).toBeVisible();
  });

  test('another origin cannot frame the app, the wall display included', async ({ page, baseURL }) => {
    // about:blank is another origin than the app's. The browser fetches the app and refuses to show it:
    // the frame's request fails, blocked by the answer's policy (an allowed frame would hold index.html's
    // #root by the page's load event, which setContent waits for and which waits for the frame's).
    const refused = page.waitForEvent('requestfailed', (request) => request.url() === `${baseURL}/wall?token=x`);
    await page.setContent(`<iframe title="app" src="${baseURL}/wall?token=x"></iframe>`);
    expect((await refused).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_RESPONSE');
    const frame = page.frameLocator('iframe[title="app"]');
    await expect(frame.locator('#root')).toHaveCount(0);
  });
});
