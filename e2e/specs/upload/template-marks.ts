import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { python, repoRoot } from '../../fixtures/env';

const run = promisify(execFile);

/** One row of an upload template as openpyxl reads it: its marks and which of its cells can be edited. */
export interface TemplateRow {
  employee: string;
  /** Y-m-d (the cell is a date cell). */
  date: string;
  /** Column H ('Status'): what the app already holds on the day, or null. */
  status: string | null;
  /** The fill of the row's cells (ARGB), null when unfilled. */
  fill: string | null;
  /** The note on the date cell. */
  note: string | null;
  /** Per column A-H: can it be edited once the sheet is protected (unlocked)? */
  editable: boolean[];
}

export interface TemplateMarks {
  header: (string | null)[];
  /** Sheet protection on (what makes locked cells read-only in Excel and LibreOffice). */
  protected: boolean;
  rows: TemplateRow[];
}

const READ_MARKS = `
import datetime, json, sys
import openpyxl
sheet = openpyxl.load_workbook(sys.argv[1])["Sheet"]
rows = []
for row in sheet.iter_rows(min_row=2):
    day = row[2].value
    rows.append({
        "employee": row[0].value,
        "date": day.date().isoformat() if isinstance(day, datetime.datetime) else str(day),
        "status": row[7].value,
        "fill": row[3].fill.fgColor.rgb if row[3].fill.fill_type == "solid" else None,
        "note": row[2].comment.text if row[2].comment else None,
        "editable": [not cell.protection.locked for cell in row[:8]],
    })
header = [cell.value for cell in sheet[1]]
print(json.dumps({"header": header, "protected": bool(sheet.protection.sheet), "rows": rows}))
`;

/** Reads a downloaded upload template with openpyxl (the project's venv): marks, notes, protection. */
export async function readTemplateMarks(file: string): Promise<TemplateMarks> {
  const { stdout } = await run(python, ['-c', READ_MARKS, file], { cwd: repoRoot, timeout: 30_000 });
  return JSON.parse(stdout) as TemplateMarks;
}
