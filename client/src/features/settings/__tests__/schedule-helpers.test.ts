import { describe, expect, it } from 'vitest';
import { datesBetween } from '../components/holiday-form';
import { selectableYears } from '../components/holiday-year-modal';
import { checkInStart, shiftSchema, emptyShift } from '../components/shift-fields';

describe('Mulai Check In (time_in minus the minimum check-in hours)', () => {
  it('wraps past midnight', () => {
    expect(checkInStart('08:00', 2)).toBe('06:00');
    expect(checkInStart('01:30', 3)).toBe('22:30');
    expect(checkInStart('00:00', 0)).toBe('00:00');
    expect(checkInStart('19:00:00', 23)).toBe('20:00');
  });

  it('shows a dash until both are known', () => {
    expect(checkInStart('', 2)).toBe('-');
    expect(checkInStart('08:00', undefined)).toBe('-');
  });
});

describe('holiday dates', () => {
  it('lists every day of a range, none for an incomplete or reversed one', () => {
    expect(datesBetween('2027-02-27', '2027-03-01')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(datesBetween('2027-03-01', '2027-02-27')).toEqual([]);
    expect(datesBetween('2027-03-01', '')).toEqual([]);
  });

  it('offers last year to five years ahead for a new year', () => {
    expect(selectableYears(new Date(2026, 10, 23))).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031]);
  });
});

describe('shift form rules (doc3 §5)', () => {
  it('names every missing field in the spec words', () => {
    const result = shiftSchema.safeParse({ ...emptyShift, late_in_minutes: undefined, minimum_check_in_time: 24 });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      name: 'Nama harus diisi',
      time_in: 'Jam masuk harus diisi',
      time_out: 'Jam keluar harus diisi',
      break_start: 'Jam mulai istirahat harus diisi',
      break_end: 'Jam akhir istirahat harus diisi',
      late_in_minutes: 'Lama toleransi terlambat harus diisi',
      minimum_check_in_time: 'Minimum check in time harus berupa jam (0-23)',
    });
  });
});
