import { createHandoff } from '@/lib/handoff';
import type { AdjustmentRow, SelectionParams } from '../api/attendance';

/** The rows handed from /adjustment/attendance to /adjustment/attendance/edit (doc2 §2.5). */
export interface LoadedRows {
  params: SelectionParams;
  rows: AdjustmentRow[];
}

const loaded = createHandoff<LoadedRows>();

export const setLoadedRows = loaded.set;

export const getLoadedRows = loaded.get;
