import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { id as t } from '@/i18n/id';

const text = t.approvalAttendance.undo;

export interface UndoableBatch {
  batch: string;
  /** ISO datetime: the last moment undo_many accepts the batch. */
  until: string;
  count: number;
}

/** 'm:ss' of the time left (never negative). */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'Urungkan' for the last bulk decision, with the time left; it leaves when the time is up. */
export function UndoBanner({
  batch,
  busy,
  onUndo,
  onExpire,
}: {
  batch: UndoableBatch;
  busy: boolean;
  onUndo: () => void;
  onExpire: () => void;
}) {
  const until = Date.parse(batch.until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = until - now;
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);
  if (left <= 0) return null;
  return (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 mb-0 py-2" role="region" aria-label={text.action}>
      <span>{text.banner(batch.count)}</span>
      <Button size="sm" variant="outline-primary" onClick={onUndo} disabled={busy}>
        <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
        {text.remaining(formatRemaining(left))}
      </Button>
    </Alert>
  );
}
