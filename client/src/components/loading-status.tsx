import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';

/** A centred spinner with its text, announced as a status (a modal waiting for its record). */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <div className="text-center py-4" role="status">
      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      {children}
    </div>
  );
}
