import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './fixtures/browsers';
import { baseURL, externalBaseUrl, repoRoot, servers, workers } from './fixtures/env';

// The specs compute dates in Node as the browser (timezoneId below) and the server (TIME_ZONE) see them:
// in Asia/Jakarta. On a UTC machine, Node's local date is a day behind from 00:00 to 07:00 WIB.
process.env.TZ = 'Asia/Jakarta';

const chromium = launchOptions;

export default defineConfig({
  testDir: '.',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a retried pass is reported as 'flaky' in the summary, never hidden (E2E_RETRIES=0 to see
  // every first failure).
  retries: Number(process.env.E2E_RETRIES ?? 1),
  // Each worker has a seeded server of its own (fixtures/env.ts): E2E_WORKERS, default 2.
  workers: externalBaseUrl ? 1 : workers,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL,
    headless: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // The reduced-motion preference, which Bootstrap and styles.css honour: modals open without their
    // 300 ms slide. A click aimed at a button still sliding can press on one point and release on
    // another, and the browser then fires no click (a flaky 'Ubah' that stayed in view mode).
    reducedMotion: 'reduce',
    // A trace records every action's DOM and a screencast: about a third of the suite's CPU when taken for
    // every test. Taken on the retry of a failed test instead (with its screenshot from the first run).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'setup',
      testMatch: /fixtures\/.*\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'chromium',
      testMatch: /specs\/.*\.spec\.ts$/,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : servers.map((server) => ({
        command: 'bash e2e/serve.sh',
        cwd: repoRoot,
        url: `${server.baseURL}/api/health`,
        env: server.env,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      })),
});
