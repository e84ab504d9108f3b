import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { dayjs, todayIn, WESTERNMOST_ZONE } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { useMonthAdjustments, type AdjustmentBatch } from '../api/attendance';
import { fieldOf, localPage } from '../components/local-table';
import { adjustmentDetailPath } from '../components/recent-adjustments';

const text = adjustmentsText.attendance;
const c = text.listColumns;

const COLUMNS: DataTableColumn<AdjustmentBatch>[] = [
  { key: 'form_number', header: c.formNumber, cell: (row) => row.form_number, sortable: true },
  { key: 'created_date', header: c.created, cell: (row) => row.created_date, sortable: true },
  { key: 'creator', header: c.creator, cell: (row) => row.creator || '-', sortable: true },
  { key: 'adjustment_total', header: c.total, cell: (row) => row.adjustment_total.toLocaleString('id-ID'), sortable: true },
  { key: 'man_power', header: c.manPower, cell: (row) => row.man_power || '-', sortable: true },
];

/** /adjustment/attendance/list: the batches of a month (default the current one); a row opens its detail. */
export function AttendanceAdjustmentListPage({ title, breadcrumb }: RoutePageProps) {
  const navigate = useNavigate();
  const monthId = useId();
  const now = dayjs(todayIn(WESTERNMOST_ZONE));
  const [month, setMonth] = useState(now.month() + 1);
  const year = now.year();
  const batches = useMonthAdjustments(year, month);
  const [state, setState] = useState(() => initialListState());
  const page = useMemo(
    () => localPage(batches.data ?? [], state, fieldOf, ['form_number', 'creator', 'man_power', 'created_date']),
    [batches.data, state],
  );
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <DataTable
        title={text.listTitle}
        columns={COLUMNS}
        rows={page.rows}
        rowKey={(row) => row.id}
        total={page.total}
        loading={batches.isPending}
        state={state}
        onStateChange={setState}
        onRowClick={(row) => navigate(adjustmentDetailPath(row.form_number))}
        emptyText={adjustmentsText.empty}
        toolbar={
          <div className="d-flex align-items-center gap-2">
            <Form.Label htmlFor={monthId} className="mb-0 small">
              {adjustmentsText.month}
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
              {adjustmentsText.months.map((name, index) => (
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
