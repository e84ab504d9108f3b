import { defineConfig, devices } from '@playwright/test';
import { baseURL, externalBaseUrl, repoRoot, serverEnv } from './fixtures/env';

const chromium = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI only: a retried pass is reported as 'flaky' in the summary, never hidden.
  retries: process.env.CI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL,
    headless: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
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
    : {
        command: 'bash e2e/serve.sh',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        env: serverEnv,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      },
});
