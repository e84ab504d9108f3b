import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { BackOffice, type Created } from './api';
import { smokeAccount, stateDir } from './env';
import { browserState, type RunState } from './state';

export const cleanupFile = path.join(stateDir, 'cleanup.json');

export interface Cleanup {
  run: string;
  created: Created[];
  /** What could not be undone (with the status the API answered). */
  left: Array<Created & { status: number }>;
}

/**
 * Undo what a run created, through the API and only that: a check-in or izin request still waiting
 * is rejected with the note '<tag>: dibersihkan' (neither can be deleted through the API; rejected,
 * they leave every queue and count nothing), a wall display is revoked (its row stays, listed as
 * revoked), and the browsers' sessions are signed out. Written to e2e/.smoke/cleanup.json.
 */
export async function undoRun(request: APIRequestContext, run: RunState, created: Created[]): Promise<Cleanup> {
  const left: Cleanup['left'] = [];
  const signIn = await BackOffice.signIn(request, smokeAccount.email, smokeAccount.password);
  const api = new BackOffice(request, signIn.token);
  try {
    for (const item of created) {
      const status = await api.undo(item, `${run.tag}: dibersihkan`);
      // 409: decided already (the smoke's own decision in its test).
      if (status !== 200 && status !== 409) left.push({ ...item, status });
    }
    for (const who of ['a', 'b'] as const) {
      const file = browserState(who);
      if (!existsSync(file)) continue;
      const storage = JSON.parse(readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
      const token = storage.origins[0]?.localStorage.find((entry) => entry.name === 'token')?.value;
      if (token) await new BackOffice(request, token).signOut();
    }
  } finally {
    await api.signOut();
  }
  const cleanup: Cleanup = { run: run.runId, created, left };
  await writeFile(cleanupFile, JSON.stringify(cleanup, null, 2));
  return cleanup;
}

/** What an earlier run left behind: everything it created when its teardown never finished, else what it could not undo. */
export function leftByEarlierRun(created: Created[]): Created[] {
  if (!existsSync(cleanupFile)) return created;
  return (JSON.parse(readFileSync(cleanupFile, 'utf8')) as Cleanup).left;
}
