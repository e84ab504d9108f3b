import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { employeeColumns } from '@/components/employee-columns';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { formatDate, formatTableDate } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { localPage } from '@/lib/local-table';
import { useSyncDetail, type PayrollSyncDetailRow } from '../api/get-syncs';

const text = t.sync;
const c = text.detailColumns;

const COLUMNS: DataTableColumn<PayrollSyncDetailRow>[] = [
  ...employeeColumns<PayrollSyncDetailRow>(c),
  { key: 'date', header: c.date, cell: (row) => formatTableDate(row.date), sortable: true },
  {
    key: 'attendance_adjustment_code',
    header: c.adjustment,
    cell: (row) =>
      row.attendance_adjustment_code ? (
        <Link
          to={paths.attendanceAdjustmentDetail.replace(':attendanceAdjustmentId', encodeURIComponent(row.attendance_adjustment_code))}
          onClick={(event) => event.stopPropagation()}
        >
          {row.attendance_adjustment_code}
        </Link>
      ) : (
        '-'
      ),
  },
];

function valueOf(row: PayrollSyncDetailRow, column: string): string | number {
  return String((row as unknown as Record<string, unknown>)[column] ?? '');
}

/** /sync/attendance/detail/{code}: the lines one payroll sync sent. */
export function SyncAttendanceDetailPage({ breadcrumb }: RoutePageProps) {
  const { attendanceSyncId = '' } = useParams();
  const detail = useSyncDetail(attendanceSyncId);
  const [state, setState] = useState(() => initialListState());
  const page = useMemo(
    () => localPage(detail.data ?? [], state, valueOf, ['employee_number_formatted', 'employee_name', 'date']),
    [detail.data, state],
  );
  const first = detail.data?.[0];

  return (
    <>
      <PageHeader title={attendanceSyncId} breadcrumb={breadcrumb} />
      {first && (
        <p className="text-muted" data-testid="sync-detail-subtitle">
          {text.detailSubtitle(first.sync_user, formatDate(first.sync_date.slice(0, 10)))}
        </p>
      )}
      <DataTable
        title={attendanceSyncId}
        columns={COLUMNS}
        rowKey={(row) => `${row.employee_number_formatted}-${row.date}`}
        {...tablePage(page, detail.isPending, state, setState)}
        emptyText={text.empty}
      />
    </>
  );
}
