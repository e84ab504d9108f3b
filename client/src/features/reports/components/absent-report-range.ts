import { dayjs } from '@/lib/dates';
import type { AbsentReportRange } from '../api/absent-report';

/** The longest span the report accepts, as the dashboard's picker allows it (doc1 §2.9). */
const MAX_RANGE_MS = 31_536_000_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(value: string): number | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // 2025-02-30 parses to March: not a real date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return time;
}

/** The range of `?s=&e=`, or null when either date is malformed, reversed or more than a year apart. */
export function parseReportRange(start: string | null, end: string | null): AbsentReportRange | null {
  if (!start || !end) return null;
  const from = utcDay(start);
  const to = utcDay(end);
  if (from === null || to === null || to < from || to - from > MAX_RANGE_MS) return null;
  return { startDate: start, endDate: end };
}

/** 'Januari 2025 - Juni 2025' (one month: 'Juni 2025'). */
export function monthRangeLabel({ startDate, endDate }: AbsentReportRange): string {
  const start = dayjs(startDate).format('MMMM YYYY');
  const end = dayjs(endDate).format('MMMM YYYY');
  return start === end ? start : `${start} - ${end}`;
}
