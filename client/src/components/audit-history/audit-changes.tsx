import { id as t } from '@/i18n/id';
import { formatDatesIn } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import type { AuditChange } from './audit-api';

const text = t.audit;

/** A stored value as the reader reads it: dates, times and numbers by lib/dates and lib/format (§18), yes/no, lists joined, empty marked. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return text.emptyValue;
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (Array.isArray(value)) return value.length === 0 ? text.emptyValue : value.map(auditValueText).join(', ');
  if (typeof value === 'string') return formatDatesIn(value);
  if (typeof value === 'number') return formatNumber(value);
  return JSON.stringify(value);
}

export function auditFieldLabel(field: string): string {
  return text.fields[field] ?? field;
}

/** Each changed field: its label, then before → after. */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <span className="text-muted">-</span>;
  return (
    <ul className="list-unstyled mb-0 small audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="fw-semibold">{auditFieldLabel(change.field)}</span>: {auditValueText(change.before)}{' '}
          <span aria-label="menjadi">→</span> {auditValueText(change.after)}
        </li>
      ))}
    </ul>
  );
}
