import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AttendanceLogNote, AttendanceLogSummary, AttendanceLogTabs } from '@/components/attendance-log/detail';
import { useAttendanceLogDetail } from '@/components/attendance-log/detail-query';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DetailModal } from '@/components/detail-modal';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { useSession } from '@/lib/session';
import { useChangeAttendanceLog } from '../api/change-attendance-log';
import { attendanceHistoryKeys } from '../api/keys';
import { DecisionProblem, RejectNoteField } from '@/components/attendance-log/reject-note-field';

const a = t.attendanceLog.actions;
const d = t.attendanceLog.detail;

export interface HistoryModalProps {
  hashId: string | null;
  onClose: () => void;
}

/**
 * A decided log (doc2 §2.11, §4): approved → Tolak with a note (allow_reject_valid_attendance);
 * manual_approved or rejected → Undo back to the approval queue (allow_reset_attendance); the
 * 'Mundurkan absen' switch on the shift tab (a failed toggle closes the modal).
 */
export function HistoryModal({ hashId, onClose }: HistoryModalProps) {
  const { access } = useSession();
  const detail = useAttendanceLogDetail(hashId, attendanceHistoryKeys.detail);
  const change = useChangeAttendanceLog();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const changeNote = (value: string) => {
    setNote(value);
    setProblem('');
  };
  // The switch shows the asked-for value until the refetched detail carries it.
  const [differentDay, setDifferentDay] = useState<boolean | null>(null);

  useEffect(() => {
    setRejecting(false);
    setNote('');
    setProblem('');
  }, [hashId]);

  const log = detail.data;
  const savedDifferentDay = log ? Number(log.is_different_day) === 1 : false;
  useEffect(() => setDifferentDay(null), [savedDifferentDay, hashId]);
  const status = log ? log.status_code || log.status : '';
  const canRejectValid = status === 'approved' && hasFlag(access, 'allow_reject_valid_attendance');
  const canUndo = (status === 'manual_approved' || status === 'rejected') && hasFlag(access, 'allow_reset_attendance');
  const busy = change.isPending;

  const rejectValid = () => {
    if (!log) return;
    if (!rejecting) {
      setRejecting(true);
      return;
    }
    if (!note.trim()) {
      setProblem(a.rejectNoteRequired);
      return;
    }
    change.mutate({ kind: 'reject_valid', id: log.hash_id, note: note.trim() }, { onSuccess: onClose });
  };

  const differentDaySwitch = log ? (
    <Form.Check
      type="switch"
      id={`different-day-${log.hash_id}`}
      label={d.differentDay}
      checked={differentDay ?? savedDifferentDay}
      disabled={busy || !hasFlag(access, 'allow_reset_attendance')}
      onChange={(event) => {
        setDifferentDay(event.target.checked);
        change.mutate(
          { kind: 'different_day', id: log.hash_id, isDifferentDay: event.target.checked },
          {
            onError: () => {
              setDifferentDay(null);
              onClose();
            },
          },
        );
      }}
    />
  ) : null;

  return (
    <DetailModal
      show={Boolean(hashId)}
      title={d.title}
      onClose={onClose}
      loading={detail.isPending}
      error={detail.isError ? d.loadFailed : null}
      actions={
        log && (canRejectValid || canUndo) ? (
          <>
            {canRejectValid && rejecting ? (
              <Button
                variant="outline-secondary"
                disabled={busy}
                onClick={() => {
                  setRejecting(false);
                  setProblem('');
                }}
              >
                {a.cancel}
              </Button>
            ) : null}
            {canRejectValid ? (
              <Button variant="danger" disabled={busy} onClick={rejectValid}>
                {a.reject}
              </Button>
            ) : null}
            {canUndo ? (
              <ConfirmPopover
                question={a.undoQuestion}
                confirmLabel={a.undo}
                confirmVariant="warning"
                onConfirm={() => change.mutate({ kind: 'undo', id: log.hash_id }, { onSuccess: onClose })}
              >
                {(trigger) => (
                  <Button variant="warning" disabled={busy} {...trigger}>
                    <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                    {a.undo}
                  </Button>
                )}
              </ConfirmPopover>
            ) : null}
          </>
        ) : null
      }
    >
      {log ? (
        <>
          <AttendanceLogSummary detail={log} />
          <AttendanceLogTabs
            detail={log}
            shiftExtra={
              <div className="mt-3 border-top pt-3">
                {differentDaySwitch}
                <p className="small text-muted mb-0">{d.differentDayHint}</p>
              </div>
            }
          />
          <AttendanceLogNote detail={log} />
          {rejecting ? (
            <RejectNoteField controlId={`reject-valid-note-${log.hash_id}`} value={note} problem={problem} onChange={changeNote} />
          ) : null}
          <DecisionProblem problem={problem} />
        </>
      ) : null}
    </DetailModal>
  );
}
