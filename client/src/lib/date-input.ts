import { dayjs } from './dates';

/**
 * The text of the app's date input (DESIGN §18): people type and read dd/mm/yyyy, the API gets
 * 'YYYY-MM-DD'. A pasted 'YYYY-MM-DD' (from a spreadsheet or an API answer) is understood as well.
 */

const DISPLAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function validDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const date = dayjs(`${pad(year, 4)}-${pad(month)}-01`);
  if (day > date.daysInMonth()) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 'dd/mm/yyyy' (also d/m/yyyy, dd-mm-yyyy, dd.mm.yyyy) or 'YYYY-MM-DD' → 'YYYY-MM-DD'; '' for '', null when not a date. */
export function parseDateText(text: string): string | null {
  const value = text.trim();
  if (!value) return '';
  const display = DISPLAY.exec(value);
  if (display) return validDate(Number(display[3]), Number(display[2]), Number(display[1]));
  const iso = ISO.exec(value);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** 'YYYY-MM-DD' → 'dd/mm/yyyy' ('' for '' or anything that is not one). */
export function dateText(apiDate: string): string {
  const iso = ISO.exec(apiDate);
  return iso ? `${pad(Number(iso[3]))}/${pad(Number(iso[2]))}/${iso[1]}` : '';
}

/** Whether an API date lies inside [min, max] (either bound optional). */
export function inBounds(apiDate: string, min?: string, max?: string): boolean {
  return !((min && apiDate < min) || (max && apiDate > max));
}

/** The six weeks (Monday first, Indonesian calendars) shown for the month of `month` ('YYYY-MM-DD'). */
export function calendarWeeks(month: string): string[][] {
  const first = dayjs(month).startOf('month');
  const offset = (first.day() + 6) % 7;
  const start = first.subtract(offset, 'day');
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => start.add(week * 7 + day, 'day').format('YYYY-MM-DD')),
  );
}

/** The day a calendar key moves to from `day`, or null for a key the grid does not handle. */
export function movedDay(day: string, key: string, shift = false): string | null {
  const date = dayjs(day);
  const weekday = (date.day() + 6) % 7;
  const moves: Record<string, () => dayjs.Dayjs> = {
    ArrowLeft: () => date.subtract(1, 'day'),
    ArrowRight: () => date.add(1, 'day'),
    ArrowUp: () => date.subtract(7, 'day'),
    ArrowDown: () => date.add(7, 'day'),
    Home: () => date.subtract(weekday, 'day'),
    End: () => date.add(6 - weekday, 'day'),
    PageUp: () => date.subtract(1, shift ? 'year' : 'month'),
    PageDown: () => date.add(1, shift ? 'year' : 'month'),
  };
  const move = moves[key];
  return move ? move().format('YYYY-MM-DD') : null;
}

/** The nearest day inside [min, max]. */
export function clampDay(day: string, min?: string, max?: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}
