import { useNavigate } from 'react-router';
import type { DataTableColumn } from '@/components/data-table';
import { MonthListPage } from '@/components/month-list-page';
import type { RoutePageProps } from '@/components/page-header';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { dayjs, formatTableDateTime, todayIn, WESTERNMOST_ZONE } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import { useMonthAdjustments, type AdjustmentBatch } from '../api/attendance';
import { adjustmentDetailPath } from '../components/recent-adjustments';

const text = adjustmentsText.attendance;
const c = text.listColumns;

const COLUMNS: DataTableColumn<AdjustmentBatch>[] = [
  { key: 'form_number', header: c.formNumber, cell: (row) => row.form_number, sortable: true },
  { key: 'created_date', header: c.created, cell: (row) => formatTableDateTime(row.created_date), sortable: true },
  { key: 'creator', header: c.creator, cell: (row) => row.creator || '-', sortable: true },
  { key: 'adjustment_total', header: c.total, cell: (row) => formatCount(row.adjustment_total), sortable: true },
  { key: 'man_power', header: c.manPower, cell: (row) => row.man_power || '-', sortable: true },
];

const SEARCH_COLUMNS = ['form_number', 'creator', 'man_power', 'created_date'];

/** /adjustment/attendance/list: the batches of a month (default the current one); a row opens its detail. */
export function AttendanceAdjustmentListPage(props: RoutePageProps) {
  const navigate = useNavigate();
  return (
    <MonthListPage
      {...props}
      tableTitle={text.listTitle}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      today={dayjs(todayIn(WESTERNMOST_ZONE))}
      useMonthRows={useMonthAdjustments}
      searchColumns={SEARCH_COLUMNS}
      onRowClick={(row) => navigate(adjustmentDetailPath(row.form_number))}
      emptyText={adjustmentsText.empty}
      monthLabel={adjustmentsText.month}
    />
  );
}
