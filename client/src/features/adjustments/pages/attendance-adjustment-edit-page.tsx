import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate, useBlocker, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { hasFlag } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { formatHours, formatTableDate, formatTime } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { fieldOf, localPage } from '@/lib/local-table';
import { showSuccess } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { submitAdjustment, type AdjustmentRow } from '../api/attendance';
import { adjustmentKeys } from '../api/keys';
import { BulkModal } from '../components/bulk-modal';
import { applyBulk, editRow, linesOf, valuesOf, type Edits } from '../components/edits';
import { getLoadedRows, setLoadedRows } from '../components/rows-store';

const text = adjustmentsText.attendance;
const c = text.columns;

/** A loaded row's date and times the §18 way (the cells are read-only; the input stays in hours). */
function formatted(key: 'date' | 'check_in_time' | 'check_out_time', header: string): DataTableColumn<AdjustmentRow> {
  const format = key === 'date' ? formatTableDate : (value: string) => formatTime(value);
  return { key, header, sortable: true, cell: (row) => (row[key] ? format(row[key]) : '') || '-' };
}

function plain(key: keyof AdjustmentRow, header: string): DataTableColumn<AdjustmentRow> {
  return { key, header, sortable: true, cell: (row) => String(row[key] ?? '') || '-' };
}

/** /adjustment/attendance/edit: the loaded rows, per-row edits, 'Edit Semua' and 'Kirim' (doc2 §2.5, §4). */
export function AttendanceAdjustmentEditPage({ title, breadcrumb }: RoutePageProps) {
  const loaded = getLoadedRows();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { access } = useSession();
  const canSend = hasFlag(access, 'allow_attendance_adjustment_create');
  const [edits, setEdits] = useState<Edits>({});
  const [state, setState] = useState(() => initialListState());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  // Why Kirim sent nothing (no edits, a negative overtime): said beside the buttons, not in a popup.
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const problemId = useId();
  const tableRef = useRef<HTMLDivElement>(null);
  const sent = useRef(false);
  const rows = useMemo(() => loaded?.rows ?? [], [loaded]);
  const dirty = Object.keys(edits).length > 0;

  // Leaving with unsent edits asks first (doc2 §2.5): in-app navigation here, reload/close below.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !sent.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const page = useMemo(
    () =>
      localPage(rows, state, (row, column) => fieldOf({ ...row, ...valuesOf(row, edits) }, column), [
        'employee_number_formatted',
        'employee_name',
        'date',
        'keterangan',
      ]),
    [rows, state, edits],
  );

  if (!loaded) return <Navigate to={paths.attendanceAdjustment} replace />;

  const set = (row: AdjustmentRow, change: Parameters<typeof editRow>[2]) => {
    setSendProblem(null);
    setEdits((previous) => editRow(row, previous, change));
  };

  const columns: DataTableColumn<AdjustmentRow>[] = [
    plain('employee_number_formatted', c.employeeNumber),
    plain('employee_name', c.name),
    plain('job_title', c.jobTitle),
    plain('man_power_name', c.manPower),
    plain('man_power_team_name', c.team),
    plain('man_power_group_name', c.group),
    formatted('date', c.date),
    formatted('check_in_time', c.checkIn),
    formatted('check_out_time', c.checkOut),
    plain('keterangan', c.keterangan),
    plain('lembur_type', c.overtimeType),
    { key: 'lembur_workday', header: c.overtime, sortable: true, cell: (row) => formatHours(row.lembur_workday) },
    {
      key: 'lembur_aktual',
      header: c.actualOvertime,
      cell: (row) => {
        const value = valuesOf(row, edits).lembur_aktual;
        const wrong = !Number.isFinite(value) || value < 0;
        return (
          <Form.Control
            size="sm"
            type="number"
            min={0}
            step={0.25}
            style={{ width: '6rem' }}
            aria-label={text.rowOvertime(row.employee_name, row.date)}
            value={Number.isFinite(value) ? value : ''}
            isInvalid={wrong}
            aria-invalid={wrong || undefined}
            aria-describedby={wrong && sendProblem ? problemId : undefined}
            onChange={(event) => {
              const next = event.target.value === '' ? Number.NaN : Number(event.target.value);
              set(row, { lembur_aktual: next });
            }}
          />
        );
      },
    },
    {
      key: 'is_valid',
      header: c.valid,
      cell: (row) => (
        <Form.Select
          size="sm"
          style={{ width: '8rem' }}
          aria-label={text.rowValid(row.employee_name, row.date)}
          value={String(valuesOf(row, edits).is_valid)}
          onChange={(event) => set(row, { is_valid: Number(event.target.value) })}
        >
          <option value="1">{adjustmentsText.valid}</option>
          <option value="0">{adjustmentsText.invalid}</option>
        </Form.Select>
      ),
    },
    {
      key: 'standby',
      header: c.standby,
      cell: (row) => (
        <Form.Check
          aria-label={text.rowStandby(row.employee_name, row.date)}
          checked={valuesOf(row, edits).standby === 1}
          onChange={(event) => set(row, { standby: event.target.checked ? 1 : 0 })}
        />
      ),
    },
    { key: 'is_shift_off', header: c.shiftOff, sortable: true, cell: (row) => (row.is_shift_off ? adjustmentsText.yes : adjustmentsText.no) },
  ];

  const invalid = Object.values(edits).some((value) => !Number.isFinite(value.lembur_aktual) || value.lembur_aktual < 0);

  const onSend = async () => {
    const lines = linesOf(rows, edits);
    if (lines.length === 0) {
      setSendProblem(text.noEdits);
      return;
    }
    if (invalid) {
      setSendProblem(text.messages.overtimeMin);
      // The first wrong overtime on this page of the table takes the focus.
      window.setTimeout(() => tableRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSendProblem(null);
    setSending(true);
    setLineErrors([]);
    try {
      const response = await submitAdjustment(lines);
      sent.current = true;
      showSuccess(response.message);
      setLoadedRows(null);
      await queryClient.invalidateQueries({ queryKey: adjustmentKeys.attendance });
      navigate(paths.attendanceAdjustment);
    } catch (error) {
      if (error instanceof ApiError) setLineErrors(Object.values(error.errors).flat().slice(0, 10));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {lineErrors.length > 0 && (
        <Alert variant="danger" role="alert">
          <ul className="mb-0">
            {lineErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      <div ref={tableRef}>
        <DataTable
          title={text.editTitle}
          titleExtra={
            Object.keys(edits).length > 0 ? (
              <span className="badge text-bg-warning ms-2">{text.edited(Object.keys(edits).length)}</span>
            ) : undefined
          }
          columns={columns}
          rowKey={(row) => row.id}
          {...tablePage(page, false, state, setState)}
          rowClassName={(row) => (row.is_shift_off ? 'table-warning' : undefined)}
          emptyText={adjustmentsText.empty}
          toolbar={
            <Button size="sm" variant="outline-primary" onClick={() => setBulkOpen(true)} disabled={rows.length === 0}>
              {text.bulk}
            </Button>
          }
        />
      </div>
      {sendProblem && (
        <Alert variant="warning" className="mt-3 mb-0" id={problemId} role="alert">
          {sendProblem}
        </Alert>
      )}
      <div className="d-flex gap-2 justify-content-end mt-3">
        <Button variant="outline-secondary" onClick={() => navigate(paths.attendanceAdjustment)} disabled={sending}>
          {adjustmentsText.back}
        </Button>
        {canSend && (
          <ConfirmPopover question={text.sendQuestion} confirmLabel={text.send} confirmVariant="primary" onConfirm={() => void onSend()}>
            {(trigger) => (
              <Button {...trigger} disabled={sending || rows.length === 0}>
                {sending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {text.send}
              </Button>
            )}
          </ConfirmPopover>
        )}
      </div>
      {bulkOpen && (
        <BulkModal
          show
          min={loaded.params.start_date}
          max={loaded.params.end_date}
          onClose={() => setBulkOpen(false)}
          onApply={(values) => {
            setSendProblem(null);
            setEdits((previous) => applyBulk(rows, previous, values));
            setBulkOpen(false);
          }}
        />
      )}
      <Modal show={blocker.state === 'blocked'} onHide={() => blocker.reset?.()} aria-labelledby="adjustment-leave-title">
        <Modal.Header closeButton closeLabel={adjustmentsText.leave.close}>
          <Modal.Title id="adjustment-leave-title">{text.leaveTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{text.leaveQuestion}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => blocker.reset?.()}>
            {text.stay}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {text.leave}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
