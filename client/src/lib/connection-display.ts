import { useEffect, useState } from 'react';
import type { ConnectionState } from './realtime';

/**
 * How long the socket may be down before the indicator says 'Terputus'. Page loads, reconnects
 * after a deploy and a sleeping laptop waking up all take a moment: until then it says
 * 'Menghubungkan…' (amber), so red means a real loss, never a flash on load.
 */
export const DISCONNECTED_GRACE_MS = 4_000;

/** The connection state to show: 'closed' only after `graceMs` without an open socket. */
export function useDisplayedConnection(state: ConnectionState, graceMs = DISCONNECTED_GRACE_MS): ConnectionState {
  const open = state === 'open';
  const [lost, setLost] = useState(false);
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setLost(true), graceMs);
    return () => {
      clearTimeout(timer);
      setLost(false);
    };
  }, [open, graceMs]);
  if (open) return 'open';
  return lost ? 'closed' : 'connecting';
}
