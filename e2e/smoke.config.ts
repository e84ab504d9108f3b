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
 * The HTML report, with the trace of every failed test's retry, is left in e2e/smoke-report.
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
  // One retry, traced: recording a trace costs a third of the CPU (e2e/README.md), too much for every
  // test on a loaded machine, so it is taken on the retry of a failed test (with the first run's
  // screenshot). A pass on the retry is reported as flaky in the summary and the report, never hidden.
  retries: 1,
  // A fresh browser on a loaded machine or a remote deployment: a first screen can take 15 s and more.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { outputFolder: REPORT_DIR, open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: smokeBaseUrl || undefined,
    storageState: browserState('a'),
    headless: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions,
  },
});
