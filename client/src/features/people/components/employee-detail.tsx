import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AuditHistory } from '@/components/audit-history/audit-history';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DetailList } from '@/components/detail-list';
import { Skeleton } from '@/components/skeleton';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
import { id as t } from '@/i18n/id';
import { formatDate, zoneLabel } from '@/lib/dates';
import { showSuccess } from '@/lib/notifications';
import { formatLeaveBalance } from '@/lib/format';
import { employeeApi, type EmployeeDetail, type LeaveLedgerRow, type PasswordReset } from '../api/people-api';

const MapView = lazy(() => import('@/components/map-view'));

const text = t.people.employee;
const dash = (value: string | null | undefined) => (value ? value : '-');

function InfoTab({ detail }: { detail: EmployeeDetail }) {
  const i = text.info;
  return (
    <DetailList
      items={[
        { label: i.number, value: detail.employee_number_formatted },
        { label: i.name, value: detail.name },
        { label: i.email, value: detail.email || text.emailUnset },
        { label: i.jobTitle, value: dash(detail.job_title) },
        { label: i.joinedDate, value: detail.joined_date ? formatDate(detail.joined_date) : '-' },
        { label: i.locationType, value: dash(detail.attendance_location_type_label) },
        {
          label: i.shiftPattern,
          value: detail.shift_pattern_code ? `${detail.shift_pattern_code} · ${detail.shift_pattern_name}` : '-',
        },
        { label: i.manPowerType, value: dash(detail.man_power_type_label) },
        { label: i.manPowerName, value: dash(detail.man_power_name) },
        { label: i.team, value: dash(detail.man_power_team_name) },
        { label: i.group, value: dash(detail.man_power_group_name) },
        { label: i.supervisor, value: dash(detail.supervisor_employee_name) },
        { label: i.groupHead, value: dash(detail.group_head_employee_name) },
        { label: i.timezone, value: dash(zoneLabel(detail.man_power_timezone_name)) },
      ]}
    />
  );
}

function LocationTab({ detail }: { detail: EmployeeDetail }) {
  const l = text.location;
  if (detail.man_power_latitude === null || detail.man_power_longitude === null) {
    return <p className="text-muted">{l.none}</p>;
  }
  const center: [number, number] = [detail.man_power_latitude, detail.man_power_longitude];
  return (
    <div>
      <Suspense fallback={<Skeleton lines={4} />}>
        <MapView
          markers={[{ id: 'man-power', position: center, label: detail.man_power_name }]}
          circle={detail.man_power_max_radius ? { center, radius: detail.man_power_max_radius } : undefined}
          zoom={17}
          minZoom={2}
          maxZoom={20}
          height={300}
          label={l.mapLabel(detail.man_power_name)}
        />
      </Suspense>
      <DetailList
        className="mt-3"
        items={[
          { label: text.info.manPowerName, value: detail.man_power_name },
          { label: l.coordinates, value: `${detail.man_power_latitude}, ${detail.man_power_longitude}` },
          { label: l.radius, value: detail.man_power_max_radius !== null ? l.meters(detail.man_power_max_radius) : '-' },
        ]}
      />
    </div>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const ledgerColumns: StaticTableColumn<LeaveLedgerRow>[] = [
  { key: 'date', header: text.leave.date, cell: (entry) => formatDate(entry.date) },
  {
    key: 'reason',
    header: text.leave.reason,
    cell: (entry) => (
      <>
        {entry.reason_label}
        {entry.description ? <div className="text-muted">{entry.description}</div> : null}
      </>
    ),
  },
  {
    key: 'change',
    header: text.leave.change,
    cell: (entry) => `${signed(entry.saldo_change)} / ${signed(entry.terpakai_change)} / ${signed(entry.hutang_change)}`,
  },
  { key: 'after', header: text.leave.after, cell: (entry) => `${entry.saldo_after} / ${entry.terpakai_after} / ${entry.hutang_after}` },
];

function LeaveTab({ detail }: { detail: EmployeeDetail }) {
  const l = text.leave;
  return (
    <div>
      <div className="row g-2 mb-3">
        {[
          { label: l.remaining, value: formatLeaveBalance(detail.cuti_saldo, detail.cuti_hutang) },
          { label: l.saldo, value: l.days(detail.cuti_saldo) },
          { label: l.terpakai, value: l.days(detail.cuti_terpakai) },
          { label: l.hutang, value: l.days(detail.cuti_hutang) },
        ].map((card) => (
          <div className="col-6 col-md-3" key={card.label}>
            <div className="border rounded p-2 text-center h-100" role="group" aria-label={card.label}>
              <div className="small text-muted">{card.label}</div>
              <div className="fs-5 fw-semibold">{card.value}</div>
            </div>
          </div>
        ))}
      </div>
      <h3 className="h6">{l.ledger(detail.leave_year)}</h3>
      {detail.leave_ledger.length === 0 ? (
        <p className="text-muted small">{l.ledgerEmpty}</p>
      ) : (
        <StaticTable
          className="table table-sm small"
          label={l.ledger(detail.leave_year)}
          columns={ledgerColumns}
          rows={detail.leave_ledger}
          rowKey={(entry) => entry.hash_id}
        />
      )}
    </div>
  );
}

/**
 * A checkbox whose change is saved at once; while the call runs it is busy, and a failed call puts it
 * back (doc1 §2.11). The error popup of the API client says why. With `confirm`, ticking it (the
 * destructive direction) first asks below the box (Batal, the default, keeps it as it was).
 */
function ImmediateCheckbox({
  label,
  checked,
  save,
  onSaved,
  confirm,
}: {
  label: string;
  checked: boolean;
  save: (next: boolean) => Promise<{ message: string }>;
  onSaved: () => void;
  confirm?: { question: string; label: string };
}) {
  const inputId = useId();
  const questionId = useId();
  const [value, setValue] = useState(checked);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setValue(checked), [checked]);
  useEffect(() => {
    if (asking) cancelButton.current?.focus();
  }, [asking]);
  const change = async (next: boolean) => {
    setValue(next);
    setBusy(true);
    try {
      const answer = await save(next);
      showSuccess(answer.message);
      onSaved();
    } catch {
      setValue(!next);
    } finally {
      setBusy(false);
    }
  };
  const answer = (agreed: boolean) => {
    setAsking(false);
    if (agreed) void change(true);
    else box.current?.focus();
  };
  return (
    <>
      <Form.Check
        ref={box}
        id={inputId}
        type="checkbox"
        label={label}
        checked={value}
        disabled={busy || asking}
        aria-busy={busy}
        onChange={(event) => {
          if (event.target.checked && confirm) setAsking(true);
          else void change(event.target.checked);
        }}
      />
      {asking && confirm ? (
        <div role="group" aria-labelledby={questionId} className="alert alert-warning py-2 px-3 my-2">
          <p id={questionId} className="mb-2">
            {confirm.question}
          </p>
          <div className="d-flex gap-2 justify-content-end">
            <Button ref={cancelButton} size="sm" variant="outline-secondary" onClick={() => answer(false)}>
              {t.common.cancel}
            </Button>
            <Button size="sm" variant="danger" onClick={() => answer(true)}>
              {confirm.label}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

export interface EmployeeDetailBodyProps {
  detail: EmployeeDetail;
  canDisable: boolean;
  canForce: boolean;
  onChanged: () => void;
}

export function EmployeeDetailBody({ detail, canDisable, canForce, onChanged }: EmployeeDetailBodyProps) {
  const [tab, setTab] = useState('info');
  const number = detail.employee_number_formatted;
  return (
    <>
      {canDisable || canForce ? (
        <section className="border rounded p-2 mb-3" aria-label={text.toggles.heading}>
          {canDisable ? (
            <ImmediateCheckbox
              label={text.toggles.attendanceDisabled}
              checked={detail.attendance_disabled === 1}
              save={(next) => employeeApi.setAttendanceDisabled(number, next)}
              onSaved={onChanged}
              confirm={{ question: text.toggles.attendanceDisabledQuestion, label: text.toggles.attendanceDisabledConfirm }}
            />
          ) : null}
          {canForce ? (
            <ImmediateCheckbox
              label={text.toggles.forceApproval}
              checked={detail.force_approval_permission === 1}
              save={(next) => employeeApi.setForceApproval(number, next)}
              onSaved={onChanged}
            />
          ) : null}
        </section>
      ) : null}
      <Tabs id={`employee-${detail.hash_id}`} activeKey={tab} onSelect={(key) => setTab(key ?? 'info')} className="mb-3" mountOnEnter>
        <Tab eventKey="info" title={text.tabs.info}>
          <InfoTab detail={detail} />
        </Tab>
        <Tab eventKey="location" title={text.tabs.location}>
          <LocationTab detail={detail} />
        </Tab>
        <Tab eventKey="leave" title={text.tabs.leave}>
          <LeaveTab detail={detail} />
        </Tab>
        <Tab eventKey="history" title={t.audit.historyTitle}>
          <AuditHistory objectType="employee" objectId={detail.hash_id} />
        </Tab>
      </Tabs>
    </>
  );
}

/** 'Reset Password' (asks first), then the new password shown once, or where it was emailed. */
export function ResetPasswordAction({ number, onDone }: { number: string; onDone: (result: PasswordReset) => void }) {
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      const answer = await employeeApi.resetPassword(number);
      showSuccess(answer.message);
      onDone(answer.data);
    } catch {
      // The API client's error popup says why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmPopover question={text.resetQuestion} confirmLabel={text.resetConfirm} onConfirm={() => void reset()}>
      {(trigger) => (
        <Button variant="outline-danger" className="me-auto" disabled={busy} aria-busy={busy} {...trigger}>
          <i className="bi bi-key me-1" aria-hidden="true" />
          {text.resetPassword}
        </Button>
      )}
    </ConfirmPopover>
  );
}

export function NewPasswordNotice({ result }: { result: PasswordReset }) {
  const inputId = useId();
  if (!result.password) return null;
  return (
    <div className="alert alert-warning" role="region" aria-label={text.newPasswordTitle}>
      <h3 className="h6 mb-1">{text.newPasswordTitle}</h3>
      <p className="small mb-2">{text.newPasswordOnce}</p>
      <label className="form-label small mb-1" htmlFor={inputId}>
        {text.newPasswordLabel}
      </label>
      <input id={inputId} className="form-control font-monospace" value={result.password} readOnly onFocus={(event) => event.target.select()} />
    </div>
  );
}
