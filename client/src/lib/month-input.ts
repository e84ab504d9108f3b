import { dayjs } from './dates';

/**
 * The text of the app's month input (DESIGN §18): people read 'November 2026' (Indonesian month
 * names whatever the browser's language) and may type it, abbreviated ('nov 2026', 'Agt 2026',
 * 'Agu 2026'), as numbers ('11/2026', '11-2026', '2026-11') or with an English name ('Aug 2026');
 * the API gets 'YYYY-MM'.
 */

/** Indonesian month names, January first ('Januari' … 'Desember'). */
export const MONTH_NAMES: readonly string[] = Array.from({ length: 12 }, (_, month) => dayjs('2000-01-01').month(month).format('MMMM'));

// Names (and their common short forms) in Indonesian, then English; the first 3 letters of every
// full name are accepted too.
const EXTRA_NAMES: Record<string, number> = {
  agt: 8,
  agu: 8,
  nop: 11,
  peb: 2,
  january: 1,
  february: 2,
  march: 3,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  october: 10,
  oct: 10,
  december: 12,
  dec: 12,
};

function monthOfName(name: string): number | null {
  const word = name.toLowerCase().replace(/\.$/, '');
  if (word.length < 3) return null;
  const full = MONTH_NAMES.findIndex((month) => month.toLowerCase() === word || month.toLowerCase().slice(0, 3) === word);
  if (full >= 0) return full + 1;
  return EXTRA_NAMES[word] ?? null;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function valid(year: number, month: number | null): string | null {
  if (month === null || month < 1 || month > 12 || year < 1000 || year > 9999) return null;
  return `${pad(year, 4)}-${pad(month)}`;
}

const NAMED = /^([A-Za-z]+\.?)[\s,/-]*(\d{4})$/;
const NUMERIC = /^(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const API = /^(\d{4})-(\d{1,2})$/;

/** Typed text → 'YYYY-MM'; '' for empty text, null when it is not a month. */
export function parseMonthText(text: string): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (!value) return '';
  const named = NAMED.exec(value);
  if (named) return valid(Number(named[2]), monthOfName(named[1]));
  const numeric = NUMERIC.exec(value);
  if (numeric) return valid(Number(numeric[2]), Number(numeric[1]));
  const api = API.exec(value);
  if (api) return valid(Number(api[1]), Number(api[2]));
  return null;
}

/** 'YYYY-MM' → 'November 2026' ('' for '' or anything that is not one). */
export function monthText(apiMonth: string): string {
  const api = API.exec(apiMonth);
  if (!api) return '';
  const month = Number(api[2]);
  return month >= 1 && month <= 12 ? `${MONTH_NAMES[month - 1]} ${api[1]}` : '';
}

/** Whether 'YYYY-MM' lies inside [min, max] (either bound optional, same format). */
export function monthInBounds(apiMonth: string, min?: string, max?: string): boolean {
  return !((min && apiMonth < min) || (max && apiMonth > max));
}

/** 'YYYY-MM' moved by `months` (negative goes back). */
export function shiftMonth(apiMonth: string, months: number): string {
  return dayjs(`${apiMonth}-01`).add(months, 'month').format('YYYY-MM');
}
