import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { Dayjs } from 'dayjs';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { MONTHS } from '@/i18n/months.id';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { fieldOf, localPage } from '@/lib/local-table';

export interface MonthListPageProps<Row> extends RoutePageProps {
  /** The table's title (h2). */
  tableTitle: string;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Today: its month is chosen first and its year is the one listed. */
  today: Dayjs;
  /** The query of one month's rows (a TanStack Query hook of the feature). */
  useMonthRows: (year: number, month: number) => { data?: Row[]; isPending: boolean };
  /** The columns the table's global search looks in. */
  searchColumns: string[];
  /** A cell's value for search and sort (default: the row's field of that name). */
  value?: (row: Row, column: string) => string | number;
  onRowClick: (row: Row) => void;
  emptyText: string;
  /** The month picker's label ('Bulan'). */
  monthLabel: string;
}

/**
 * A list of one month's records of the current year, loaded whole and sorted, searched and paged in
 * the browser (`@/lib/local-table`), with the month picker in the table's toolbar: the adjustment and
 * payroll sync lists (doc2 §2.4, §2.12).
 */
export function MonthListPage<Row>({
  title,
  breadcrumb,
  tableTitle,
  columns,
  rowKey,
  today,
  useMonthRows,
  searchColumns,
  value = fieldOf,
  onRowClick,
  emptyText,
  monthLabel,
}: MonthListPageProps<Row>) {
  const monthId = useId();
  const [month, setMonth] = useState(today.month() + 1);
  const year = today.year();
  const rows = useMonthRows(year, month);
  const [state, setState] = useState(() => initialListState());
  const page = useMemo(() => localPage(rows.data ?? [], state, value, searchColumns), [rows.data, state, value, searchColumns]);
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <DataTable
        title={tableTitle}
        columns={columns}
        rowKey={rowKey}
        {...tablePage(page, rows.isPending, state, setState)}
        onRowClick={onRowClick}
        emptyText={emptyText}
        toolbar={
          <div className="d-flex align-items-center gap-2">
            <Form.Label htmlFor={monthId} className="mb-0 small">
              {monthLabel}
            </Form.Label>
            <Form.Select
              id={monthId}
              size="sm"
              value={month}
              onChange={(event) => {
                setMonth(Number(event.target.value));
                setState((previous) => ({ ...previous, page: 1 }));
              }}
            >
              {MONTHS.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </Form.Select>
          </div>
        }
      />
    </>
  );
}
