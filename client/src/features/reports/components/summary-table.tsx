import { reportsText } from '@/i18n/reports.id';
import { formatNumber } from '@/lib/format';
import type { SummaryRow } from '../api/get-report';
import { hhmm } from '../api/report-request';

const text = reportsText.columns;
const doc = reportsText.document;

type NumericKey = Exclude<keyof SummaryRow, 'employee_number_formatted' | 'employee_name'>;

/** doc3 §3 "Summary row": durations as HH:MM, the rest as counts. */
export const SUMMARY_COLUMNS: { key: NumericKey; header: string; duration?: boolean }[] = [
  { key: 'hari_kerja', header: text.hariKerja },
  { key: 'kehadiran', header: text.kehadiran },
  { key: 'mangkir', header: text.mangkir },
  { key: 'total_late_in_minutes', header: text.late, duration: true },
  { key: 'total_early_out_minutes', header: text.earlyOut, duration: true },
  { key: 'lembur_hari_kerja_in_minutes', header: text.lemburWorkday, duration: true },
  { key: 'lembur_hari_libur_in_minutes', header: text.lemburHoliday, duration: true },
  { key: 'total_sakit', header: text.sakit },
  { key: 'total_cuti', header: text.cuti },
  { key: 'total_cuti_tidak_berbayar', header: text.ctb },
  { key: 'total_lupa_absen_pulang', header: text.lap },
  { key: 'total_lupa_absen_datang', header: text.lad },
];

/** The column sums of every row (the document's last line). */
export function summaryTotals(rows: readonly SummaryRow[]): Record<NumericKey, number> {
  const totals = Object.fromEntries(SUMMARY_COLUMNS.map((column) => [column.key, 0])) as Record<NumericKey, number>;
  for (const row of rows) for (const column of SUMMARY_COLUMNS) totals[column.key] += row[column.key];
  return totals;
}

const show = (value: number, duration?: boolean) => (duration ? hhmm(value) : formatNumber(value));

/** The numeric columns among `keys` (the answer's `columns`: a category shows only its own), in order. */
export function summaryColumnsOf(keys: readonly string[] | undefined) {
  return keys ? SUMMARY_COLUMNS.filter((column) => keys.includes(column.key)) : SUMMARY_COLUMNS;
}

export function SummaryTable({
  pages,
  offsets,
  totals,
  label,
  columns = SUMMARY_COLUMNS,
}: {
  /** The numeric columns shown (all by default). */
  columns?: typeof SUMMARY_COLUMNS;
  /** Row groups: one tbody each (a printed page apiece with page breaks on). */
  pages: SummaryRow[][];
  /** The row number before each group. */
  offsets: number[];
  totals: Record<NumericKey, number> | null;
  label: string;
}) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      <table className="table table-bordered table-sm align-middle report-table mb-0" aria-label={label}>
        <thead className="table-light">
          <tr>
            <th scope="col" className="text-end">
              {doc.no}
            </th>
            <th scope="col">{doc.employeeNumber}</th>
            <th scope="col">{doc.employeeName}</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="text-end">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {pages.map((rows, group) => (
          <tbody key={group} className="report-print-page">
            {rows.map((row, index) => (
              <tr key={row.employee_number_formatted}>
                <td className="text-end">{offsets[group] + index + 1}</td>
                <td className="report-nowrap">{row.employee_number_formatted}</td>
                <td>{row.employee_name}</td>
                {columns.map((column) => (
                  <td key={column.key} className="text-end">
                    {show(row[column.key], column.duration)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
        {totals ? (
          <tfoot>
            <tr className="fw-semibold table-light">
              <th scope="row" colSpan={3}>
                {doc.grandTotal}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="text-end">
                  {show(totals[column.key], column.duration)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
