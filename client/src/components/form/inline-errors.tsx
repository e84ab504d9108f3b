import { useEffect, useId, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { FieldError } from './fields';

/**
 * The kit's inline field errors for a form whose controls keep their own state instead of being
 * react-hook-form fields (the filter forms: the employee selection, the man power cascade, the day and
 * month ranges are controlled components). The same behaviour as `Form` (DESIGN §18: the field named
 * and focused, no popup): nothing shows until the first submit, then the messages follow the input;
 * the submit focuses the first control with a message (in `order`), which is aria-invalid and
 * described by its message (the kit's FieldError). `summary` (the spec's 'Lengkapi form terlebih
 * dahulu!') shows above the fields while any message does.
 *
 * `current` holds the messages of the values as they are now (a pure check run on every render).
 */

export type InlineErrorMessages<Field extends string> = Partial<Record<Field, string>>;

/** Spread onto the control of a field (DateInput, MonthInput, a Form.Control or Form.Select). */
export interface InvalidControlProps {
  id: string;
  isInvalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export interface InlineErrors<Field extends string> {
  /** The messages shown now (none before the first submit). */
  errors: InlineErrorMessages<Field>;
  /** On submit: shows the messages and focuses the first control with one; true when there are none. */
  check: () => boolean;
  /** Back to no messages (e.g. a reset form). */
  reset: () => void;
  /** The props of a field's control (its id is the one `check` focuses). */
  control: (field: Field) => InvalidControlProps;
  /** The message under a field's control (null when it has none). */
  message: (field: Field) => ReactNode;
  /** The summary above the fields (null when nothing is wrong). */
  alert: ReactNode;
}

export function useInlineErrors<Field extends string>(
  order: readonly Field[],
  current: InlineErrorMessages<Field>,
  summary?: string,
): InlineErrors<Field> {
  const base = useId();
  const [submitted, setSubmitted] = useState(false);
  // A new object per submit: the same field focused again after a second submit.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  const errors: InlineErrorMessages<Field> = submitted ? current : {};
  const controlId = (field: Field) => `${base}-${field}`;
  const errorId = (field: Field) => `${base}-${field}-error`;
  const first = order.find((field) => current[field]);

  // After the render that described the control by its message: a screen reader reads both.
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  return {
    errors,
    check: () => {
      setSubmitted(true);
      if (!first) return true;
      setFocusTarget({ id: controlId(first) });
      return false;
    },
    reset: () => setSubmitted(false),
    control: (field) => {
      const invalid = Boolean(errors[field]);
      return {
        id: controlId(field),
        isInvalid: invalid,
        'aria-invalid': invalid,
        'aria-describedby': invalid ? errorId(field) : undefined,
      };
    },
    message: (field) => {
      const text = errors[field];
      return text ? <FieldError id={errorId(field)} message={text} /> : null;
    },
    alert:
      summary && Object.values(errors).some(Boolean) ? (
        <Alert variant="danger" className="py-2 small">
          {summary}
        </Alert>
      ) : null,
  };
}
