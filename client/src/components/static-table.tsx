import type { ReactNode } from 'react';

export interface StaticTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Class of the column's cells (not its header). */
  className?: string;
  /** The cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
}

export interface StaticTableProps<Row> {
  columns: StaticTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** The table's classes, e.g. 'table table-sm mb-0'. */
  className: string;
  headClassName?: string;
  /** The table's accessible name. */
  label?: string;
  /** A full-width row shown when there are no rows. */
  emptyText?: ReactNode;
  /** The scroll box around the table; null for none. */
  wrapperClassName?: string | null;
}

/**
 * A small table of rows already at hand (a detail's ledger, a dialog's list): no paging, sorting or
 * search (those are DataTable's, for server lists). Headers are `<th scope="col">`.
 */
export function StaticTable<Row>({
  columns,
  rows,
  rowKey,
  className,
  headClassName,
  label,
  emptyText,
  wrapperClassName = 'table-responsive',
}: StaticTableProps<Row>) {
  const table = (
    <table className={className} aria-label={label}>
      <thead className={headClassName}>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && emptyText !== undefined ? (
          <tr>
            <td colSpan={columns.length} className="text-center text-muted">
              {emptyText}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
  if (wrapperClassName === null) return table;
  // The wrapper scrolls a wide table sideways on a phone: a keyboard can focus and scroll it (axe:
  // scrollable-region-focusable), named as its table (a group, not a landmark beside the section's).
  return (
    <div className={wrapperClassName} tabIndex={0} role="group" aria-label={label}>
      {table}
    </div>
  );
}
