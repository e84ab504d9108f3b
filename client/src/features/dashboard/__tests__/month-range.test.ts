import { describe, expect, it } from 'vitest';
import {
  fitsAfter,
  isMonthDisabled,
  lastDayOf,
  MAX_RANGE_MS,
  pickMonth,
  rangeDates,
  rangeProblem,
} from '../components/month-range';

const today = new Date(2025, 5, 14); // 14 June 2025
const ym = (year: number, month: number) => ({ year, month: month - 1 });

describe('absent report month range', () => {
  it('snaps the end to the last day of its month and starts on the first, as YYYY-MM-DD', () => {
    expect(rangeDates(ym(2025, 1), ym(2025, 6))).toEqual({ startDate: '2025-01-01', endDate: '2025-06-30' });
    expect(lastDayOf(ym(2024, 2))).toBe('2024-02-29');
    expect(lastDayOf(ym(2025, 2))).toBe('2025-02-28');
    expect(lastDayOf(ym(2024, 12))).toBe('2024-12-31');
  });

  it('allows the current month (its end may lie after today) but no later month', () => {
    expect(rangeProblem(ym(2025, 6), ym(2025, 6), today)).toBeNull();
    expect(rangeProblem(ym(2025, 6), ym(2025, 7), today)).toBe('future');
    expect(rangeProblem(ym(2026, 1), ym(2026, 1), today)).toBe('future');
    expect(isMonthDisabled(ym(2025, 7), { start: null, end: null }, today)).toBe(true);
    expect(isMonthDisabled(ym(2025, 6), { start: null, end: null }, today)).toBe(false);
  });

  it('limits the span to 31,536,000,000 ms between the first and the snapped last day', () => {
    expect(MAX_RANGE_MS).toBe(365 * 24 * 60 * 60 * 1000);
    // Twelve months fit, even across a leap year (1 Jan 2024 .. 31 Dec 2024 is exactly 365 days).
    expect(rangeProblem(ym(2024, 1), ym(2024, 12), today)).toBeNull();
    expect(rangeProblem(ym(2024, 7), ym(2025, 6), today)).toBeNull();
    // Thirteen months do not.
    expect(rangeProblem(ym(2024, 6), ym(2025, 6), today)).toBe('too-long');
    expect(fitsAfter(ym(2024, 3), ym(2025, 2))).toBe(true);
    expect(fitsAfter(ym(2024, 3), ym(2025, 3))).toBe(false);
  });

  it('needs both months, in order', () => {
    expect(rangeProblem(null, ym(2025, 1), today)).toBe('incomplete');
    expect(rangeProblem(ym(2025, 1), null, today)).toBe('incomplete');
    expect(rangeProblem(ym(2025, 3), ym(2025, 2), today)).toBe('order');
  });

  it('builds a range from clicks: start, then end; a click before the start or after a full range restarts', () => {
    let range = pickMonth({ start: null, end: null }, ym(2025, 2));
    expect(range).toEqual({ start: ym(2025, 2), end: null });
    range = pickMonth(range, ym(2025, 5));
    expect(range).toEqual({ start: ym(2025, 2), end: ym(2025, 5) });
    expect(pickMonth(range, ym(2025, 3))).toEqual({ start: ym(2025, 3), end: null });
    expect(pickMonth({ start: ym(2025, 4), end: null }, ym(2025, 1))).toEqual({ start: ym(2025, 1), end: null });
    expect(pickMonth({ start: ym(2025, 4), end: null }, ym(2025, 4))).toEqual({ start: ym(2025, 4), end: ym(2025, 4) });
  });

  it('disables the months too far after a chosen start, and none before it', () => {
    const range = { start: ym(2024, 8), end: null };
    expect(isMonthDisabled(ym(2025, 7), range, new Date(2025, 11, 1))).toBe(false);
    expect(isMonthDisabled(ym(2025, 8), range, new Date(2025, 11, 1))).toBe(true);
    expect(isMonthDisabled(ym(2024, 1), range, new Date(2025, 11, 1))).toBe(false);
  });
});
