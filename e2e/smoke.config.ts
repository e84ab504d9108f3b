import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './fixtures/browsers';
import { REPORT_DIR, smokeBaseUrl } from './smoke/env';
import { browserState } from './smoke/state';

// As the full suite: dates computed in Node as the browser and the server see them (Asia/Jakarta).
process.env.TZ = 'Asia/Jakarta';

/**
 * The smoke (`make e2e-smoke E2E_BASE_URL=...`): the `@smoke` specs of smoke/ against a deployment it
 * did not start (no webServer), one worker, the tests in file order. It creates what it needs through
 * the API under the run's own name and removes it after (smoke/global-setup.ts, global-teardown.ts).
 * The HTML report, with the trace of every failed test, is left in e2e/smoke-report.
 */
export default defineConfig({
  testDir: 'smoke',
  testMatch: /\.spec\.ts$/,
  grep: /@smoke/,
  outputDir: 'smoke-results',
  globalSetup: './smoke/global-setup.ts',
  globalTeardown: './smoke/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // A smoke answers once: a failure is reported as it happened (with its trace), never retried away.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: REPORT_DIR, open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: smokeBaseUrl || undefined,
    storageState: browserState('a'),
    headless: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions,
  },
});
