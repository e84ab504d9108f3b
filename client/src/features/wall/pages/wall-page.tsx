import { useEffect, useReducer } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { id as t } from '@/i18n/id';
import { startRealtime, stopRealtime, useConnectionState, useTopic, WALL_TOPIC } from '@/lib/realtime';
import { issueDisplayTicket, isRefused, verifyDisplayToken, wallBoardQuery } from '../api/display-api';
import { useWallToken } from '../api/wall-token';
import { WallBoard, ConnectionBadge } from '../components/wall-board';
import { initialWallPhase, keepsConnection, wallReducer } from '../components/wall-state';
import '../components/wall.css';

const text = t.wall;

function Blank({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="wall-blank" role="alert">
      <i className="bi bi-display wall-blank-icon" aria-hidden="true" />
      <h1 className="wall-blank-title">{title}</h1>
      <p className="wall-blank-hint">{hint}</p>
    </div>
  );
}

/**
 * The wall display: a read-only, full-screen board opened with `/wall#token=<display token>` (the
 * fragment stays in the browser; an old `?token=` link is rewritten to it: api/wall-token.ts). No
 * sign-in: its REST calls and socket tickets carry the display token. The socket reconnects by
 * itself for as long as the token stands; a revoked token blanks the board and ends everything.
 */
export function WallPage() {
  const token = useWallToken();
  const queryClient = useQueryClient();
  const [phase, dispatch] = useReducer(wallReducer, initialWallPhase(token));
  const connected = keepsConnection(phase) && token !== null;
  const connection = useConnectionState();
  const board = useQuery({ ...wallBoardQuery(token ?? ''), enabled: connected });

  useEffect(() => {
    if (board.data) dispatch({ type: 'board-loaded' });
  }, [board.data]);

  useEffect(() => {
    if (isRefused(board.error)) dispatch({ type: 'refused' });
  }, [board.error]);

  useEffect(() => {
    if (!connected || !token) return;
    // A signed-in tab that navigates here hands its socket over to the display.
    stopRealtime();
    startRealtime(queryClient, {
      ticket: () => issueDisplayTicket(token),
      verifyAfterUnauthorized: () => verifyDisplayToken(token),
      onStop: (reason) => {
        if (reason === 'revoked') dispatch({ type: 'revoked' });
        else if (reason === 'unauthorized') dispatch({ type: 'refused' });
      },
    });
    return () => stopRealtime();
  }, [connected, token, queryClient]);

  useTopic(connected ? WALL_TOPIC : null);

  // Nothing of a revoked or refused board stays on screen or in memory.
  useEffect(() => {
    if (!connected) queryClient.removeQueries({ queryKey: [WALL_TOPIC] });
  }, [connected, queryClient]);

  let content;
  if (phase === 'revoked') content = <Blank title={text.revoked} hint={text.revokedHint} />;
  else if (phase === 'invalid') content = <Blank title={text.invalid} hint={text.invalidHint} />;
  else if (!board.data) {
    content = (
      <div className="wall-blank" aria-busy="true">
        <div className="spinner-border text-light mb-4" role="presentation" />
        <p className="wall-blank-hint">{t.common.loading}</p>
        <ConnectionBadge state={connection} />
      </div>
    );
  } else {
    content = (
      <WallBoard
        name={board.data.display_name}
        counts={board.data.counts}
        sites={board.data.sites ?? []}
        arrivals={board.data.arrivals ?? []}
        serverTime={board.data.server_time}
        connection={connection}
      />
    );
  }

  return <div className="wall-page" data-phase={phase}>{content}</div>;
}
