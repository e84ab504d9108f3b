import { existsSync } from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { undoRun } from './cleanup';
import { smokeBaseUrl, stateFile } from './env';
import { readCreated, readRunState } from './state';

/**
 * After the smoke: undo what this run created (e2e/.smoke/created.jsonl) through the API
 * (cleanup.ts). Anything it could not undo fails the run, named in e2e/.smoke/cleanup.json; the next
 * run tries it again before it starts.
 */
export default async function globalTeardown(): Promise<void> {
  if (!smokeBaseUrl || !existsSync(stateFile)) return;
  const run = readRunState();
  const request = await playwrightRequest.newContext({ baseURL: smokeBaseUrl });
  try {
    const { created, left } = await undoRun(request, run, readCreated());
    const summary = created.map((item) => item.kind).join(', ') || 'nothing';
    console.log(`smoke: cleaned up run ${run.runId} (${summary})`);
    if (left.length) throw new Error(`smoke: could not undo ${JSON.stringify(left)} (e2e/.smoke/cleanup.json)`);
  } finally {
    await request.dispose();
  }
}
