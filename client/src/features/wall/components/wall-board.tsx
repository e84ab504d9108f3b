import { useEffect, useId, useState, type ReactNode } from 'react';
import { id as t } from '@/i18n/id';
import { formatCount } from '@/lib/format';
import { useDisplayedConnection } from '@/lib/connection-display';
import type { ConnectionState } from '@/lib/realtime';
import type { WallArrival, WallCounts, WallSite } from '../api/display-api';
import { ArrivalsPanel, SitesPanel } from './wall-live-panels';
import { clockSkewMs, formatClock, serverClock, utcOffsetMinutes, zoneAbbreviation } from './wall-clock';

const text = t.wall;
const connectionLabels: Record<ConnectionState, string> = t.shell.connection;

function Tile({
  label,
  scope,
  value,
  tone,
  children,
}: {
  label: string;
  /** What the number counts (period, filter), so equal scopes read equal everywhere. */
  scope: string;
  value?: number;
  tone: string;
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <section className={`wall-tile wall-tile-${tone}`} aria-labelledby={labelId}>
      <h2 className="wall-tile-label" id={labelId}>
        {label}
      </h2>
      <p className="wall-tile-scope">{scope}</p>
      {value !== undefined ? <p className="wall-tile-value">{formatCount(value)}</p> : null}
      {children}
    </section>
  );
}

function SubCount({ label, value, main = false }: { label: string; value: number; main?: boolean }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={`wall-subcount${main ? ' wall-subcount-main' : ''}`}>
      <span className="wall-subcount-value">{formatCount(value)}</span>
      <span className="wall-subcount-label" id={labelId}>
        {label}
      </span>
    </div>
  );
}

/**
 * Today's absences, once they can be known: an employee counts once their shift's start plus its
 * late tolerance has passed without a check-in. Before any site is there: "menunggu jam masuk".
 */
export function AbsentTile({ absence }: { absence: WallCounts['absence_today'] }) {
  if (!absence.known) {
    return (
      <Tile label={text.absent} scope={text.absentScope} tone="secondary">
        <p className="wall-tile-waiting">{text.absentWaiting}</p>
      </Tile>
    );
  }
  const partial = absence.sites_known < absence.sites_total;
  return (
    <Tile
      label={text.absent}
      scope={partial ? text.absentPartial(absence.sites_known, absence.sites_total) : text.absentScope}
      value={absence.absent}
      tone="secondary"
    />
  );
}

function Clock({ serverTime }: { serverTime: string }) {
  const [now, setNow] = useState(() => Date.now());
  // Measured when a server time arrives (each snapshot brings a fresh one; counts events do not).
  const [skew, setSkew] = useState(() => clockSkewMs(serverTime, Date.now()));
  useEffect(() => setSkew(clockSkewMs(serverTime, Date.now())), [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const offset = utcOffsetMinutes(serverTime);
  const clock = formatClock(serverClock(now, skew, offset));
  return (
    <div className="wall-clock" role="timer" aria-label={text.clock}>
      <div className="wall-clock-time">
        {clock.time} <span className="wall-clock-zone">{zoneAbbreviation(offset)}</span>
      </div>
      <div className="wall-clock-date">{clock.date}</div>
    </div>
  );
}

export function ConnectionBadge({ state: actual }: { state: ConnectionState }) {
  const state = useDisplayedConnection(actual);
  const label = connectionLabels[state];
  return (
    <span className={`wall-connection wall-connection-${state}`} role="status" aria-label={label} data-state={state}>
      <span className="wall-connection-dot" aria-hidden="true" />
      <span aria-hidden="true">{label}</span>
    </span>
  );
}

export interface WallBoardProps {
  name: string;
  counts: WallCounts;
  sites: WallSite[];
  arrivals: WallArrival[];
  serverTime: string;
  connection: ConnectionState;
}

/**
 * The board, laid out for a 1920x1080 screen read from 5 m (no text under 28 px there): the four
 * counts across the top, the per-site split and the latest arrivals below. In portrait (a phone) it
 * is one column that scrolls.
 */
export function WallBoard({ name, counts, sites, arrivals, serverTime, connection }: WallBoardProps) {
  return (
    <div className="wall-board">
      <header className="wall-header">
        <div className="wall-brand">
          <img src="/logo.svg" alt="" width="56" height="56" />
          <div>
            <h1 className="wall-name">{name}</h1>
            <ConnectionBadge state={connection} />
          </div>
        </div>
        <Clock serverTime={serverTime} />
      </header>
      <main className="wall-main">
        <div className="wall-grid">
          <Tile label={text.checkedIn} scope={text.checkedInScope} tone="primary">
            <div className="wall-subcounts">
              <SubCount label={text.received} value={counts.checkins_received_today} main />
              <SubCount label={text.approved} value={counts.checked_in_today} />
            </div>
          </Tile>
          <Tile label={text.waiting} scope={text.waitingScope} tone="warning">
            <div className="wall-subcounts">
              <SubCount label={text.waitingAttendance} value={counts.attendance_waiting} />
              <SubCount label={text.waitingIzin} value={counts.izin_waiting} />
            </div>
          </Tile>
          <Tile label={text.late} scope={text.lateScope} value={counts.late_today} tone="danger" />
          <AbsentTile absence={counts.absence_today} />
        </div>
        <div className="wall-lower">
          <SitesPanel sites={sites} />
          <ArrivalsPanel arrivals={arrivals} />
        </div>
      </main>
    </div>
  );
}
