import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CardPanel } from '@/components/card-panel';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
import { paths } from '@/config/paths';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import { formatHours, formatTableDate, formatTime } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { useUploadDetail, type ManualUploadLine, type ManualUploadRow } from '../api/uploads';
import { UPLOAD_COLUMNS } from '../components/upload-columns';

const d = text.detail;

const LINE_COLUMNS: DataTableColumn<ManualUploadLine>[] = [
  { key: 'employee_number_formatted', header: d.employeeNumber, cell: (row) => row.employee_number_formatted, sortable: true, searchable: true },
  { key: 'employee_name', header: d.name, cell: (row) => row.employee_name, sortable: true, searchable: true },
  { key: 'date', header: d.date, cell: (row) => formatTableDate(row.date), sortable: true },
  { key: 'check_in', header: d.checkIn, cell: (row) => (row.code === 'sakit' ? 'Sakit' : formatTime(row.check_in) || '-'), sortable: true },
  { key: 'check_out', header: d.checkOut, cell: (row) => (row.code === 'sakit' ? 'Sakit' : formatTime(row.check_out) || '-'), sortable: true },
  { key: 'lembur_aktual', header: d.overtime, cell: (row) => formatHours(row.lembur_aktual), sortable: true },
];

/** The upload's own row above its lines (a skeleton until it loads). */
const PARENT_COLUMNS: StaticTableColumn<ManualUploadRow | undefined>[] = UPLOAD_COLUMNS.map((column) => ({
  key: column.key,
  header: column.header,
  cell: (parent) => (parent ? column.cell(parent) : <Skeleton lines={1} />),
}));

/** /adjustment/attendance/manual-upload/detail/{form number}: the upload's row and its attendance lines. */
export function ManualUploadDetailPage({ breadcrumb }: RoutePageProps) {
  const { manualAdjustmentId = '' } = useParams();
  const [state, setState] = useState(() => initialListState());
  const detail = useUploadDetail(manualAdjustmentId, state);
  const parent = detail.data?.parent;

  return (
    <>
      <PageHeader title={d.title} breadcrumb={breadcrumb} />
      <CardPanel className="mb-3">
        <div className="d-flex align-items-center mb-2">
          <h2 className="h6 mb-0">{manualAdjustmentId}</h2>
          <Link className="ms-auto small" to={paths.manualUpload}>
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {d.back}
          </Link>
        </div>
        {detail.isError ? (
          <p className="text-danger mb-0">{detail.error instanceof Error ? detail.error.message : d.notFound}</p>
        ) : (
          // A phone scrolls the one-row table sideways: its scroll box is a named region the keyboard can reach.
          <div className="table-responsive" tabIndex={0} role="region" aria-label={d.title}>
            <StaticTable
              className="table table-sm mb-0"
              label={d.title}
              columns={PARENT_COLUMNS}
              rows={[parent]}
              rowKey={() => 'parent'}
              wrapperClassName={null}
            />
          </div>
        )}
      </CardPanel>
      {!detail.isError && (
        <CardPanel>
          <DataTable
            title={d.lines}
            columns={LINE_COLUMNS}
            rowKey={(row) => String(row.id)}
            {...tablePage(detail.data && { rows: detail.data.lines, total: detail.data.total }, detail.isPending, state, setState)}
            emptyText={text.empty}
          />
        </CardPanel>
      )}
    </>
  );
}
