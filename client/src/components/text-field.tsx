import { useId, type ComponentPropsWithRef } from 'react';
import Form from 'react-bootstrap/Form';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'size' | 'value' | 'defaultValue'> {
  value?: string;
  defaultValue?: string;
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ label, error, hint, className, 'aria-describedby': describes, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The caller's description (a form's message about several fields) joins the field's own.
  const describedBy = [error ? errorId : null, hint ? hintId : null, describes].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...input} isInvalid={Boolean(error)} aria-invalid={Boolean(error)} aria-describedby={describedBy} />
      {hint ? (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      ) : null}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
