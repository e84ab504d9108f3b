import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { AttendanceLogNote, AttendanceLogSummary, AttendanceLogTabs } from '@/components/attendance-log/detail';
import { useAttendanceLogDetail } from '@/components/attendance-log/detail-query';
import { formatDistance } from '@/components/attendance-log/format';
import { RiskBadge, RiskReasons } from '@/components/attendance-log/risk';
import type { AttendanceLogDetail, PlacementChoice } from '@/components/attendance-log/types';
import { ModalHeading } from '@/components/modal-heading';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { APPROVAL_ATTENDANCE_TOPIC, shouldCloseDetail, subscribeDecided } from '@/lib/live-queue';
import { showNotice } from '@/lib/notifications';
import { useSession, type UserAccess } from '@/lib/session';
import { useDecideAttendanceLog } from '../api/decide-attendance-log';
import { approvalAttendanceKeys } from '../realtime';
import { DecisionProblem, RejectNoteField } from '@/components/attendance-log/reject-note-field';
import { placementOptions } from '../lib/bulk-placements';
import { isTyping } from '../lib/cockpit-keys';

const a = t.attendanceLog.actions;

export type Mode = 'view' | 'approve' | 'reject';

/** The detail's near placements, nearest first (the employee's own among them). */
export function nearestFirst(list: ReadonlyArray<PlacementChoice> | null | undefined): PlacementChoice[] {
  return placementOptions(list);
}

/** Setujui needs allow_approved_attendance and the type's right; Tolak likewise (DESIGN §5). */
export function decisionRights(access: UserAccess, manPowerType: string): { approve: boolean; reject: boolean } {
  const holds = (base: string) => hasFlag(access, base) && hasFlag(access, `${base}_${manPowerType}`);
  return { approve: holds('allow_approved_attendance'), reject: holds('allow_rejected_attendance') };
}

export interface ApprovalModalProps {
  hashId: string | null;
  onClose: () => void;
  /** Open straight at a decision step (the queue's a / r keys). */
  initialMode?: Mode;
  /** After a decision made here (the queue announces it and moves the focus on). */
  onDecided?: (kind: 'approve' | 'reject', log: AttendanceLogDetail) => void;
  /** Once closed and gone (the dialog no longer holds the focus): where the focus goes next. */
  onExited?: () => void;
}

/**
 * The detail of a waiting log with its decisions (doc2 §4): Setujui acts directly for a log inside the
 * radius, otherwise it first asks for the nearest placement; Tolak asks for a note. A log decided by
 * someone else while open closes the modal with 'Data sudah diproses oleh <name>.'.
 */
export function ApprovalModal({ hashId, onClose, initialMode = 'view', onDecided, onExited }: ApprovalModalProps) {
  const titleId = useId();
  const { access } = useSession();
  const detail = useAttendanceLogDetail(hashId, approvalAttendanceKeys.detail);
  const decide = useDecideAttendanceLog();
  const [mode, setMode] = useState<Mode>('view');
  const [nearManPower, setNearManPower] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const changeNote = (value: string) => {
    setNote(value);
    setProblem('');
  };
  const stepRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMode(initialMode);
    setNearManPower('');
    setNote('');
    setProblem('');
  }, [hashId, initialMode]);

  useEffect(
    () =>
      subscribeDecided((notice) => {
        if (notice.topic === APPROVAL_ATTENDANCE_TOPIC && shouldCloseDetail(hashId, notice)) {
          showNotice(t.attendanceLog.decidedElsewhere(notice.decided_by_name));
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
    step?.querySelector<HTMLElement>('input:checked, textarea, input')?.focus();
  }, [mode, detail.data]);

  const log = detail.data;
  const nearList = nearestFirst(log?.near_man_power_list);
  // Approving out of radius starts at the nearest placement (the employee's own when it is the nearest).
  const nearest = nearList[0]?.hash_id ?? '';
  useEffect(() => {
    if (mode === 'approve' && !nearManPower && nearest) setNearManPower(nearest);
  }, [mode, nearManPower, nearest]);
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
      {
        onSuccess: () => {
          onDecided?.('approve', current);
          onClose();
        },
      },
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
    decide.mutate(
      { kind: 'reject', id: current.hash_id, note: note.trim() },
      {
        onSuccess: () => {
          onDecided?.('reject', current);
          onClose();
        },
      },
    );
  };

  // The dialog's own keys: a approves (or confirms the placement), r rejects (the note first);
  // Ctrl+Enter in the note sends the rejection.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!log || !waiting || busy || event.altKey || event.metaKey) return;
    if (event.key === 'Enter' && event.ctrlKey && mode === 'reject' && rights.reject) {
      event.preventDefault();
      submitReject(log);
      return;
    }
    if (event.ctrlKey || event.defaultPrevented || isTyping(event.target as HTMLElement)) return;
    if (event.key === 'a' && rights.approve && mode !== 'reject') {
      event.preventDefault();
      submitApprove(log);
    } else if (event.key === 'r' && rights.reject && mode !== 'approve') {
      event.preventDefault();
      submitReject(log);
    }
  };
  const keyHandler = useRef(onKeyDown);
  useEffect(() => {
    keyHandler.current = onKeyDown;
  });
  // On the document while open: the keys work wherever the focus is in the dialog (or on its backdrop).
  useEffect(() => {
    if (!hashId) return undefined;
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [hashId]);

  const cancelMode = () => {
    setMode('view');
    setProblem('');
  };

  return (
    <Modal
      show={Boolean(hashId)}
      onHide={onClose}
      size="lg"
      aria-labelledby={titleId}
      scrollable
      restoreFocus={false}
      onExited={onExited}
    >
      <ModalHeading id={titleId}>{t.attendanceLog.detail.title}</ModalHeading>
      <Modal.Body>
        {detail.isPending ? <Skeleton lines={6} /> : null}
        {detail.isError ? <Alert variant="danger">{t.attendanceLog.detail.loadFailed}</Alert> : null}
        {log ? (
          <>
            {log.risk ? (
              <section className="mb-3 approval-risk" aria-labelledby={`${titleId}-risk`}>
                <h3 className="h6 d-flex align-items-center gap-2 mb-1" id={`${titleId}-risk`}>
                  {t.attendanceLog.risk.reasonsTitle} <RiskBadge risk={log.risk} />
                </h3>
                <RiskReasons risk={log.risk} />
              </section>
            ) : null}
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
                  {nearList.map((option) => (
                    <Form.Check
                      key={option.hash_id}
                      type="radio"
                      id={`near-${option.hash_id}`}
                      name="near-man-power"
                      label={
                        <>
                          {a.nearestOption(option.name, formatDistance(option.distance_m))}
                          {option.is_own ? ' ' : null}
                          {option.is_own ? (
                            <span className="badge text-bg-info ms-2">{t.attendanceLog.placement.own}</span>
                          ) : null}
                        </>
                      }
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
                <RejectNoteField controlId={`reject-note-${log.hash_id}`} value={note} problem={problem} onChange={changeNote} />
              ) : null}
              <DecisionProblem problem={problem} />
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
