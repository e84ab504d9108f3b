import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CardPanel } from '@/components/card-panel';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { DetailModal } from '@/components/detail-modal';
import { JobProgress } from '@/components/jobs/job-progress';
import { isActiveJob } from '@/components/jobs/job-types';
import { useJob, useJobFinished } from '@/components/jobs/use-job';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { formatHours, formatTableDate, formatTime } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { localPage } from '@/lib/local-table';
import { showError, showSuccess } from '@/lib/notifications';
import type { PayrollPreviewRow } from '../api/get-payroll-preview';
import { syncKeys } from '../api/keys';
import { checkPayroll, useSendPayroll } from '../api/send-payroll';
import { getPayrollPreview, setPayrollPreview } from '../components/preview-store';
import { pushSummary } from '../components/use-push-finished';

const text = t.sync;
const c = text.previewColumns;
/** doc2 §4: one second after a successful sync the page scrolls to the top. */
export const SCROLL_TOP_DELAY_MS = 1_000;

type Value = (row: PayrollPreviewRow) => string | number;
type Column = DataTableColumn<PayrollPreviewRow> & { value: Value };

function column(key: string, header: string, value: Value, cell?: (row: PayrollPreviewRow) => string): Column {
  return { key, header, value, sortable: true, cell: cell ?? ((row) => value(row) || '-') };
}

const COLUMNS: Column[] = [
  column('employee_number_formatted', c.id, (r) => r.employee_number_formatted),
  column('employee_name', c.name, (r) => r.employee_name),
  column('man_power_name', c.manPower, (r) => r.man_power_name),
  column('man_power_group_name', c.group, (r) => r.man_power_group_name),
  column('man_power_team_name', c.team, (r) => r.man_power_team_name),
  column('date', c.date, (r) => r.date, (r) => formatTableDate(r.date) || '-'),
  column('check_in_time', c.checkIn, (r) => r.check_in_time, (r) => formatTime(r.check_in_time) || '-'),
  column('check_out_time', c.checkOut, (r) => r.check_out_time, (r) => formatTime(r.check_out_time) || '-'),
  column('lembur_workday', c.overtime, (r) => r.lembur_workday, (r) => formatHours(r.lembur_workday)),
  column('lembur_aktual', c.actualOvertime, (r) => r.lembur_aktual, (r) => formatHours(r.lembur_aktual)),
  column('is_valid', c.valid, (r) => r.is_valid, (r) => (r.is_valid ? text.valid : text.invalid)),
  column('sync_status', c.syncStatus, (r) => r.sync_status),
  column('generated_status', c.generated, (r) => r.generated_status),
  column('permission_name', c.permission, (r) => r.permission_name),
  column('adjustment_id', c.adjustment, (r) => r.adjustment_id),
];

const SEARCH_COLUMNS = ['employee_number_formatted', 'employee_name', 'man_power_name', 'date'];

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}


/** /sync/attendance/validation: the 15-column preview, then 'Kirim' → the push job, live. */
export function SyncAttendanceValidationPage({ title, breadcrumb }: RoutePageProps) {
  const preview = getPayrollPreview();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState(() => initialListState());
  const [key, setKey] = useState(newKey);
  const [jobId, setJobId] = useState<string | null>(null);
  const send = useSendPayroll();
  const [checking, setChecking] = useState(false);
  const [resendQuestion, setResendQuestion] = useState<string | null>(null);
  const job = useJob(jobId).data;

  const page = useMemo(
    () =>
      localPage(preview?.rows ?? [], state, (row, column) => COLUMNS.find((col) => col.key === column)?.value(row) ?? '', SEARCH_COLUMNS),
    [preview, state],
  );

  useJobFinished(job, (finished) => {
    void queryClient.invalidateQueries({ queryKey: syncKeys.all });
    if (finished.status === 'succeeded') {
      showSuccess(finished.message);
      setPayrollPreview(null);
      navigate(paths.syncAttendance);
      setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), SCROLL_TOP_DELAY_MS);
    } else {
      showError(finished.message);
      // A new attempt is a new push (it sends only what is still unsent).
      setKey(newKey());
    }
  }, { startedHere: true });

  useEffect(() => {
    if (!preview) navigate(paths.syncAttendance, { replace: true });
  }, [preview, navigate]);
  if (!preview) return <Navigate to={paths.syncAttendance} replace />;

  const busy = checking || send.isPending || isActiveJob(job);
  const startSend = () => {
    setResendQuestion(null);
    send.mutate(
      { params: preview.params, key },
      {
        onSuccess: ({ job: started }) => setJobId(started.job),
      },
    );
  };
  // Rows sent before (and changed since) go again only after the user says so, knowing how many.
  const onSend = async () => {
    setChecking(true);
    try {
      const check = await checkPayroll(preview.params);
      if (check.resend > 0) setResendQuestion(check.question);
      else startSend();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {job && (
        <CardPanel className="mb-3">
          <JobProgress job={job} label={text.pushProgress} summary={pushSummary} />
        </CardPanel>
      )}
      <DataTable
        title={text.previewTitle}
        titleExtra={<span className="badge text-bg-light border ms-2">{text.previewCount(preview.rows.length)}</span>}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        {...tablePage(page, false, state, setState)}
        emptyText={text.empty}
      />
      <div className="d-flex gap-2 justify-content-end mt-3">
        <Button variant="outline-secondary" onClick={() => navigate(paths.syncAttendance)} disabled={busy}>
          {text.back}
        </Button>
        <ConfirmPopover question={text.sendQuestion} confirmLabel={text.send} confirmVariant="primary" onConfirm={() => void onSend()}>
          {(trigger) => (
            <Button {...trigger} disabled={busy || preview.rows.length === 0}>
              {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {text.send}
            </Button>
          )}
        </ConfirmPopover>
      </div>
      <DetailModal
        show={resendQuestion !== null}
        title={text.resendTitle}
        onClose={() => setResendQuestion(null)}
        tone="warning"
        closeLabel={t.common.cancel}
        actions={
          <Button variant="primary" onClick={startSend}>
            {text.resendConfirm}
          </Button>
        }
      >
        <p className="mb-0" data-testid="resend-question">
          {resendQuestion}
        </p>
      </DetailModal>
    </>
  );
}
