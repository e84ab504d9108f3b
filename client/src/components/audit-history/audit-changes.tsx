import { id as t } from '@/i18n/id';
import { formatTableDate, formatTableDateTime } from '@/lib/dates';
import type { AuditChange } from './audit-api';

const text = t.audit;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A stored value as the reader reads it: dates by lib/dates, yes/no, lists joined, empty marked. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return text.emptyValue;
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (Array.isArray(value)) return value.length === 0 ? text.emptyValue : value.map(auditValueText).join(', ');
  if (typeof value === 'string') {
    if (DATE.test(value)) return formatTableDate(value);
    if (MOMENT.test(value)) return formatTableDateTime(value);
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString('id-ID');
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
