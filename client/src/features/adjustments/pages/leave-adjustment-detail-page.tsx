import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AuthFileLink } from '@/components/auth-image';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { ApiError } from '@/lib/api-client';
import { initialListState } from '@/lib/list';
import { showError } from '@/lib/notifications';
import { downloadLeaveReport, leaveDetailQuery, netBalanceBefore, useLeaveList, type LeaveAdjustment } from '../api/leave';
import { formatLeaveBalance } from '@/lib/format';

const text = adjustmentsText.leave;
const c = text.columns;
/** doc2 §8, §9: after a 404 the page goes to /leave-adjustment in 3 seconds. */
export const NOT_FOUND_REDIRECT_MS = 3_000;

const COLUMNS: DataTableColumn<LeaveAdjustment>[] = [
  { key: 'employee_number_formatted', header: c.employeeNumber, cell: (r) => r.employee_number_formatted, sortable: true, searchable: true },
  { key: 'employee_name', header: c.name, cell: (r) => r.employee_name, sortable: true, searchable: true },
  { key: 'current_cuti_saldo', header: c.currentBalance, cell: (r) => formatLeaveBalance(netBalanceBefore(r)), sortable: true },
  { key: 'new_cuti_saldo', header: c.newBalance, cell: (r) => formatLeaveBalance(r.new_cuti_saldo), sortable: true },
  { key: 'description', header: c.description, cell: (r) => r.description, sortable: true },
  {
    key: 'attachment_url',
    header: c.file,
    cell: (r) => (r.attachment_url ? <AuthFileLink href={r.attachment_url}>{text.openFile}</AuthFileLink> : '-'),
  },
];

/** /adjustment/leave/{code}: the adjustment's rows, titled with its code (doc2 §2.3). */
export function LeaveAdjustmentDetailPage({ title, breadcrumb }: RoutePageProps) {
  const { leaveAdjustmentId = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState(() => initialListState());
  const [exporting, setExporting] = useState(false);
  const detail = useQuery({ ...leaveDetailQuery(leaveAdjustmentId), retry: false });
  const code = detail.data?.code ?? leaveAdjustmentId;
  const list = useLeaveList(state, { formNumber: code });
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;

  // A new parameter is a new adjustment: the table starts over (doc2 §2.3 "reloads when the route parameter changes").
  useEffect(() => setState(initialListState()), [leaveAdjustmentId]);

  useEffect(() => {
    if (!notFound) return undefined;
    const timer = setTimeout(() => navigate(paths.leaveAdjustmentLegacy, { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [notFound, navigate]);

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {notFound ? (
        <Alert variant="danger" role="alert">
          <div>{(detail.error as ApiError).message}</div>
          <div className="small">{text.redirecting}</div>
        </Alert>
      ) : (
        <DataTable
          title={text.detailTitle(code)}
          columns={COLUMNS}
          rows={detail.isPending ? undefined : list.data?.rows}
          rowKey={(row) => row.hash_id}
          total={list.data?.total ?? 0}
          loading={detail.isPending || list.isPending}
          state={state}
          onStateChange={setState}
          emptyText={adjustmentsText.empty}
          toolbar={
            <Button
              size="sm"
              variant="success"
              disabled={exporting || !detail.data}
              onClick={() => {
                setExporting(true);
                downloadLeaveReport({ id: code }, code)
                  .catch((error: unknown) => {
                    if (error instanceof ApiError && error.status !== 401) showError(error.message);
                  })
                  .finally(() => setExporting(false));
              }}
            >
              {exporting && <Spinner size="sm" className="me-1" aria-hidden="true" />}
              {text.exportExcel}
            </Button>
          }
        />
      )}
    </>
  );
}
