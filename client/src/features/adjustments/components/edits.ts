import type { AdjustmentRow, SubmitLine } from '../api/attendance';

/** What the user set on a row: actual overtime (hours), validity and standby. */
export interface RowEdit {
  lembur_aktual: number;
  is_valid: number;
  standby: number;
}

export type Edits = Record<string, RowEdit>;

export function valuesOf(row: AdjustmentRow, edits: Edits): RowEdit {
  return edits[row.id] ?? { lembur_aktual: row.lembur_aktual, is_valid: row.is_valid, standby: row.standby };
}

export function editRow(row: AdjustmentRow, edits: Edits, change: Partial<RowEdit>): Edits {
  return { ...edits, [row.id]: { ...valuesOf(row, edits), ...change } };
}

export interface BulkValues {
  start: string;
  end: string;
  actualOvertime: number;
  status: number;
}

/**
 * doc2 §4: the bulk replace sets the actual overtime and validity of every loaded day within the range,
 * overwriting earlier edits of those rows (standby is kept).
 */
export function applyBulk(rows: AdjustmentRow[], edits: Edits, bulk: BulkValues): Edits {
  const next = { ...edits };
  for (const row of rows) {
    if (row.date < bulk.start || row.date > bulk.end) continue;
    next[row.id] = { ...valuesOf(row, edits), lembur_aktual: bulk.actualOvertime, is_valid: bulk.status };
  }
  return next;
}

/** The lines sent by 'Kirim': every row the user touched, in the table's order. */
export function linesOf(rows: AdjustmentRow[], edits: Edits): SubmitLine[] {
  return rows
    .filter((row) => edits[row.id] !== undefined)
    .map((row) => {
      const values = edits[row.id];
      return {
        employee_number_formatted: row.employee_number_formatted,
        date: row.date,
        lembur_aktual: values.lembur_aktual,
        is_valid: values.is_valid,
        standby: values.standby,
      };
    });
}
