import { useEffect, useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AuthFileLink } from '@/components/auth-image';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { APPROVAL_IZIN_TOPIC, shouldCloseDetail, subscribeDecided } from '@/lib/approval-queue';
import { showError } from '@/lib/notifications';
import { useDecidePermission } from '../api/decide-permission';
import { usePermissionDetail } from '../api/get-permission-detail';
import { PERMISSION_STATUS_VARIANTS, PermissionStatusBadge, permissionStatusLabel } from './permission-status';

const d = t.approvalPermission.detail;
const ATTACHMENT_NAME_LENGTH = 30;

/** 'permission/2026/03/surat-dokter-panjang.pdf' → 'surat-dokter-panja….pdf' (doc2 §2.10: shortened). */
export function shortFileName(url: string, length = ATTACHMENT_NAME_LENGTH): string {
  const name = decodeURIComponent(url.split('?')[0].split('/').pop() ?? url);
  if (name.length <= length) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return `${name.slice(0, length - extension.length - 1)}…${extension}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row mb-2">
      <dt className="col-sm-3 fw-normal text-muted">{label}</dt>
      <dd className="col-sm-9 mb-0">{children}</dd>
    </div>
  );
}

export interface PermissionDetailViewProps {
  hashId: string;
  onBack: () => void;
}

/** The detail of a request in the same screen as the list (doc2 §2.10), with approve/reject for waiting ones. */
export function PermissionDetailView({ hashId, onBack }: PermissionDetailViewProps) {
  const titleId = useId();
  const detail = usePermissionDetail(hashId);
  const decide = useDecidePermission();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  // A failed load has shown its message; the screen returns to the list.
  useEffect(() => {
    if (detail.isError) onBack();
  }, [detail.isError, onBack]);

  useEffect(
    () =>
      subscribeDecided((notice) => {
        if (notice.topic === APPROVAL_IZIN_TOPIC && shouldCloseDetail(hashId, notice)) {
          showError(t.attendanceLog.decidedElsewhere(notice.decided_by_name));
        }
      }),
    [hashId],
  );

  const izin = detail.data;
  const submit = (kind: 'approve' | 'reject') => {
    if (!izin) return;
    if (kind === 'reject' && !note.trim()) {
      setProblem(d.noteRequired);
      return;
    }
    decide.mutate({ kind, id: izin.hash_id, note: note.trim() }, { onSuccess: () => setNote('') });
  };

  const back = (
    <Button variant="outline-secondary" size="sm" onClick={onBack}>
      <i className="bi bi-chevron-left me-1" aria-hidden="true" />
      {d.back}
    </Button>
  );

  if (!izin) {
    return (
      <section className="card border-0 shadow-sm">
        <div className="card-body">
          <div className="mb-3">{back}</div>
          <Skeleton lines={8} />
        </div>
      </section>
    );
  }

  const variant = PERMISSION_STATUS_VARIANTS[izin.status] ?? 'secondary';
  const decided = izin.status === 'approved' || izin.status === 'rejected';
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={titleId}>
      <header className={`card-header text-bg-${variant} d-flex align-items-center justify-content-between`}>
        <h2 className="h5 mb-0" id={titleId}>
          {d.title}
        </h2>
        <span className="fw-semibold">{permissionStatusLabel(izin.status)}</span>
      </header>
      <div className="card-body">
        <dl className="mb-4">
          <Field label={d.status}>
            <PermissionStatusBadge status={izin.status} />
          </Field>
          <Field label={d.addressedTo}>{izin.approval_user_name || d.none}</Field>
          <Field label={d.employeeNumber}>{izin.employee_id || izin.employee_number_formatted}</Field>
          <Field label={d.name}>{izin.name}</Field>
          <Field label={d.type}>{izin.permission_type_name || izin.label}</Field>
          <Field label={d.date}>
            {izin.date_formatted} ({t.approvalPermission.days(izin.total_days)})
          </Field>
          <Field label={d.description}>{izin.description || d.none}</Field>
          <Field label={d.attachment}>
            {izin.attachment ? (
              <AuthFileLink href={izin.attachment}>
                <i className="bi bi-paperclip me-1" aria-hidden="true" />
                {shortFileName(izin.attachment)}
              </AuthFileLink>
            ) : (
              d.none
            )}
          </Field>
          {decided ? (
            <Field label={d.decisionNote}>
              {izin.keterangan || d.none}
              {izin.decided_by_name ? (
                <span className="d-block small text-muted">
                  {t.attendanceLog.detail.decidedBy(izin.decided_by_name)}
                </span>
              ) : null}
            </Field>
          ) : null}
        </dl>

        <h3 className="h6">{d.recent}</h3>
        <div className="table-responsive mb-4">
          <table className="table table-sm align-middle" aria-label={d.recent}>
            <thead className="table-light">
              <tr>
                <th scope="col">{d.recentType}</th>
                <th scope="col">{d.recentDate}</th>
                <th scope="col">{d.recentStatus}</th>
              </tr>
            </thead>
            <tbody>
              {izin.recent_permission.length === 0 ? (
                <tr>
                  <td colSpan={3} className="text-center text-muted">
                    {t.dataTable.empty}
                  </td>
                </tr>
              ) : (
                izin.recent_permission.map((recent) => (
                  <tr key={recent.hash_id || recent.id}>
                    <td>{recent.label}</td>
                    <td>{recent.date_formatted}</td>
                    <td>
                      <PermissionStatusBadge status={recent.status} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>

        {izin.status === 'waiting_approval' ? (
          <div className="mb-4">
            <Form.Group controlId={`permission-note-${izin.hash_id}`}>
              <Form.Label className="h6">{d.note}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={1000}
                value={note}
                isInvalid={Boolean(problem)}
                aria-describedby={`permission-note-hint-${izin.hash_id}`}
                onChange={(event) => {
                  setNote(event.target.value);
                  setProblem('');
                }}
              />
              <Form.Text id={`permission-note-hint-${izin.hash_id}`}>{d.noteHint}</Form.Text>
            </Form.Group>
            {problem ? (
              <p className="text-danger small mt-1 mb-0" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="d-flex gap-2 mt-3">
              <Button variant="danger" disabled={decide.isPending} onClick={() => submit('reject')}>
                {d.reject}
              </Button>
              <Button variant="success" disabled={decide.isPending} onClick={() => submit('approve')}>
                {d.approve}
              </Button>
            </div>
          </div>
        ) : null}
        {back}
      </div>
    </section>
  );
}
