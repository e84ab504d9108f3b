import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { employeeColumnSet } from '@/components/employee-columns';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { ApiError } from '@/lib/api-client';
import { formatHours, formatTableDateTime } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { fieldOf, localPage } from '@/lib/local-table';
import { useAdjustmentDetail, type AdjustmentLine } from '../api/attendance';
import { dayColumns } from '../components/line-columns';

const text = adjustmentsText.attendance;
const c = text.columns;

const employee = employeeColumnSet<AdjustmentLine>(c);

const COLUMNS: DataTableColumn<AdjustmentLine>[] = [
  employee.number,
  employee.name,
  { key: 'job_title', header: c.jobTitle, cell: (r) => r.job_title || '-', sortable: true },
  employee.manPower,
  employee.team,
  employee.group,
  ...dayColumns<AdjustmentLine>(c),
  { key: 'keterangan', header: c.keterangan, cell: (r) => r.keterangan || '-', sortable: true },
  { key: 'lembur_workday', header: c.overtime, cell: (r) => formatHours(r.lembur_workday), sortable: true },
  {
    key: 'lembur_aktual',
    header: c.actualOvertime,
    cell: (r) => (
      <>
        {formatHours(r.lembur_aktual)}
        {r.lembur_aktual_sebelum !== null && r.lembur_aktual_sebelum !== r.lembur_aktual && (
          <span className="text-muted small ms-1">
            ({text.before}: {formatHours(r.lembur_aktual_sebelum)})
          </span>
        )}
      </>
    ),
    sortable: true,
  },
  { key: 'is_valid', header: c.valid, cell: (r) => (r.is_valid ? adjustmentsText.valid : adjustmentsText.invalid), sortable: true },
  { key: 'standby', header: c.standby, cell: (r) => (r.standby ? adjustmentsText.yes : adjustmentsText.no), sortable: true },
  { key: 'is_shift_off', header: c.shiftOff, cell: (r) => (r.is_shift_off ? adjustmentsText.yes : adjustmentsText.no), sortable: true },
];

/** /adjustment/attendance/detail/{form number}: the batch's lines, read-only (doc2 §2.7). */
export function AttendanceAdjustmentDetailPage({ title, breadcrumb }: RoutePageProps) {
  const { attendanceAdjustmentId = '' } = useParams();
  const detail = useAdjustmentDetail(attendanceAdjustmentId);
  const [state, setState] = useState(() => initialListState());
  const page = useMemo(
    () => localPage(detail.data?.lines ?? [], state, fieldOf, ['employee_number_formatted', 'employee_name', 'date']),
    [detail.data, state],
  );
  const batch = detail.data?.adjustment;
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {detail.error instanceof ApiError ? (
        <Alert variant="danger" role="alert">
          {detail.error.message} <Link to={paths.attendanceAdjustmentList}>{text.listTitle}</Link>
        </Alert>
      ) : (
        <DataTable
          title={attendanceAdjustmentId}
          titleExtra={
            batch ? (
              <p className="text-muted small mb-0 w-100">
                {formatTableDateTime(batch.created_date)} · {batch.creator || '-'} · {batch.man_power || '-'} · {text.lines(batch.adjustment_total)}
              </p>
            ) : undefined
          }
          columns={COLUMNS}
          rowKey={(row) => String(row.id)}
          {...tablePage(page, detail.isPending, state, setState)}
          rowClassName={(row) => (row.is_shift_off ? 'table-warning' : undefined)}
          emptyText={adjustmentsText.empty}
        />
      )}
    </>
  );
}
