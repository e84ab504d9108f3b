/**
 * The wall's life: it loads, goes live, and ends for good when its token is refused. A refusal
 * after the board was shown means the token was revoked; a refusal before means it never worked.
 * Connection drops are not states here: the socket reconnects by itself while the wall is live.
 */
export type WallPhase = 'loading' | 'live' | 'revoked' | 'invalid';

export type WallEvent =
  /** The board's data arrived (REST or the socket's snapshot). */
  | { type: 'board-loaded' }
  /** REST or the socket refused the token. */
  | { type: 'refused' }
  /** The server announced the revocation. */
  | { type: 'revoked' };

export function initialWallPhase(token: string | null): WallPhase {
  return token ? 'loading' : 'invalid';
}

export function isFinal(phase: WallPhase): boolean {
  return phase === 'revoked' || phase === 'invalid';
}

export function wallReducer(phase: WallPhase, event: WallEvent): WallPhase {
  if (isFinal(phase)) return phase;
  switch (event.type) {
    case 'board-loaded':
      return 'live';
    case 'revoked':
      return 'revoked';
    case 'refused':
      return phase === 'live' ? 'revoked' : 'invalid';
  }
}

/** Whether the wall keeps a socket open (and reconnects it) in this phase. */
export function keepsConnection(phase: WallPhase): boolean {
  return !isFinal(phase);
}
