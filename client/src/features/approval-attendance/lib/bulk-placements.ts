import type { AttendanceQueueRow, PlacementChoice } from '@/components/attendance-log/types';
import type { ApproveManyChoices } from '../api/decide-many';

/** A row the approver must place: outside its placement's radius. */
export function isOutOfRadius(row: Pick<AttendanceQueueRow, 'location'>): boolean {
  return Number(row.location) !== 1;
}

export function outOfRadiusRows<Row extends Pick<AttendanceQueueRow, 'location'>>(rows: Row[]): Row[] {
  return rows.filter(isOutOfRadius);
}

/** The placement an out-of-radius row is approved at unless the approver changes it: the suggested (nearest) one. */
export function defaultPlacements(rows: AttendanceQueueRow[]): Record<string, string> {
  return Object.fromEntries(
    outOfRadiusRows(rows).map((row) => [row.hash_id, row.suggested_man_power?.hash_id ?? ''] as const),
  );
}

/** The placement a row will be approved at: its own choice, else the one for all, else its suggested one ('' = none). */
export function effectivePlacement(row: AttendanceQueueRow, choices: ApproveManyChoices): string {
  return choices.perRow[row.hash_id] || choices.all || row.suggested_man_power?.hash_id || '';
}

/** The choices of one row's select: nearest first, each placement once. */
export function placementOptions(...lists: Array<ReadonlyArray<PlacementChoice> | null | undefined>): PlacementChoice[] {
  const byId = new Map<string, PlacementChoice>();
  for (const list of lists) {
    for (const option of list ?? []) if (!byId.has(option.hash_id)) byId.set(option.hash_id, option);
  }
  return [...byId.values()].sort((left, right) => left.distance_m - right.distance_m);
}

/** The choices of 'for all': every placement suggested for one of the rows, by name. */
export function placementsForAll(rows: AttendanceQueueRow[]): Array<{ hash_id: string; name: string }> {
  const byId = new Map<string, string>();
  for (const row of outOfRadiusRows(rows)) {
    const suggested = row.suggested_man_power;
    if (suggested && !byId.has(suggested.hash_id)) byId.set(suggested.hash_id, suggested.name);
  }
  return [...byId.entries()]
    .map(([hash_id, name]) => ({ hash_id, name }))
    .sort((left, right) => left.name.localeCompare(right.name, 'id'));
}

/** Per-row choices the approver made that differ from the default (what the request needs to carry). */
export function changedChoices(rows: AttendanceQueueRow[], choices: ApproveManyChoices): ApproveManyChoices {
  const perRow: Record<string, string> = {};
  for (const row of outOfRadiusRows(rows)) {
    const chosen = choices.perRow[row.hash_id];
    if (chosen && chosen !== (choices.all || row.suggested_man_power?.hash_id || '')) perRow[row.hash_id] = chosen;
  }
  return { perRow, all: choices.all };
}
