import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { id as t } from '@/i18n/id';
import type { LastDecision } from '../api/last-decision';

const text = t.approvalAttendance.undo;

/** 'm:ss' of the time left (never negative). */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What undoing `last` takes back, named: 'Urungkan: setujui Budi (1 absen)' for a decision of one
 * log, 'Urungkan: 79 absen disetujui' for a bulk one (its logs still as it left them).
 */
export function lastDecisionLabel(last: LastDecision): string {
  if (last.total === 1 && last.employee_name) return text.single(last.action, last.employee_name);
  return text.many(last.action, last.count);
}

/** Whether `last` may still be undone at `now` (ms). */
export function isUndoable(last: LastDecision | null | undefined, now: number): last is LastDecision {
  return Boolean(last) && Date.parse(last!.undo_until) > now;
}

/**
 * The approver's last action (the server's, so it survives a reload), named on its button with the
 * time left; `u` does the same. It leaves when the time is up.
 */
export function UndoBanner({
  last,
  busy,
  onUndo,
  onExpire,
}: {
  last: LastDecision;
  busy: boolean;
  onUndo: () => void;
  onExpire: () => void;
}) {
  const until = Date.parse(last.undo_until);
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
    <Alert
      variant="info"
      className="d-flex flex-wrap align-items-center gap-2 mb-0 py-2"
      role="region"
      aria-label={text.action}
      data-testid="undo-banner"
    >
      <span>{text.banner(formatRemaining(left))}</span>
      <Button size="sm" variant="outline-primary" onClick={onUndo} disabled={busy} aria-keyshortcuts="u">
        <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
        {lastDecisionLabel(last)}
      </Button>
    </Alert>
  );
}
