import Badge from 'react-bootstrap/Badge';
import { sla } from '@/i18n/sla.id';

/**
 * 'Lewat batas' (setting/approval_sla): the mark of a waiting row past its queue's deadline and the
 * queues' filter chip (a toggle button). Both approval queues use them.
 */
export function OverdueBadge({ overdue }: { overdue: boolean | undefined }) {
  if (!overdue) return null;
  return (
    <Badge bg="danger" className="ms-1" data-testid="overdue-badge">
      {sla.overdue}
    </Badge>
  );
}

export function OverdueChip({ active, onChange }: { active: boolean; onChange: (active: boolean) => void }) {
  return (
    <button
      type="button"
      className={`btn btn-sm rounded-pill ${active ? 'btn-danger' : 'btn-outline-danger'}`}
      aria-pressed={active}
      onClick={() => onChange(!active)}
    >
      {sla.overdueFilter}
    </button>
  );
}
