import Form from 'react-bootstrap/Form';
import { id as t } from '@/i18n/id';

export interface RejectNoteFieldProps {
  controlId: string;
  value: string;
  /** The validation or server message shown under the field; it marks the field invalid. */
  problem: string;
  onChange: (note: string) => void;
  /** Take focus when shown (the decision step the user just asked for). */
  autoFocus?: boolean;
}

/** The rejection-note textarea shared by the approval queue (Tolak) and the history (Tolak valid). */
export function RejectNoteField({ controlId, value, problem, onChange, autoFocus }: RejectNoteFieldProps) {
  return (
    <Form.Group className="mt-3" controlId={controlId}>
      <Form.Label className="h6">{t.attendanceLog.actions.rejectNote}</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        maxLength={1000}
        autoFocus={autoFocus}
        value={value}
        isInvalid={Boolean(problem)}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Group>
  );
}

/** A decision's problem (a missing note or placement, the server's refusal) under its fields, announced. */
export function DecisionProblem({ problem }: { problem: string }) {
  return problem ? (
    <p className="text-danger small mt-2 mb-0" role="alert">
      {problem}
    </p>
  ) : null;
}
