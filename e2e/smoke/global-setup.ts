import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request as playwrightRequest } from '@playwright/test';
import { BackOffice, EmployeeApp } from './api';
import { leftByEarlierRun, undoRun } from './cleanup';
import { smokeAccount, smokeBaseUrl, smokeEmployee, stateDir, stateFile } from './env';
import { browserState, readCreated, readRunState, type RunState } from './state';

/**
 * Before the smoke: the deployment answers, a run id names everything the run creates, the two
 * browsers (A and B) get sessions of the smoke account (what the login form leaves in localStorage
 * with remember-me), and the smoke employee's app can sign in. Fails at once, with the reason, when
 * any of it does not hold. First it undoes what an earlier run could not (cleanup.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (!smokeBaseUrl) throw new Error('The smoke runs against a deployment: set E2E_BASE_URL (make e2e-smoke E2E_BASE_URL=https://...)');
  const request = await playwrightRequest.newContext({ baseURL: smokeBaseUrl });
  try {
    const health = await request.get('/api/health');
    if (!health.ok()) throw new Error(`${smokeBaseUrl}/api/health answered ${health.status()}: ${await health.text()}`);

    // An earlier run whose teardown never finished (interrupted, or the deployment was down): undo its
    // leftovers first, while its state still names them.
    if (existsSync(stateFile)) {
      const earlier = leftByEarlierRun(readCreated());
      if (earlier.length) {
        const { left } = await undoRun(request, readRunState(), earlier);
        console.log(`smoke: undid ${earlier.length - left.length} of ${earlier.length} things an earlier run left`);
        if (left.length) throw new Error(`smoke: an earlier run left ${JSON.stringify(left)} that cannot be undone`);
      }
    }
    await rm(stateDir, { recursive: true, force: true });
    await mkdir(stateDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const runId = `${stamp}-${randomBytes(2).toString('hex')}`;
    const state: RunState = { runId, tag: `Smoke ${runId}` };
    await writeFile(stateFile, JSON.stringify(state, null, 2));

    const origin = new URL(smokeBaseUrl).origin;
    for (const who of ['a', 'b'] as const) {
      const signIn = await BackOffice.signIn(request, smokeAccount.email, smokeAccount.password, true);
      const localStorage = {
        token: signIn.token,
        userProfile: JSON.stringify(signIn.profile ?? {}),
        userAccess: JSON.stringify(signIn.user_access ?? {}),
        userEmail: smokeAccount.email,
        permanentData: 'true',
      };
      const storage = {
        cookies: [],
        origins: [{ origin, localStorage: Object.entries(localStorage).map(([name, value]) => ({ name, value })) }],
      };
      await writeFile(browserState(who), JSON.stringify(storage, null, 2));
    }

    const app = await new EmployeeApp(request).signIn();
    await app.signOut();
    console.log(`smoke: run ${runId} on ${smokeBaseUrl} as ${smokeAccount.email}, employee ${smokeEmployee.number}`);
  } finally {
    await request.dispose();
  }
}
