import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { RejectNoteField } from '@/components/attendance-log/reject-note-field';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { ConfirmPopover } from '@/components/confirm-popover';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDecideMany, type BulkOutcome } from '../api/decide-many';

const text = t.approvalAttendance.bulk;

/** The checkbox of one queue row: it selects without opening the row's detail. */
export function RowCheckbox({
  row,
  checked,
  onToggle,
}: {
  row: AttendanceQueueRow;
  checked: boolean;
  onToggle: (hashId: string) => void;
}) {
  return (
    <Form.Check
      type="checkbox"
      className="m-0"
      aria-label={text.selectRow(row.employee_name, row.log_datetime)}
      checked={checked}
      onChange={() => onToggle(row.hash_id)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    />
  );
}

interface Skipped extends BulkOutcome {
  name: string;
}

export interface BulkDecisionsProps {
  rows: AttendanceQueueRow[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
}

/** 'Setujui terpilih' / 'Tolak terpilih' (one note) for the checked rows of the page, with what was skipped. */
export function BulkDecisions({ rows, selected, onSelectedChange }: BulkDecisionsProps) {
  const { access } = useSession();
  const mayApprove = hasFlag(access, 'allow_approved_attendance');
  const mayReject = hasFlag(access, 'allow_rejected_attendance');
  const decide = useDecideMany();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState('');
  const [skipped, setSkipped] = useState<Skipped[]>([]);
  const selectAll = useRef<HTMLInputElement>(null);

  const ids = rows.map((row) => row.hash_id).filter((hashId) => selected.has(hashId));
  const allChecked = rows.length > 0 && ids.length === rows.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = ids.length > 0 && !allChecked;
  }, [ids.length, allChecked]);

  const run = (kind: 'approve' | 'reject') => {
    const names = new Map(rows.map((row) => [row.hash_id, row.employee_name]));
    const decision = kind === 'approve' ? { kind, ids } : { kind, ids, note: note.trim() };
    decide.mutate(decision, {
      onSuccess: (response) => {
        setSkipped(
          response.data.results
            .filter((result) => result.outcome !== 'decided')
            .map((result) => ({ ...result, name: names.get(result.hash_id) ?? result.hash_id })),
        );
        onSelectedChange(new Set());
        setRejecting(false);
        setNote('');
      },
      onError: (error) => {
        if (kind === 'reject' && error instanceof ApiError && error.status === 422) setNoteProblem(error.message);
      },
    });
  };

  if (!mayApprove && !mayReject) return null;
  return (
    <div className="d-flex flex-column gap-2 mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Form.Check
          type="checkbox"
          id="approval-select-page"
          ref={selectAll}
          label={text.selectPage}
          checked={allChecked}
          disabled={rows.length === 0}
          onChange={() => onSelectedChange(allChecked ? new Set() : new Set(rows.map((row) => row.hash_id)))}
        />
        <span className="small text-muted" aria-live="polite">
          {text.selected(ids.length)}
        </span>
        {mayApprove ? (
          <ConfirmPopover
            question={text.approveQuestion(ids.length)}
            confirmLabel={t.attendanceLog.actions.approve}
            confirmVariant="success"
            onConfirm={() => run('approve')}
          >
            {(trigger) => (
              <Button {...trigger} size="sm" variant="success" disabled={ids.length === 0 || decide.isPending}>
                {text.approve}
              </Button>
            )}
          </ConfirmPopover>
        ) : null}
        {mayReject ? (
          <Button
            size="sm"
            variant="danger"
            disabled={ids.length === 0 || decide.isPending}
            onClick={() => {
              setNoteProblem('');
              setRejecting(true);
            }}
          >
            {text.reject}
          </Button>
        ) : null}
      </div>
      {skipped.length > 0 ? (
        <Alert variant="warning" dismissible onClose={() => setSkipped([])} className="mb-0 py-2">
          <p className="fw-semibold mb-1">
            {text.skippedTitle} ({skipped.length})
          </p>
          <ul className="mb-0 small">
            {skipped.map((item) => (
              <li key={item.hash_id}>
                {item.name}: {item.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Modal show={rejecting} onHide={() => setRejecting(false)} centered aria-labelledby="bulk-reject-title">
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (!note.trim()) {
              setNoteProblem(t.attendanceLog.actions.rejectNoteRequired);
              return;
            }
            run('reject');
          }}
        >
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5" id="bulk-reject-title">
              {text.rejectTitle(ids.length)}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="small text-muted mb-0">{text.rejectHint}</p>
            <RejectNoteField
              controlId="bulk-reject-note"
              value={note}
              problem={noteProblem}
              autoFocus
              onChange={(value) => {
                setNote(value);
                setNoteProblem('');
              }}
            />
            {noteProblem ? (
              <div className="invalid-feedback d-block" role="alert">
                {noteProblem}
              </div>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setRejecting(false)}>
              {t.attendanceLog.actions.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={decide.isPending}>
              {t.attendanceLog.actions.reject}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  );
}
