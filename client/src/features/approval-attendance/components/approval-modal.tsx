import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { AttendanceLogNote, AttendanceLogSummary, AttendanceLogTabs } from '@/components/attendance-log/detail';
import { useAttendanceLogDetail } from '@/components/attendance-log/detail-query';
import { formatDistance } from '@/components/attendance-log/format';
import type { AttendanceLogDetail } from '@/components/attendance-log/types';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { APPROVAL_ATTENDANCE_TOPIC, shouldCloseDetail, subscribeDecided } from '@/lib/live-queue';
import { showError } from '@/lib/notifications';
import { useSession, type UserAccess } from '@/lib/session';
import { useDecideAttendanceLog } from '../api/decide-attendance-log';
import { approvalAttendanceKeys } from '../realtime';
import { RejectNoteField } from '@/components/attendance-log/reject-note-field';

const a = t.attendanceLog.actions;

type Mode = 'view' | 'approve' | 'reject';

/** Setujui needs allow_approved_attendance and the type's right; Tolak likewise (DESIGN §5). */
export function decisionRights(access: UserAccess, manPowerType: string): { approve: boolean; reject: boolean } {
  const holds = (base: string) => hasFlag(access, base) && hasFlag(access, `${base}_${manPowerType}`);
  return { approve: holds('allow_approved_attendance'), reject: holds('allow_rejected_attendance') };
}

export interface ApprovalModalProps {
  hashId: string | null;
  onClose: () => void;
}

/**
 * The detail of a waiting log with its decisions (doc2 §4): Setujui acts directly for a log inside the
 * radius, otherwise it first asks for the nearest placement; Tolak asks for a note. A log decided by
 * someone else while open closes the modal with 'Data sudah diproses oleh <name>.'.
 */
export function ApprovalModal({ hashId, onClose }: ApprovalModalProps) {
  const titleId = useId();
  const { access } = useSession();
  const detail = useAttendanceLogDetail(hashId, approvalAttendanceKeys.detail);
  const decide = useDecideAttendanceLog();
  const [mode, setMode] = useState<Mode>('view');
  const [nearManPower, setNearManPower] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const stepRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMode('view');
    setNearManPower('');
    setNote('');
    setProblem('');
  }, [hashId]);

  useEffect(
    () =>
      subscribeDecided((notice) => {
        if (notice.topic === APPROVAL_ATTENDANCE_TOPIC && shouldCloseDetail(hashId, notice)) {
          showError(t.attendanceLog.decidedElsewhere(notice.decided_by_name));
          onClose();
        }
      }),
    [hashId, onClose],
  );

  // The decision step opens next to the buttons that asked for it, in view, and takes the focus.
  useEffect(() => {
    if (mode === 'view') return;
    const step = stepRef.current;
    step?.scrollIntoView?.({ block: 'nearest' });
    step?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [mode]);

  const log = detail.data;
  const status = log ? log.status_code || log.status : '';
  const waiting = status === 'waiting_approval';
  const rights = log ? decisionRights(access, log.man_power_type) : { approve: false, reject: false };
  const busy = decide.isPending;

  const submitApprove = (current: AttendanceLogDetail) => {
    const valid = Number(current.is_valid_location) === 1;
    if (!valid && mode !== 'approve') {
      setMode('approve');
      setProblem('');
      return;
    }
    if (!valid && !nearManPower) {
      setProblem(a.nearestRequired);
      return;
    }
    decide.mutate(
      { kind: 'approve', id: current.hash_id, nearManPower: valid ? '' : nearManPower },
      { onSuccess: onClose },
    );
  };

  const submitReject = (current: AttendanceLogDetail) => {
    if (mode !== 'reject') {
      setMode('reject');
      setProblem('');
      return;
    }
    if (!note.trim()) {
      setProblem(a.rejectNoteRequired);
      return;
    }
    decide.mutate({ kind: 'reject', id: current.hash_id, note: note.trim() }, { onSuccess: onClose });
  };

  const cancelMode = () => {
    setMode('view');
    setProblem('');
  };

  return (
    <Modal show={Boolean(hashId)} onHide={onClose} size="lg" aria-labelledby={titleId} scrollable>
      <Modal.Header closeButton closeLabel={t.common.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t.attendanceLog.detail.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detail.isPending ? <Skeleton lines={6} /> : null}
        {detail.isError ? <Alert variant="danger">{t.attendanceLog.detail.loadFailed}</Alert> : null}
        {log ? (
          <>
            <AttendanceLogSummary detail={log} />
            <AttendanceLogTabs detail={log} />
            <AttendanceLogNote detail={log} />
          </>
        ) : null}
      </Modal.Body>
      {log && waiting && (rights.approve || rights.reject) ? (
        <Modal.Footer className="flex-wrap">
          {mode !== 'view' ? (
            <div className="w-100 approval-decision-step" ref={stepRef} style={{ maxHeight: '40vh', overflowY: 'auto' }}>
              {mode === 'approve' ? (
                <fieldset className="mb-2">
                  <legend className="h6">{a.chooseNearest}</legend>
                  <p className="small text-muted">{a.nearestHint}</p>
                  {log.near_man_power_list.map((option) => (
                    <Form.Check
                      key={option.hash_id}
                      type="radio"
                      id={`near-${option.hash_id}`}
                      name="near-man-power"
                      label={a.nearestOption(option.man_power_name, formatDistance(option.distance))}
                      checked={nearManPower === option.hash_id}
                      onChange={() => {
                        setNearManPower(option.hash_id);
                        setProblem('');
                      }}
                    />
                  ))}
                </fieldset>
              ) : null}
              {mode === 'reject' ? (
                <RejectNoteField
                  controlId={`reject-note-${log.hash_id}`}
                  value={note}
                  problem={problem}
                  onChange={(value) => {
                    setNote(value);
                    setProblem('');
                  }}
                />
              ) : null}
              {problem ? (
                <p className="text-danger small mt-2 mb-0" role="alert">
                  {problem}
                </p>
              ) : null}
            </div>
          ) : null}
          {mode !== 'view' ? (
            <Button variant="outline-secondary" onClick={cancelMode} disabled={busy}>
              {a.cancel}
            </Button>
          ) : null}
          {rights.reject && mode !== 'approve' ? (
            <Button variant="danger" onClick={() => submitReject(log)} disabled={busy}>
              {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
              {a.reject}
            </Button>
          ) : null}
          {rights.approve && mode !== 'reject' ? (
            <Button variant="success" onClick={() => submitApprove(log)} disabled={busy}>
              {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
              {a.approve}
            </Button>
          ) : null}
        </Modal.Footer>
      ) : null}
    </Modal>
  );
}
