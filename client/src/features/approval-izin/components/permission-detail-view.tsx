import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AuditHistory } from '@/components/audit-history/audit-history';
import { AttachmentLink } from '@/components/attachment-link';
import { DetailList, type DetailItem } from '@/components/detail-list';
import { DetailModal, type DetailTone } from '@/components/detail-modal';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
import { id as t } from '@/i18n/id';
import { APPROVAL_IZIN_TOPIC, shouldCloseDetail, subscribeDecided } from '@/lib/live-queue';
import { showNotice } from '@/lib/notifications';
import { formatLeaveBalance } from '@/lib/format';
import { useDecidePermission } from '../api/decide-permission';
import { usePermissionDetail, type RecentPermission } from '../api/get-permission-detail';
import { PERMISSION_STATUS_VARIANTS, PermissionStatusBadge, permissionStatusLabel } from './permission-status';

const d = t.approvalPermission.detail;
const ATTACHMENT_NAME_LENGTH = 30;

const recentColumns: StaticTableColumn<RecentPermission>[] = [
  { key: 'type', header: d.recentType, cell: (recent) => recent.label },
  { key: 'date', header: d.recentDate, cell: (recent) => recent.date_formatted },
  { key: 'status', header: d.recentStatus, cell: (recent) => <PermissionStatusBadge status={recent.status} /> },
];

export interface PermissionDetailViewProps {
  /** The request shown; null keeps the modal closed. */
  hashId: string | null;
  /** '< Kembali' (doc2 §2.10): clears the detail and reloads the list's page. */
  onBack: () => void;
}

/**
 * A request's detail over the list (doc2 §2.10, the DetailModal pattern): header coloured by status,
 * the fields, the last 5 requests, the decision note of decided ones, and approve/reject with a note
 * for waiting ones.
 */
export function PermissionDetailView({ hashId, onBack }: PermissionDetailViewProps) {
  const detail = usePermissionDetail(hashId);
  const decide = useDecidePermission();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  // A failed load has shown its message; the screen returns to the list.
  useEffect(() => {
    if (detail.isError) onBack();
  }, [detail.isError, onBack]);

  useEffect(() => {
    setNote('');
    setProblem('');
  }, [hashId]);

  useEffect(
    () =>
      subscribeDecided((notice) => {
        if (hashId && notice.topic === APPROVAL_IZIN_TOPIC && shouldCloseDetail(hashId, notice)) {
          showNotice(t.attendanceLog.decidedElsewhere(notice.decided_by_name));
        }
      }),
    [hashId],
  );

  const izin = detail.data && detail.data.hash_id === hashId ? detail.data : undefined;
  const submit = (kind: 'approve' | 'reject') => {
    if (!izin) return;
    if (kind === 'reject' && !note.trim()) {
      setProblem(d.noteRequired);
      return;
    }
    decide.mutate({ kind, id: izin.hash_id, note: note.trim() }, { onSuccess: () => setNote('') });
  };

  const waiting = izin?.status === 'waiting_approval';
  const decided = izin?.status === 'approved' || izin?.status === 'rejected';
  const items: DetailItem[] = izin
    ? [
        { label: d.status, value: <PermissionStatusBadge status={izin.status} /> },
        { label: d.addressedTo, value: izin.approval_user_name || d.none },
        { label: d.employeeNumber, value: izin.employee_id || izin.employee_number_formatted },
        { label: d.name, value: izin.name },
        { label: d.remainingLeave, value: formatLeaveBalance(izin.cuti_saldo, izin.cuti_hutang) },
        { label: d.type, value: izin.permission_type_name || izin.label },
        { label: d.date, value: `${izin.date_formatted} (${t.approvalPermission.days(izin.total_days)})` },
        { label: d.description, value: izin.description || d.none },
        {
          label: d.attachment,
          value: izin.attachment ? (
            <AttachmentLink href={izin.attachment} name={izin.attachment_name} maxLength={ATTACHMENT_NAME_LENGTH} opensInTab />
          ) : (
            d.none
          ),
        },
      ]
    : [];
  if (izin && decided) {
    items.push({
      label: d.decisionNote,
      value: (
        <>
          {izin.keterangan || d.none}
          {izin.decided_by_name ? (
            <span className="d-block small text-muted">{t.attendanceLog.detail.decidedBy(izin.decided_by_name)}</span>
          ) : null}
        </>
      ),
    });
  }

  return (
    <DetailModal
      show={Boolean(hashId)}
      title={d.title}
      onClose={onBack}
      closeLabel={d.back}
      tone={izin ? ((PERMISSION_STATUS_VARIANTS[izin.status] ?? 'secondary') as DetailTone) : undefined}
      headerExtra={izin ? permissionStatusLabel(izin.status) : null}
      loading={!izin}
      actions={
        waiting ? (
          <>
            <Button variant="danger" disabled={decide.isPending} onClick={() => submit('reject')}>
              {d.reject}
            </Button>
            <Button variant="success" disabled={decide.isPending} onClick={() => submit('approve')}>
              {d.approve}
            </Button>
          </>
        ) : null
      }
    >
      {izin ? (
        <>
          <DetailList items={items} />
          <h3 className="h6">{d.recent}</h3>
          <StaticTable
            wrapperClassName="table-responsive mb-3"
            className="table table-sm align-middle mb-0"
            headClassName="table-light"
            label={d.recent}
            columns={recentColumns}
            rows={izin.recent_permission}
            rowKey={(recent) => recent.hash_id || recent.id}
            emptyText={t.dataTable.empty}
          />
          {waiting ? (
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
              {problem ? (
                <p className="text-danger small mt-1 mb-0" role="alert">
                  {problem}
                </p>
              ) : null}
            </Form.Group>
          ) : null}
          <AuditHistory objectType="izin" objectId={izin.hash_id} />
        </>
      ) : null}
    </DetailModal>
  );
}
