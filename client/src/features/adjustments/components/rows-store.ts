import type { AdjustmentRow, SelectionParams } from '../api/attendance';

/**
 * The rows handed from /adjustment/attendance to /adjustment/attendance/edit. In memory only: opened
 * without them (a reload, a typed URL) the edit page goes back to the filter (doc2 §2.5).
 */
export interface LoadedRows {
  params: SelectionParams;
  rows: AdjustmentRow[];
}

let current: LoadedRows | null = null;

export function setLoadedRows(loaded: LoadedRows | null): void {
  current = loaded;
}

export function getLoadedRows(): LoadedRows | null {
  return current;
}
