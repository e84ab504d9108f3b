import { createHandoff, type LoadedRows } from '@/lib/handoff';
import type { AdjustmentRow, SelectionParams } from '../api/attendance';

/** The rows handed from /adjustment/attendance to /adjustment/attendance/edit (doc2 §2.5). */
const loaded = createHandoff<LoadedRows<SelectionParams, AdjustmentRow>>();

export const { set: setLoadedRows, get: getLoadedRows } = loaded;
