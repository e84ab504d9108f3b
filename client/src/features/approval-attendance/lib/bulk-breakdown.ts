import { RISK_FACTORS } from '@/components/attendance-log/risk';
import type { BulkPreviewRow } from '../api/decide-many';

/** One factor among the rows of a bulk approve: how many have it (distance: per placement it is approved at). */
export interface FactorCount {
  code: string;
  count: number;
  /** Distance only: the placement each out-of-radius row is approved at ('' = none), with its count. */
  placements: Array<{ hash_id: string; name: string; count: number }>;
}

/** A row the approver leaves out: it has one of the factors switched off. */
export function isLeftOut(row: Pick<BulkPreviewRow, 'factors'>, excluded: ReadonlySet<string>): boolean {
  return row.factors.some((code) => excluded.has(code));
}

/** The ids that will be approved: every row without a left-out factor, in the preview's order. */
export function idsToApprove(rows: BulkPreviewRow[], excluded: ReadonlySet<string>): string[] {
  return rows.filter((row) => !isLeftOut(row, excluded)).map((row) => row.hash_id);
}

/**
 * The breakdown by factor over all the rows (a switched-off factor still shows its count, so the
 * approver sees what is left out). `placementOf` gives the placement an out-of-radius row is approved
 * at now (the approver may have changed it); by default the preview's `approve_at`.
 */
export function factorBreakdown(
  rows: BulkPreviewRow[],
  placementOf: (row: BulkPreviewRow) => { hash_id: string; name: string } | null = (row) => row.approve_at ?? null,
): FactorCount[] {
  const counts = new Map<string, number>();
  const places = new Map<string, { hash_id: string; name: string; count: number }>();
  for (const row of rows) {
    for (const code of row.factors) counts.set(code, (counts.get(code) ?? 0) + 1);
    if (row.factors.includes('distance')) {
      const place = placementOf(row) ?? { hash_id: '', name: '' };
      const entry = places.get(place.hash_id) ?? { ...place, count: 0 };
      entry.count += 1;
      places.set(place.hash_id, entry);
    }
  }
  const known: readonly string[] = RISK_FACTORS;
  const codes = [...counts.keys()].sort((a, b) => known.indexOf(a) - known.indexOf(b));
  return codes.map((code) => ({
    code,
    count: counts.get(code) ?? 0,
    placements:
      code === 'distance'
        ? [...places.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'id'))
        : [],
  }));
}
