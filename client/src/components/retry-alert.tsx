import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** A failed load: its message and a retry button beside it. */
export function RetryAlert({ message, retryLabel, onRetry, className }: { message: string; retryLabel: string; onRetry: () => void; className?: string }) {
  return (
    <Alert variant="danger" className={`d-flex align-items-center justify-content-between${className ? ` ${className}` : ''}`}>
      {message}
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
