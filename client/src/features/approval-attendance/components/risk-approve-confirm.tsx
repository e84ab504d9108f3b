import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ModalHeading } from '@/components/modal-heading';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { id as t } from '@/i18n/id';
import { formatDateTime } from '@/lib/dates';

const text = t.approvalAttendance.riskConfirm;

/** Whether `a` on this row asks first: a medium or high risk is never approved unseen. */
export function needsRiskConfirm(row: Pick<AttendanceQueueRow, 'risk'>): boolean {
  return row.risk?.level === 'medium' || row.risk?.level === 'high';
}

/**
 * `a` on a medium or high risk row: a small confirm naming the row's risk reasons. Enter approves
 * (the focused button), Esc cancels; the focus then goes back to the queue (`onExited`).
 */
export function RiskApproveConfirm({
  row,
  busy,
  onConfirm,
  onCancel,
  onExited,
}: {
  row: AttendanceQueueRow | null;
  busy: boolean;
  onConfirm: (row: AttendanceQueueRow) => void;
  onCancel: () => void;
  onExited?: () => void;
}) {
  // The row stays on screen while the dialog fades out.
  const [shown, setShown] = useState(row);
  if (row !== null && row !== shown) setShown(row);
  const level = shown ? (t.attendanceLog.risk.levels[shown.risk.level] ?? shown.risk.level) : '';
  return (
    <Modal
      show={row !== null}
      onHide={onCancel}
      onExited={onExited}
      centered
      size="sm"
      aria-labelledby="risk-confirm-title"
      aria-describedby="risk-confirm-reasons"
      restoreFocus={false}
      data-testid="risk-confirm"
    >
      {shown ? (
        <>
          <ModalHeading id="risk-confirm-title">{text.title(level)}</ModalHeading>
          <Modal.Body id="risk-confirm-reasons">
            <p className="mb-1">{text.intro(shown.employee_name, formatDateTime(shown.log_datetime, shown.log_timezone))}</p>
            <ul className="mb-2">
              {shown.risk.reasons.map((reason) => (
                <li key={reason.code + reason.text}>{reason.text}</li>
              ))}
            </ul>
            <p className="small text-muted mb-0">{text.hint}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onCancel}>
              {t.attendanceLog.actions.cancel}
            </Button>
            <Button variant="success" onClick={() => onConfirm(shown)} disabled={busy || row === null} autoFocus>
              {text.confirm}
            </Button>
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}
