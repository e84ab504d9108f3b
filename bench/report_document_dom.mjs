// The report document's DOM (issue [5/7]): signs in to a running server (`make run` on a seeded demo),
// opens the detail document of one week of one placement in Chromium (the e2e suite's Playwright) and
// prints one JSON line: the DOM nodes of the page and the table rows rendered at the top, after
// scrolling to the end, and while printing (the print renders every row), with the lines the
// document counts. Usage: node bench/report_document_dom.mjs [BASE_URL] (default http://127.0.0.1:8000);
// REPORT_MAN_POWER / REPORT_MAN_POWER_TYPE (default the seeded site Site Sangatta Kutai Timur),
// REPORT_START / REPORT_END (default the last seven days to today), EMAIL, PASSWORD, CHROMIUM.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const base = (process.argv[2] ?? 'http://127.0.0.1:8000').replace(/\/$/, '');
const email = process.env.EMAIL ?? 'admin@example.com';
const password = process.env.PASSWORD ?? 'admin12345';
const isoDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const params = new URLSearchParams({
  kind: 'detail',
  mpt: process.env.REPORT_MAN_POWER_TYPE ?? 'site',
  mpn: process.env.REPORT_MAN_POWER ?? 'Site Sangatta Kutai Timur',
  s: process.env.REPORT_START ?? isoDay(-6),
  e: process.env.REPORT_END ?? isoDay(0),
});

const signIn = await fetch(`${base}/api/web/v1/auth/`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email, password, permanentData: true }),
}).then((response) => response.json());
if (!signIn.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(signIn).slice(0, 200)}`);

// Debian's Chromium, as the e2e suite launches it (e2e/fixtures/browsers.ts); CHROMIUM to change it.
const shell = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM ?? (existsSync(shell) ? shell : '/usr/bin/chromium');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
await page.goto(`${base}/build.json`);
await page.evaluate(({ data, email }) => {
  localStorage.setItem('token', data.token);
  localStorage.setItem('userProfile', JSON.stringify(data.profile));
  localStorage.setItem('userAccess', JSON.stringify(data.user_access));
  localStorage.setItem('userEmail', email);
  localStorage.setItem('permanentData', 'true');
}, { data: signIn.data, email });
await page.goto(`${base}/report/attendance-detail/doc?${params}`);
await page.locator('article.report-document div[aria-busy="false"]').waitFor({ timeout: 60_000 });
await page.locator('article.report-document tbody tr').first().waitFor();
const count = () =>
  page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('article.report-document tbody tr').length,
  }));
const top = await count();
const lines = await page.locator('article.report-document header p').last().textContent();
await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
await page.waitForTimeout(500);
const end = await count();
await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
const printing = await count();
await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
await browser.close();
console.log(JSON.stringify({ bench: 'report_document_dom', url: `/report/attendance-detail/doc?${params}`, count: lines, top, end, printing }));
