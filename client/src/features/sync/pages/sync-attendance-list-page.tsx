import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { dayjs } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { useMonthSyncs, type PayrollSyncRow } from '../api/get-syncs';
import { localPage } from '../components/local-table';
import { syncDetailPath } from '../components/sync-history';
import { useLatestPush } from '../components/use-push-finished';

const text = t.sync;
const c = text.listColumns;

const COLUMNS: DataTableColumn<PayrollSyncRow>[] = [
  { key: 'sync_code', header: c.id, cell: (row) => row.sync_code, sortable: true },
  { key: 'sync_date', header: c.created, cell: (row) => row.sync_date, sortable: true },
  { key: 'sync_user', header: c.creator, cell: (row) => row.sync_user, sortable: true },
  { key: 'jumlah_data', header: c.total, cell: (row) => row.jumlah_data.toLocaleString('id-ID'), sortable: true },
];

function valueOf(row: PayrollSyncRow, column: string): string | number {
  return (row as unknown as Record<string, string | number>)[column] ?? '';
}

/** /sync/attendance/list: payroll syncs of a month (default the current one); a row opens its detail. */
export function SyncAttendanceListPage({ title, breadcrumb }: RoutePageProps) {
  const navigate = useNavigate();
  const monthId = useId();
  const now = dayjs();
  const [month, setMonth] = useState(now.month() + 1);
  const year = now.year();
  const syncs = useMonthSyncs(year, month);
  const [state, setState] = useState(() => initialListState());
  useLatestPush();
  const page = useMemo(
    () => localPage(syncs.data ?? [], state, valueOf, ['sync_code', 'sync_user', 'sync_date']),
    [syncs.data, state],
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
        loading={syncs.isPending}
        state={state}
        onStateChange={setState}
        onRowClick={(row) => navigate(syncDetailPath(row.sync_code))}
        emptyText={text.empty}
        toolbar={
          <div className="d-flex align-items-center gap-2">
            <Form.Label htmlFor={monthId} className="mb-0 small">
              {text.month}
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
              {text.months.map((name, index) => (
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
