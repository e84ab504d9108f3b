import { api } from '@/lib/api-client';
import { getList, type ListParams } from '@/lib/list';

export interface WallDisplayRow {
  no: number;
  hash_id: string;
  name: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  created: string;
  created_by_name: string;
  /** 'YYYY-MM-DD HH:mm:ss' or '' */
  last_seen_at: string;
  revoked_at: string;
  is_active: 0 | 1;
}

export interface CreatedWallDisplay {
  hash_id: string;
  name: string;
  /** Shown once: the server keeps only its hash. */
  token: string;
}

export interface WallDisplayValues {
  name: string;
}

/** Every create, rename and revoke publishes `changed` here; the list's queries start with it. */
export const WALL_DISPLAY_TOPIC = 'wall_displays';
export const wallDisplayKeys = { all: [WALL_DISPLAY_TOPIC] as const };

export function fetchWallDisplays(params: ListParams, signal?: AbortSignal) {
  return getList<WallDisplayRow>('wall_display/list', params, signal);
}

// The form shows what went wrong (on the field or above it), so no error popup for writes.
export async function createWallDisplay(values: WallDisplayValues) {
  const response = await api.post<CreatedWallDisplay>('wall_display/', values, { errorPopup: false });
  return { display: response.data, message: response.message };
}

export async function updateWallDisplay(row: WallDisplayRow, values: WallDisplayValues) {
  const response = await api.put<null>(`wall_display/update/${encodeURIComponent(row.hash_id)}`, values, { errorPopup: false });
  return { message: response.message };
}

export async function revokeWallDisplay(row: WallDisplayRow) {
  const response = await api.delete<null>(`wall_display/${encodeURIComponent(row.hash_id)}`);
  return { message: response.message };
}

/** The address a wall screen opens: `/wall#token=…` on this site (the fragment is never sent to a server). */
export function wallUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/wall#token=${encodeURIComponent(token)}`;
}
