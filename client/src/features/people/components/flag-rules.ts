/**
 * The rules of the 'Hak Akses' matrix and the 'Hak Khusus' section (doc3 §4):
 * - a level's child flag (_create/_update/_delete) can be ticked only in edit (or add) mode and while
 *   its list flag is on; turning the list flag off clears its children;
 * - a login's approve/reject right clears its four man power sub-flags when turned off.
 * The server applies the same rules (server/people/selectors.py), these keep the form honest.
 */

export type FlagValues = Record<string, boolean>;

export interface ParentFlag {
  flag: string;
  children: readonly { flag: string }[];
}

/** The values after ticking or unticking a list flag: unticking clears its children. */
export function toggleParent(values: FlagValues, parent: ParentFlag, checked: boolean): FlagValues {
  const next = { ...values, [parent.flag]: checked };
  if (!checked) for (const child of parent.children) next[child.flag] = false;
  return next;
}

export function childDisabled(editable: boolean, parentChecked: boolean): boolean {
  return !editable || !parentChecked;
}

export const MAN_POWER_TYPES = ['office', 'pool', 'site', 'tug_boat'] as const;
export const APPROVE = 'allow_approved_attendance';
export const REJECT = 'allow_rejected_attendance';
export const PLAIN_RIGHTS = [
  'allow_reset_attendance',
  'allow_delete_attendance',
  'allow_disabled_attendance',
  'allow_reject_valid_attendance',
  'allow_force_approval_permission',
] as const;

export function subFlags(base: string): string[] {
  return MAN_POWER_TYPES.map((type) => `${base}_${type}`);
}

/** Every special right of a login, in the order of the catalogue (server/core/flags.py). */
export const SPECIAL_RIGHTS: readonly string[] = [APPROVE, ...subFlags(APPROVE), REJECT, ...subFlags(REJECT), ...PLAIN_RIGHTS];

/** The values after ticking or unticking an approve/reject right: unticking clears its sub-flags. */
export function toggleRight(values: FlagValues, base: string, checked: boolean): FlagValues {
  return toggleParent(values, { flag: base, children: subFlags(base).map((flag) => ({ flag })) }, checked);
}

/** 0/1 flags (the API) to booleans (the form), every flag of `names` present. */
export function toChecks(flags: Record<string, unknown> | undefined, names: readonly string[]): FlagValues {
  return Object.fromEntries(names.map((name) => [name, flags?.[name] === 1 || flags?.[name] === true]));
}

/** Booleans (the form) to 0/1 flags (the API). */
export function toFlags(values: FlagValues): Record<string, 0 | 1> {
  return Object.fromEntries(Object.entries(values).map(([name, on]) => [name, on ? 1 : 0]));
}
