import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  loading: boolean;
  children: ReactNode;
}

/** A submit button that keeps its name while busy and cannot be pressed twice. */
export function SubmitButton({ loading, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled || loading} aria-busy={loading} {...props}>
      {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
