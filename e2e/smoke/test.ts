import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { BackOffice, EmployeeApp } from './api';
import { smokeBaseUrl } from './env';
import { browserState, readRunState, type RunState } from './state';

/** The smoke's options for a second browser (the config's `use` is not inherited by browser.newContext). */
const contextOptions = {
  baseURL: smokeBaseUrl,
  locale: 'id-ID',
  timezoneId: 'Asia/Jakarta',
  reducedMotion: 'reduce' as const,
};

function tokenOf(who: 'a' | 'b'): string {
  const storage = JSON.parse(readFileSync(browserState(who), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  return storage.origins[0]?.localStorage.find((entry) => entry.name === 'token')?.value ?? '';
}

/**
 * `page` is browser A (the smoke account's session A); `pageB` a second browser of its own (session
 * B) for the live checks; `backOffice` the REST API as session A; `employeeApp` the smoke employee's
 * app, signed in for the test and signed out after it; `run` the run's id and tag.
 */
export const test = base.extend<{ run: RunState; backOffice: BackOffice; employeeApp: EmployeeApp; pageB: Page }>({
  run: async ({}, use) => use(readRunState()),
  backOffice: async ({ request }, use) => use(new BackOffice(request, tokenOf('a'))),
  employeeApp: async ({ request }, use) => {
    const app = await new EmployeeApp(request).signIn();
    await use(app);
    await app.signOut();
  },
  pageB: async ({ browser }, use) => {
    const context = await browser.newContext({ ...contextOptions, storageState: browserState('b') });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect };

/** The shell's realtime indicator says connected: live changes will arrive. */
export async function expectConnected(page: Page): Promise<void> {
  await expect(new AppShell(page).connection('Terhubung')).toBeVisible({ timeout: 15_000 });
}
