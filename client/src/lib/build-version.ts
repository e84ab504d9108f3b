import { useEffect, useSyncExternalStore } from 'react';
import { listenerSet } from './listeners';

/**
 * Version skew during a deploy (DESIGN §19). `npm run build` compiles a build id into the client and
 * writes it to `dist/build.json`; the server answers the id of the dist it serves in every realtime
 * `subscribed` frame (and in `/api/web/v1/config`). A tab whose own id differs runs an older build:
 * it reloads at a safe moment.
 *
 * - A display (the wall: a socket with its own ticket) reloads at once: nobody types on it.
 * - A back-office tab reloads at once when no form holds unsaved input; otherwise it shows a quiet
 *   banner (the app shell's `UpdateBanner`) and reloads as soon as the last form with unsaved input
 *   is saved or closed, or when the user presses "Muat ulang".
 *
 * Forms say they hold unsaved input with `useUnsavedInput(isDirty)` (`components/form` does it for
 * every react-hook-form form). A tab reloads at most once for a given server build (sessionStorage):
 * a proxy still serving the old index cannot make it loop.
 */

declare const __BUILD_ID__: string;

export const CLIENT_BUILD: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : '';
const RELOADED_KEY = 'kehadiran.reloadedForBuild';

const dirtyForms = new Set<symbol>();
let pendingBuild: string | null = null;
const listeners = listenerSet();
// Only a production build compares (the dev server's id never matches a dist's).
let enabled = import.meta.env.PROD;
let reload: () => void = () => window.location.reload();

function notify(): void {
  listeners.notify();
}

function reloadFor(build: string): boolean {
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) === build) return false;
    window.sessionStorage.setItem(RELOADED_KEY, build);
  } catch {
    // Storage refused (private mode): reload anyway.
  }
  reload();
  return true;
}

/** The server serves `build` now; `display`: the tab is a display without forms (the wall). */
export function noteServerBuild(build: string | undefined | null, { display = false } = {}): void {
  if (!enabled || !build || build === CLIENT_BUILD || build === pendingBuild) return;
  pendingBuild = build;
  if ((display || dirtyForms.size === 0) && reloadFor(build)) return;
  notify();
}

/** Reload now for the pending build (the banner's button). */
export function reloadForNewBuild(): void {
  reload();
}

/** A newer build is waiting for a safe moment (the banner shows). */
export function useNewBuildPending(): boolean {
  return useSyncExternalStore(
    listeners.subscribe,
    () => pendingBuild !== null,
    () => false,
  );
}

function releaseForm(key: symbol): void {
  if (!dirtyForms.delete(key)) return;
  if (dirtyForms.size === 0 && pendingBuild !== null) reloadFor(pendingBuild);
}

/** While `dirty`, the calling form holds unsaved input: a newer build waits for it. */
export function useUnsavedInput(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const key = Symbol('form');
    dirtyForms.add(key);
    return () => releaseForm(key);
  }, [dirty]);
}

/** Tests: compare in any mode, reload through `fake`, forget the pending build and the forms. */
export function resetBuildVersionForTests(fake: () => void): void {
  enabled = true;
  reload = fake;
  pendingBuild = null;
  dirtyForms.clear();
  listeners.clear();
  window.sessionStorage.removeItem(RELOADED_KEY);
}

if (typeof document !== 'undefined' && CLIENT_BUILD) document.documentElement.dataset.build = CLIENT_BUILD;
