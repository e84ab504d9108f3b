import Alert from 'react-bootstrap/Alert';
import { id as t } from '@/i18n/id';
import type { BulkOutcome } from '../api/decide-many';

const text = t.approvalAttendance;

export interface NamedOutcome extends BulkOutcome {
  name: string;
}

/** What one bulk decision did, per row: the skipped ones with why, then every row in a details list. */
export function BulkResultPanel({
  outcomes,
  decided,
  skipped,
  onClose,
}: {
  outcomes: NamedOutcome[];
  decided: number;
  skipped: number;
  onClose: () => void;
}) {
  const notDecided = outcomes.filter((item) => item.outcome !== 'decided');
  return (
    <Alert
      variant={notDecided.length > 0 ? 'warning' : 'success'}
      dismissible
      closeLabel={t.common.close}
      onClose={onClose}
      className="mb-0 py-2"
    >
      <p className="fw-semibold mb-1">{text.result.title(decided, skipped)}</p>
      {notDecided.length > 0 ? (
        <>
          <p className="fw-semibold mb-1 small">
            {text.bulk.skippedTitle} ({notDecided.length})
          </p>
          <ul className="mb-1 small">
            {notDecided.map((item) => (
              <li key={item.hash_id}>
                {item.name}: {item.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {outcomes.length > 0 ? (
        <details className="small">
          <summary>{text.result.details(outcomes.length)}</summary>
          <ul className="mb-0 bulk-result-list">
            {outcomes.map((item) => (
              <li key={item.hash_id}>
                {item.name}: {text.result.outcomes[item.outcome] ?? item.outcome}
                {item.near_man_power ? ` ${text.result.at(item.near_man_power.name)}` : ''}
                {item.outcome !== 'decided' && item.message ? ` (${item.message})` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Alert>
  );
}
