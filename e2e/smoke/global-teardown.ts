import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { BackOffice, type Created } from './api';
import { smokeAccount, smokeBaseUrl, stateDir, stateFile } from './env';
import { browserState, readCreated, readRunState } from './state';

/**
 * After the smoke, through the API and only for what this run created (e2e/.smoke/created.jsonl):
 * a check-in or izin request still waiting is rejected with the note 'Smoke <run id>: dibersihkan'
 * (neither can be deleted through the API; rejected, they leave every queue and count nothing), a
 * wall display is revoked (its row stays, listed as revoked), and the sessions it signed in are
 * signed out. Anything it could not undo fails the run, named in e2e/.smoke/cleanup.json.
 */
export default async function globalTeardown(): Promise<void> {
  if (!smokeBaseUrl || !existsSync(stateFile)) return;
  const run = readRunState();
  const created = readCreated();
  const request = await playwrightRequest.newContext({ baseURL: smokeBaseUrl });
  const left: Array<Created & { status: number }> = [];
  try {
    const signIn = await BackOffice.signIn(request, smokeAccount.email, smokeAccount.password);
    const api = new BackOffice(request, signIn.token);
    for (const item of created) {
      const status = await api.undo(item, `${run.tag}: dibersihkan`);
      // 409: decided already (the smoke's own decision in its test); a revoked display answers 200 again.
      if (status !== 200 && status !== 409) left.push({ ...item, status });
    }
    for (const who of ['a', 'b'] as const) {
      const file = browserState(who);
      if (!existsSync(file)) continue;
      const storage = JSON.parse(readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
      const token = storage.origins[0]?.localStorage.find((entry) => entry.name === 'token')?.value;
      if (token) await new BackOffice(request, token).signOut();
    }
    await api.signOut();
  } finally {
    await request.dispose();
  }
  await writeFile(path.join(stateDir, 'cleanup.json'), JSON.stringify({ run: run.runId, created, left }, null, 2));
  const summary = created.map((item) => item.kind).join(', ') || 'nothing';
  console.log(`smoke: cleaned up run ${run.runId} (${summary})`);
  if (left.length) throw new Error(`smoke: could not undo ${JSON.stringify(left)}`);
}
