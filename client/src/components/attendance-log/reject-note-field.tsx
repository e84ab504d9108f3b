import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { id as t } from '@/i18n/id';
import { useRejectionNotes } from './rejection-notes';

const a = t.attendanceLog.actions;

export interface RejectNoteFieldProps {
  controlId: string;
  value: string;
  /** The validation or server message shown under the field; it marks the field invalid. */
  problem: string;
  onChange: (note: string) => void;
  /** Take focus when shown (the decision step the user just asked for). */
  autoFocus?: boolean;
}

/**
 * The rejection note shared by the approval queue (Tolak, single and bulk) and the history (Tolak
 * valid): the preset notes the system admin keeps as a native select above the free text (keyboard:
 * Shift+Tab from the note, then the arrows; picking one replaces the note, which stays editable), and
 * the textarea. Without presets (none kept, or not readable) only the textarea shows.
 */
export function RejectNoteField({ controlId, value, problem, onChange, autoFocus }: RejectNoteFieldProps) {
  const presets = useRejectionNotes();
  const presetId = useId();
  const hintId = useId();
  const chosen = presets.includes(value) ? value : '';
  return (
    <div className="mt-3">
      {presets.length > 0 ? (
        <Form.Group className="mb-2" controlId={presetId}>
          <Form.Label className="h6">{a.rejectPreset}</Form.Label>
          <Form.Select
            value={chosen}
            aria-describedby={hintId}
            onChange={(event) => {
              if (event.target.value) onChange(event.target.value);
            }}
          >
            <option value="">{a.rejectPresetNone}</option>
            {presets.map((note) => (
              <option key={note} value={note}>
                {note}
              </option>
            ))}
          </Form.Select>
          <Form.Text id={hintId}>{a.rejectPresetHint}</Form.Text>
        </Form.Group>
      ) : null}
      <Form.Group controlId={controlId}>
        <Form.Label className="h6">{a.rejectNote}</Form.Label>
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
    </div>
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
