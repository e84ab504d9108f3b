import { useNavigate } from 'react-router';
import type { DataTableColumn } from '@/components/data-table';
import { MonthListPage } from '@/components/month-list-page';
import type { RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { dayjs, formatTableDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import { useMonthSyncs, type PayrollSyncRow } from '../api/get-syncs';
import { syncDetailPath } from '../components/sync-history';
import { useLatestPush } from '../components/use-push-finished';

const text = t.sync;
const c = text.listColumns;

const COLUMNS: DataTableColumn<PayrollSyncRow>[] = [
  { key: 'sync_code', header: c.id, cell: (row) => row.sync_code, sortable: true },
  { key: 'sync_date', header: c.created, cell: (row) => formatTableDateTime(row.sync_date), sortable: true },
  { key: 'sync_user', header: c.creator, cell: (row) => row.sync_user, sortable: true },
  { key: 'jumlah_data', header: c.total, cell: (row) => formatCount(row.jumlah_data), sortable: true },
];

const SEARCH_COLUMNS = ['sync_code', 'sync_user', 'sync_date'];

/** /sync/attendance/list: payroll syncs of a month (default the current one); a row opens its detail. */
export function SyncAttendanceListPage(props: RoutePageProps) {
  const navigate = useNavigate();
  useLatestPush();
  return (
    <MonthListPage
      {...props}
      tableTitle={text.listTitle}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      today={dayjs()}
      useMonthRows={useMonthSyncs}
      searchColumns={SEARCH_COLUMNS}
      onRowClick={(row) => navigate(syncDetailPath(row.sync_code))}
      emptyText={text.empty}
      monthLabel={text.month}
    />
  );
}
