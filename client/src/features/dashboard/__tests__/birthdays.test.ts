import { describe, expect, it } from 'vitest';
import { birthdayMarker, nextBirthday, requestPagesFor, rowsForScreen, screenPageCount, showsPagination } from '../components/birthdays';

const rows = (page: number, count: number) => Array.from({ length: count }, (_, index) => `r${(page - 1) * 5 + index}`);

describe('birthday pagination (3 a screen, fetched 5 a request)', () => {
  it('shows pagination only above 3 birthdays', () => {
    expect(showsPagination(0)).toBe(false);
    expect(showsPagination(3)).toBe(false);
    expect(showsPagination(4)).toBe(true);
    expect(screenPageCount(0)).toBe(1);
    expect(screenPageCount(3)).toBe(1);
    expect(screenPageCount(7)).toBe(3);
  });

  it('maps each screen page to the request pages holding its rows', () => {
    expect(requestPagesFor(1)).toEqual([1]);
    expect(requestPagesFor(2)).toEqual([1, 2]);
    expect(requestPagesFor(3)).toEqual([2]);
    expect(requestPagesFor(4)).toEqual([2, 3]);
    expect(requestPagesFor(5)).toEqual([3]);
    expect(requestPagesFor(6)).toEqual([4]);
  });

  it('cuts the screen rows out of the fetched pages', () => {
    const fetched = new Map([
      [1, rows(1, 5)],
      [2, rows(2, 2)],
    ]);
    expect(rowsForScreen(1, fetched)).toEqual(['r0', 'r1', 'r2']);
    expect(rowsForScreen(2, fetched)).toEqual(['r3', 'r4', 'r5']);
    expect(rowsForScreen(3, fetched)).toEqual(['r6']);
    expect(rowsForScreen(4, fetched)).toEqual([]);
    // A page still loading gives no rows rather than wrong ones.
    expect(rowsForScreen(2, new Map([[1, rows(1, 5)]]))).toEqual(['r3', 'r4']);
  });
});

describe('birthday marker', () => {
  const today = new Date(2025, 5, 14); // Saturday 14 June 2025

  it("says 'Hari ini' for today and 'Besok' for tomorrow", () => {
    expect(birthdayMarker({ keterangan: 'today', birth_date: '1990-06-14' }, today)).toBe('Hari ini');
    expect(birthdayMarker({ keterangan: 'tomorrow', birth_date: '1990-06-15' }, today)).toBe('Besok');
    expect(birthdayMarker({ keterangan: 'anything else', birth_date: '1990-06-15' }, today)).toBe('Besok');
  });

  it('names the day of a birthday later in the week', () => {
    expect(birthdayMarker({ keterangan: 'upcoming', birth_date: '1988-06-18' }, today)).toBe('Rabu, 18 Juni');
  });

  it('finds the next celebration, rolling into next year and handling 29 February', () => {
    expect(nextBirthday('1990-06-14', today).format('YYYY-MM-DD')).toBe('2025-06-14');
    expect(nextBirthday('1990-01-02', today).format('YYYY-MM-DD')).toBe('2026-01-02');
    expect(nextBirthday('2000-02-29', new Date(2025, 1, 27)).format('YYYY-MM-DD')).toBe('2025-02-28');
    expect(nextBirthday('2000-02-29', new Date(2028, 1, 27)).format('YYYY-MM-DD')).toBe('2028-02-29');
  });
});
