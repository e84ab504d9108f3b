import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { manualUploadText as text } from '@/i18n/manual-upload';
import { formatTableDate } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import { initialListState } from '@/lib/list';
import { useUploadDetail, type ManualUploadLine } from '../api/uploads';
import { UPLOAD_COLUMNS } from '../components/upload-columns';

const d = text.detail;

const LINE_COLUMNS: DataTableColumn<ManualUploadLine>[] = [
  { key: 'employee_number_formatted', header: d.employeeNumber, cell: (row) => row.employee_number_formatted, sortable: true, searchable: true },
  { key: 'employee_name', header: d.name, cell: (row) => row.employee_name, sortable: true, searchable: true },
  { key: 'date', header: d.date, cell: (row) => formatTableDate(row.date), sortable: true },
  { key: 'check_in', header: d.checkIn, cell: (row) => (row.code === 'sakit' ? 'Sakit' : row.check_in || '-'), sortable: true },
  { key: 'check_out', header: d.checkOut, cell: (row) => (row.code === 'sakit' ? 'Sakit' : row.check_out || '-'), sortable: true },
  { key: 'lembur_aktual', header: d.overtime, cell: (row) => (row.lembur_aktual === null ? '-' : formatNumber(row.lembur_aktual)), sortable: true },
];

/** /adjustment/attendance/manual-upload/detail/{form number}: the upload's row and its attendance lines. */
export function ManualUploadDetailPage({ breadcrumb }: RoutePageProps) {
  const { manualAdjustmentId = '' } = useParams();
  const [state, setState] = useState(() => initialListState());
  const detail = useUploadDetail(manualAdjustmentId, state);
  const parent = detail.data?.parent;

  return (
    <>
      <PageHeader title={d.title} breadcrumb={breadcrumb} />
      <div className="card border-0 shadow-sm mb-3">
        <div className="card-body">
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
            <div className="table-responsive">
              <table className="table table-sm mb-0" aria-label={d.title}>
                <thead>
                  <tr>
                    {UPLOAD_COLUMNS.map((column) => (
                      <th key={column.key} scope="col">
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    {UPLOAD_COLUMNS.map((column) => (
                      <td key={column.key}>{parent ? column.cell(parent) : <Skeleton lines={1} />}</td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
      {!detail.isError && (
        <div className="card border-0 shadow-sm">
          <div className="card-body">
            <DataTable
              title={d.lines}
              columns={LINE_COLUMNS}
              rows={detail.data?.lines}
              rowKey={(row) => String(row.id)}
              total={detail.data?.total ?? 0}
              loading={detail.isPending}
              state={state}
              onStateChange={setState}
              emptyText={text.empty}
            />
          </div>
        </div>
      )}
    </>
  );
}
