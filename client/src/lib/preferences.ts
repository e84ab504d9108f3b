import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from './api-client';

/**
 * The signed-in user's own screen preferences, kept on the server (`/api/web/v1/preference/<key>`)
 * so they follow the user to another browser: a screen reads its key on open and saves on change.
 * Saves are debounced (one request for a burst of changes) and never lost: a pending save is sent at
 * once when the screen unmounts or the page is hidden or left (`keepalive`, so it outlives the page).
 */

export const PREFERENCE_SAVE_DELAY_MS = 600;

export const preferenceKeys = {
  one: (key: string) => ['preference', key] as const,
};

const PATH = 'preference/{key}';

export async function getPreference(key: string, signal?: AbortSignal): Promise<unknown> {
  const response = await api.get(PATH, { path: { key }, signal, errorPopup: false });
  return response.data?.value ?? null;
}

export async function putPreference(key: string, value: Record<string, unknown>, keepalive = false): Promise<void> {
  await api.put(PATH, { value }, { path: { key }, errorPopup: false, keepalive });
}

export async function deletePreference(key: string): Promise<void> {
  await api.delete(PATH, { path: { key }, errorPopup: false });
}

export interface Preference {
  /** Read (or failed to read: then `value` is null and the screen keeps its defaults). */
  ready: boolean;
  /** The stored value (unchecked: the screen validates it), null when none. */
  value: unknown;
  /** Store `value` (debounced). */
  save: (value: Record<string, unknown>) => void;
  /** Forget the stored value (a pending save is dropped). */
  reset: () => Promise<void>;
}

export function usePreference(key: string): Preference {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferenceKeys.one(key),
    queryFn: ({ signal }) => getPreference(key, signal),
    // Read on every open: another browser may have changed it.
    staleTime: 0,
    retry: false,
  });
  const pending = useRef<Record<string, unknown> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Writes go one after the other: a reset is never overtaken by a save sent before it.
  const writes = useRef<Promise<void>>(Promise.resolve());
  const write = useCallback((send: () => Promise<void>) => {
    writes.current = writes.current.then(send).catch(() => undefined);
    return writes.current;
  }, []);

  const flush = useCallback(
    (keepalive: boolean) => {
      clearTimeout(timer.current);
      const value = pending.current;
      pending.current = null;
      if (value) void write(() => putPreference(key, value, keepalive));
    },
    [key, write],
  );

  const save = useCallback(
    (value: Record<string, unknown>) => {
      pending.current = value;
      queryClient.setQueryData(preferenceKeys.one(key), value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(false), PREFERENCE_SAVE_DELAY_MS);
    },
    [flush, key, queryClient],
  );

  const reset = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    queryClient.setQueryData(preferenceKeys.one(key), null);
    await write(() => deletePreference(key));
  }, [key, queryClient, write]);

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const leaving = () => flush(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      flush(true);
    };
  }, [flush]);

  return { ready: !query.isPending, value: query.data ?? null, save, reset };
}
