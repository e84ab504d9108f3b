import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createdFile, stateDir, stateFile } from './env';
import type { Created } from './api';

/** The run's id and names, written by global-setup.ts and read by the specs and the teardown. */
export interface RunState {
  runId: string;
  /** 'Smoke <run id>': the name of everything the run creates (notes, descriptions, display names). */
  tag: string;
}

export const browserState = (who: 'a' | 'b') => path.join(stateDir, `browser-${who}.json`);

export function readRunState(): RunState {
  return JSON.parse(readFileSync(stateFile, 'utf8')) as RunState;
}

export function readCreated(): Created[] {
  try {
    return readFileSync(createdFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Created);
  } catch {
    return [];
  }
}
