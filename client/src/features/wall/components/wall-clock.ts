import { dayjs } from '@/lib/dates';

const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/** The UTC offset (minutes) written at the end of an ISO time, 0 for 'Z' or none. */
export function utcOffsetMinutes(iso: string): number {
  const match = OFFSET.exec(iso);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** How far the server's clock is ahead of this machine's, measured when `serverTime` arrived. */
export function clockSkewMs(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/**
 * The server's wall-clock time at `now`: a wall machine with a wrong clock or time zone still shows
 * the office's time. Returned as a local Date holding the server's calendar fields, for formatting.
 */
export function serverClock(now: number, skewMs: number, offsetMinutes: number): Date {
  const shifted = new Date(now + skewMs + offsetMinutes * 60_000);
  return new Date(
    shifted.getUTCFullYear(),
    shifted.getUTCMonth(),
    shifted.getUTCDate(),
    shifted.getUTCHours(),
    shifted.getUTCMinutes(),
    shifted.getUTCSeconds(),
  );
}

export function formatClock(date: Date): { time: string; date: string } {
  const value = dayjs(date);
  return { time: value.format('HH:mm:ss'), date: value.format('dddd, D MMMM YYYY') };
}

const INDONESIAN_ZONES: Record<number, string> = { 420: 'WIB', 480: 'WITA', 540: 'WIT' };

/** 'WIB', 'WITA' or 'WIT' for the server's UTC offset ('UTC+05:30' style otherwise). */
export function zoneAbbreviation(offsetMinutes: number): string {
  const known = INDONESIAN_ZONES[offsetMinutes];
  if (known) return known;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
