import { id as t } from '@/i18n/id';
import { useDisplayedConnection } from '@/lib/connection-display';
import type { ConnectionState } from '@/lib/realtime';

const labels: Record<ConnectionState, string> = {
  open: t.shell.connection.open,
  connecting: t.shell.connection.connecting,
  closed: t.shell.connection.closed,
};

/** The header's live-connection dot; red 'Terputus' only after a real loss (see useDisplayedConnection). */
export function ConnectionIndicator({ state: actual }: { state: ConnectionState }) {
  const state = useDisplayedConnection(actual);
  const label = labels[state];
  return (
    <span className="connection-indicator" role="status" aria-label={label} data-state={state} title={label}>
      <span className={`connection-dot connection-dot-${state}`} aria-hidden="true" />
      <span className="connection-text d-none d-md-inline" aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
