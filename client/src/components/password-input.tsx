import { useId, useState, type ComponentPropsWithRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { id as t } from '@/i18n/id';

export interface PasswordInputProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'size' | 'value' | 'defaultValue'> {
  value?: string;
  defaultValue?: string;
  label: string;
  error?: string;
  className?: string;
}

/** A password field with a show/hide toggle; the toggle's name avoids the word "password" so labels stay unique. */
export function PasswordInput({ label, error, className, 'aria-describedby': describes, ...input }: PasswordInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          {...input}
          type={visible ? 'text' : 'password'}
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={[error ? errorId : null, describes].filter(Boolean).join(' ') || undefined}
        />
        <Button
          variant="outline-secondary"
          type="button"
          aria-label={visible ? t.common.hideCharacters : t.common.showCharacters}
          aria-pressed={visible}
          aria-controls={id}
          title={visible ? t.common.hideCharacters : t.common.showCharacters}
          onClick={() => setVisible((value) => !value)}
        >
          <i className={visible ? 'bi bi-eye-slash' : 'bi bi-eye'} aria-hidden="true" />
        </Button>
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}
