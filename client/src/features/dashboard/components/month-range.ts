import { dayjs, toApiDate } from '@/lib/dates';

/** The longest range the absent report accepts between its first and last day (doc1 §2.9). */
export const MAX_RANGE_MS = 31_536_000_000;

const DAY_MS = 86_400_000;

/** A calendar month; `month` is 0-based like Date and dayjs. */
export interface YearMonth {
  year: number;
  month: number;
}

export type RangeProblem = 'incomplete' | 'order' | 'future' | 'too-long';

export function monthIndex({ year, month }: YearMonth): number {
  return year * 12 + month;
}

export function sameMonth(a: YearMonth | null, b: YearMonth | null): boolean {
  return a !== null && b !== null && monthIndex(a) === monthIndex(b);
}

export function yearMonthOf(value: dayjs.ConfigType): YearMonth {
  const date = dayjs(value);
  return { year: date.year(), month: date.month() };
}

export function firstDayOf({ year, month }: YearMonth): string {
  return toApiDate(new Date(year, month, 1));
}

/** The end of a range snaps to the last day of its month. */
export function lastDayOf({ year, month }: YearMonth): string {
  return toApiDate(new Date(year, month + 1, 0));
}

/** Whole days between two YYYY-MM-DD dates in milliseconds, free of any time zone offset. */
function spanMs(start: string, end: string): number {
  const [sy, sm, sd] = start.split('-').map(Number);
  const [ey, em, ed] = end.split('-').map(Number);
  return Math.round((Date.UTC(ey, em - 1, ed) - Date.UTC(sy, sm - 1, sd)) / DAY_MS) * DAY_MS;
}

/** Months after the current month cannot be picked (their days all lie after today). */
export function isFutureMonth(candidate: YearMonth, today: dayjs.ConfigType = new Date()): boolean {
  return monthIndex(candidate) > monthIndex(yearMonthOf(today));
}

/** Whether a month can close a range that starts at `start` without passing the one-year limit. */
export function fitsAfter(start: YearMonth, candidate: YearMonth): boolean {
  if (monthIndex(candidate) < monthIndex(start)) return false;
  return spanMs(firstDayOf(start), lastDayOf(candidate)) <= MAX_RANGE_MS;
}

/** Why a range cannot be used, or null when it can. */
export function rangeProblem(
  start: YearMonth | null,
  end: YearMonth | null,
  today: dayjs.ConfigType = new Date(),
): RangeProblem | null {
  if (!start || !end) return 'incomplete';
  if (monthIndex(end) < monthIndex(start)) return 'order';
  if (isFutureMonth(start, today) || isFutureMonth(end, today)) return 'future';
  if (!fitsAfter(start, end)) return 'too-long';
  return null;
}

/** The dates the report is opened with: first day of the start month, last day of the end month. */
export function rangeDates(start: YearMonth, end: YearMonth): { startDate: string; endDate: string } {
  return { startDate: firstDayOf(start), endDate: lastDayOf(end) };
}

/**
 * Clicking months builds a range: the first click (or any click after a complete range, or a click
 * before the start) picks the start; the next click picks the end.
 */
export function pickMonth(
  range: { start: YearMonth | null; end: YearMonth | null },
  clicked: YearMonth,
): { start: YearMonth | null; end: YearMonth | null } {
  const { start, end } = range;
  if (!start || end || monthIndex(clicked) < monthIndex(start)) return { start: clicked, end: null };
  return { start, end: clicked };
}

/** Whether a month button is disabled: after this month, or too far after a chosen start. */
export function isMonthDisabled(
  candidate: YearMonth,
  range: { start: YearMonth | null; end: YearMonth | null },
  today: dayjs.ConfigType = new Date(),
): boolean {
  if (isFutureMonth(candidate, today)) return true;
  const { start, end } = range;
  if (start && !end && monthIndex(candidate) >= monthIndex(start)) return !fitsAfter(start, candidate);
  return false;
}
