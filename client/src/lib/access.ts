import type { UserAccess } from './session';

export type Flag = string;

/** all: every flag must be set; any: at least one must be set. Both may be combined. */
export interface AccessRule {
  all?: readonly Flag[];
  any?: readonly Flag[];
}

export function hasFlag(access: UserAccess, flag: Flag): boolean {
  const value = access[flag];
  return value === 1 || value === true || value === '1';
}

export function satisfies(access: UserAccess, rule: AccessRule | undefined): boolean {
  if (!rule) return true;
  if (rule.all && !rule.all.every((flag) => hasFlag(access, flag))) return false;
  if (rule.any && rule.any.length > 0 && !rule.any.some((flag) => hasFlag(access, flag))) return false;
  return true;
}

export interface CrudPermissions {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** The Tambah / Ubah / Hapus gates of a screen from `<base>_create`, `_update`, `_delete` (doc3 §3). */
export function crudPermissions(access: UserAccess, base: Flag): CrudPermissions {
  return {
    canCreate: hasFlag(access, `${base}_create`),
    canUpdate: hasFlag(access, `${base}_update`),
    canDelete: hasFlag(access, `${base}_delete`),
  };
}

/**
 * Sync (menu entry, /sync and the server's sync jobs topic, sync/jobs.py SYNC_FLAGS): doc1 §6.2
 * needs no flag, but the page holds only the HR tile (allow_employee_update) and the payroll tile
 * (allow_sync_penggajian); without either it would be a dead end, so it takes either.
 */
export const syncAccess: AccessRule = { any: ['allow_employee_update', 'allow_sync_penggajian'] };
