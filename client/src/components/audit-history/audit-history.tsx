import { useQuery } from '@tanstack/react-query';
import { id as t } from '@/i18n/id';
import { formatTableDateTime } from '@/lib/dates';
import { useTopic } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { AUDIT_FLAG, AUDIT_TOPIC, auditApi, auditKeys, type AuditObjectType } from './audit-api';
import { AuditChanges } from './audit-changes';

const text = t.audit;

export interface AuditHistoryProps {
  objectType: AuditObjectType;
  /** The object's public id (hash_id). */
  objectId: string;
  /** The heading level of 'Riwayat' (default h3). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * 'Riwayat': who changed this object, when, and each field before → after (newest first). Shown on the
 * detail of a log, an izin, an employee, a shift, a level and an announcement; the server lets the
 * readers of the object read it. A reader holding allow_audit follows the `audit` topic, so a change
 * made elsewhere appears without a reload.
 */
export function AuditHistory({ objectType, objectId, headingLevel = 'h3' }: AuditHistoryProps) {
  const live = Boolean(useSession().access[AUDIT_FLAG]);
  useTopic(live ? AUDIT_TOPIC : null);
  const history = useQuery({
    queryKey: auditKeys.history(objectType, objectId),
    queryFn: ({ signal }) => auditApi.history(objectType, objectId, signal),
    enabled: objectId !== '',
  });
  const Heading = headingLevel;
  const rows = history.data?.rows ?? [];
  return (
    <section className="audit-history mt-3" aria-label={text.historyTitle}>
      <Heading className="h6">{text.historyTitle}</Heading>
      {history.isError ? <p className="text-danger small mb-0">{text.historyFailed}</p> : null}
      {history.isPending ? <p className="text-muted small mb-0" aria-busy="true">…</p> : null}
      {history.isSuccess && rows.length === 0 ? <p className="text-muted small mb-0">{text.historyEmpty}</p> : null}
      {rows.length > 0 ? (
        <ol className="list-unstyled mb-0">
          {rows.map((row) => (
            <li key={row.hash_id} className="border-start border-2 ps-2 mb-2">
              <div className="small">
                <span className="fw-semibold">{text.actions[row.action] ?? row.action_label}</span>
                {' · '}
                {row.actor}
                {' · '}
                <time dateTime={row.at}>{formatTableDateTime(row.at)}</time>
              </div>
              <AuditChanges changes={row.changes} />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
