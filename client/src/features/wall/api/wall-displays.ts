import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, type ListParams } from '@/lib/list';

/** `created` 'YYYY-MM-DD HH:mm:ss'; `last_seen_at` the same or ''. */
export type WallDisplayRow = Schema<'WallDisplayListRow'>;

/** The new display with its token, shown once: the server keeps only its hash. */
export type CreatedWallDisplay = Schema<'WallDisplayCreateOutput'>;

export type WallDisplayValues = Schema<'WallDisplayCreateInputRequest'>;

/** Every create, rename and revoke publishes `changed` here; the list's queries start with it. */
export const WALL_DISPLAY_TOPIC = 'wall_displays';
export const wallDisplayKeys = { all: [WALL_DISPLAY_TOPIC] as const };

export function fetchWallDisplays(params: ListParams, signal?: AbortSignal) {
  return getList('wall_display/list', params, signal);
}

// The form shows what went wrong (on the field or above it), so no error popup for writes.
export async function createWallDisplay(values: WallDisplayValues) {
  const response = await api.post('wall_display/', values, { errorPopup: false });
  return { display: response.data, message: response.message };
}

export async function updateWallDisplay(row: WallDisplayRow, values: WallDisplayValues) {
  const response = await api.put('wall_display/update/{hash_id}', values, { path: { hash_id: row.hash_id }, errorPopup: false });
  return { message: response.message };
}

export async function revokeWallDisplay(row: WallDisplayRow) {
  const response = await api.delete('wall_display/{hash_id}', { path: { hash_id: row.hash_id } });
  return { message: response.message };
}

/** The address a wall screen opens: `/wall#token=…` on this site (the fragment is never sent to a server). */
export function wallUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/wall#token=${encodeURIComponent(token)}`;
}
