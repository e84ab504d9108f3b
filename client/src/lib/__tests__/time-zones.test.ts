import { describe, expect, it } from 'vitest';
import { zonedTime } from '@/components/attendance-log/format';
import { twoMonthWindow } from '@/components/date-range';
import { latestPlacementToday, placementTodayRange, todayIn } from '@/lib/dates';

// 30 November 2026, 23:30 WIB = 16:30 UTC: WITA and WIT are already on 1 December.
const HALF_PAST_ELEVEN_WIB = new Date('2026-11-30T16:30:00Z');

describe('the time-zone rule on the client', () => {
  it('knows each zone has its own today', () => {
    expect(todayIn('Asia/Jakarta', HALF_PAST_ELEVEN_WIB)).toBe('2026-11-30');
    expect(todayIn('Asia/Makassar', HALF_PAST_ELEVEN_WIB)).toBe('2026-12-01');
    expect(latestPlacementToday(HALF_PAST_ELEVEN_WIB)).toBe('2026-12-01');
  });

  it('defaults "today" to every placement\'s today, WIB to WIT', () => {
    expect(placementTodayRange(HALF_PAST_ELEVEN_WIB)).toEqual({ start: '2026-11-30', end: '2026-12-01' });
    expect(placementTodayRange(new Date('2026-11-30T03:00:00Z'))).toEqual({ start: '2026-11-30', end: '2026-11-30' });
  });

  it('lets the date filters reach the latest placement today', () => {
    expect(twoMonthWindow(latestPlacementToday(HALF_PAST_ELEVEN_WIB))).toEqual({ min: '2026-10-01', max: '2026-12-01' });
  });

  it('shows a time with its zone', () => {
    expect(zonedTime('00:20:52', 'WITA')).toBe('00.20 WITA');
    expect(zonedTime('', 'WIT')).toBe('');
  });
});
