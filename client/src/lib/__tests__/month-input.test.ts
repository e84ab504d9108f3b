import { describe, expect, it } from 'vitest';
import { MONTH_NAMES, monthInBounds, monthText, parseMonthText, shiftMonth } from '../month-input';
import { joinDateTime, parseTimeText, splitDateTime } from '../time-input';

describe('month input text', () => {
  it('names the months in Indonesian', () => {
    expect(MONTH_NAMES).toEqual([
      'Januari',
      'Februari',
      'Maret',
      'April',
      'Mei',
      'Juni',
      'Juli',
      'Agustus',
      'September',
      'Oktober',
      'November',
      'Desember',
    ]);
    expect(monthText('2026-11')).toBe('November 2026');
    expect(monthText('2026-13')).toBe('');
    expect(monthText('')).toBe('');
  });

  it.each([
    ['November 2026', '2026-11'],
    ['november 2026', '2026-11'],
    ['  Nov   2026 ', '2026-11'],
    ['Nop 2026', '2026-11'],
    ['Agt 2025', '2025-08'],
    ['Agu 2025', '2025-08'],
    ['agustus 2025', '2025-08'],
    ['Mei 2024', '2024-05'],
    ['May 2024', '2024-05'],
    ['Oct 2024', '2024-10'],
    ['Des. 2024', '2024-12'],
    ['11/2026', '2026-11'],
    ['1/2026', '2026-01'],
    ['01-2026', '2026-01'],
    ['2026-11', '2026-11'],
    ['2026-1', '2026-01'],
    ['', ''],
    ['   ', ''],
  ])('reads %j as %j', (text, month) => {
    expect(parseMonthText(text)).toBe(month);
  });

  it.each(['13/2026', '0/2026', 'Novem 2026x', 'Xyz 2026', 'No 2026', '2026', '11/26', 'November'])('refuses %j', (text) => {
    expect(parseMonthText(text)).toBeNull();
  });

  it('round-trips every month and checks bounds', () => {
    for (let month = 1; month <= 12; month += 1) {
      const value = `2026-${String(month).padStart(2, '0')}`;
      expect(parseMonthText(monthText(value))).toBe(value);
    }
    expect(monthInBounds('2026-05', '2026-01', '2026-05')).toBe(true);
    expect(monthInBounds('2026-06', '2026-01', '2026-05')).toBe(false);
    expect(monthInBounds('2025-12', '2026-01')).toBe(false);
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', 12)).toBe('2027-11');
  });
});

describe('24-hour time text', () => {
  it.each([
    ['08:30', '08:30'],
    ['8:30', '08:30'],
    ['8.30', '08:30'],
    ['0830', '08:30'],
    ['14', '14:00'],
    ['23:59', '23:59'],
    ['08:00:00', '08:00'],
    ['', ''],
  ])('reads %j as %j', (text, time) => {
    expect(parseTimeText(text)).toBe(time);
  });

  it.each(['24:00', '12:60', '2:5', '8 pm', 'jam 8'])('refuses %j', (text) => {
    expect(parseTimeText(text)).toBeNull();
  });

  it('splits and joins a datetime-local value', () => {
    expect(splitDateTime('2026-11-27T14:30')).toEqual({ date: '2026-11-27', time: '14:30' });
    expect(splitDateTime('')).toEqual({ date: '', time: '' });
    expect(joinDateTime('2026-11-27', '14:30')).toBe('2026-11-27T14:30');
    expect(joinDateTime('2026-11-27', '')).toBe('');
  });
});
