import dayjs from 'dayjs';
import 'dayjs/locale/id';

dayjs.locale('id');

export const API_DATE = 'YYYY-MM-DD';
export const API_TIME = 'HH:mm:ss';

/** Date sent to the server: YYYY-MM-DD. */
export function toApiDate(value: dayjs.ConfigType): string {
  return dayjs(value).format(API_DATE);
}

/** Date shown to people: day, Indonesian month name, year (e.g. 5 Januari 2025). */
export function formatDate(value: dayjs.ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

export function formatDateTime(value: dayjs.ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY HH:mm') : '';
}

export { dayjs };

/** The easternmost Indonesian zone (WIT): its today is the latest date any placement can be on. */
export const EASTERNMOST_ZONE = 'Asia/Jayapura';

/** Today (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/**
 * The latest placement-local today (README "Time zones"): at 23:30 WIB a WIT placement is already on the
 * next date, and its check-ins are filtered by that date. The server bounds date filters the same way.
 */
export function latestPlacementToday(now: Date = new Date()): string {
  return todayIn(EASTERNMOST_ZONE, now);
}

/** The westernmost Indonesian zone (WIB): its today is the earliest date any placement can be on. */
export const WESTERNMOST_ZONE = 'Asia/Jakarta';

/**
 * "Today" as a date range over every placement (README "Time zones"): from WIB's today to WIT's. At 23:30 WIB
 * a WITA check-in is already dated tomorrow, and a list filtered on "today" must still show it.
 */
export function placementTodayRange(now: Date = new Date()): { start: string; end: string } {
  return { start: todayIn(WESTERNMOST_ZONE, now), end: latestPlacementToday(now) };
}
