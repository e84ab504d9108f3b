import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `make screenshots`: the pictures of client/README.md "Design system", taken from the real screens
 * on the seeded demo server (the same server the e2e suite starts) into client/docs/screenshots/.
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  retries: 0,
  workers: 1,
  reporter: [['list']],
  projects: [
    {
      name: 'screenshots',
      testMatch: /\.shots\.ts$/,
      use: { ...base.projects?.[1]?.use },
    },
  ],
});
