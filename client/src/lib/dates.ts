import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { formatCount } from './format';

dayjs.locale('id');

export const API_DATE = 'YYYY-MM-DD';
export const API_TIME = 'HH:mm:ss';

/** Date sent to the server: YYYY-MM-DD. */
export function toApiDate(value: dayjs.ConfigType): string {
  return dayjs(value).format(API_DATE);
}

/*
 * The one set of date and time formats on screen (DESIGN §18): '27 Nov 2026' in tables,
 * '27 November 2026' in headings and details, times 'HH.mm' with the zone label (WIB, WITA, WIT)
 * wherever the reader may sit in another zone. Server moments without a zone of their own
 * ('YYYY-MM-DD HH:mm:ss': created, published, uploaded) are in the server's zone, SERVER_ZONE.
 */

/** The server's TIME_ZONE (README "Time zones"): the zone of its moments ('created', 'published_date'). */
export const SERVER_ZONE = 'Asia/Jakarta';

const ZONE_LABELS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** The browser's own zone (where a moment the browser made, such as 'now + 5 minutes', is read). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An Indonesian zone's label: Asia/Jakarta → WIB, Asia/Makassar → WITA, Asia/Jayapura → WIT (a label passes through). */
export function zoneLabel(timeZone: string | null | undefined): string {
  if (!timeZone) return '';
  return ZONE_LABELS[timeZone] ?? timeZone;
}

function moment(value: dayjs.ConfigType): dayjs.Dayjs {
  // 'YYYY-MM-DD HH:mm:ss' (the server's moments) parses as local time, like its 'T' form.
  return dayjs(typeof value === 'string' ? value.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T') : value);
}

function withZone(text: string, timeZone: string | null | undefined): string {
  const label = zoneLabel(timeZone);
  return label ? `${text} ${label}` : text;
}

/** A date in a heading or a detail: '27 November 2026'. */
export function formatDate(value: dayjs.ConfigType): string {
  const date = moment(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

/** A date in a table cell: '27 Nov 2026'. */
export function formatTableDate(value: dayjs.ConfigType): string {
  const date = moment(value);
  return date.isValid() ? date.format('D MMM YYYY') : '';
}

/** A time: '14.05', with the zone's label when given ('14.05 WITA'); a 'HH:mm:ss' text is read as is. */
export function formatTime(value: dayjs.ConfigType, timeZone?: string | null): string {
  if (typeof value === 'string' && /^\d{1,2}:\d{2}(:\d{2})?$/.test(value)) {
    const [hours, minutes] = value.split(':');
    return withZone(`${hours.padStart(2, '0')}.${minutes}`, timeZone);
  }
  const date = moment(value);
  return date.isValid() ? withZone(date.format('HH.mm'), timeZone) : '';
}

/** A moment in a heading or a detail: '27 November 2026 14.05 WIB' (a server moment by default). */
export function formatDateTime(value: dayjs.ConfigType, timeZone: string | null = SERVER_ZONE): string {
  const date = moment(value);
  return date.isValid() ? withZone(date.format('D MMMM YYYY HH.mm'), timeZone) : '';
}

/** A moment in a table cell: '27 Nov 2026 14.05 WIB' (a server moment by default). */
export function formatTableDateTime(value: dayjs.ConfigType, timeZone: string | null = SERVER_ZONE): string {
  const date = moment(value);
  return date.isValid() ? withZone(date.format('D MMM YYYY HH.mm'), timeZone) : '';
}

/** A moment with its own offset ('2026-11-29T12:22:00+08:00', as JSON writes one): read in the browser's zone, labelled. */
const OFFSET_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A date or a server moment inside a text (a stored label such as 'Budi, 2026-11-29'). */
const EMBEDDED = /\b(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?\b/g;

/**
 * A stored text the reader reads (an audit value, a label the server stored with ISO dates in it):
 * a date, a moment or a time alone reads the table way ('29 Nov 2026', '29 Nov 2026 12.22 WIB',
 * '09.34'), and a date or moment inside a text is rewritten in place; anything else passes as is.
 */
export function formatDatesIn(text: string): string {
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(text)) return formatTime(text);
  if (OFFSET_MOMENT.test(text)) return formatTableDateTime(text, browserZone());
  return text.replace(EMBEDDED, (whole: string, date: string, time: string | undefined, offset: string | undefined) => {
    if (!time) return formatTableDate(date) || whole;
    if (offset) return formatTableDateTime(whole, browserZone()) || whole;
    return formatTableDateTime(`${date} ${time}:00`) || whole;
  });
}

/** A duration given in minutes: '45 menit', '2 jam', '1 jam 5 menit'. */
export function formatDuration(minutes: number | null | undefined): string {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return '-';
  const whole = Math.round(Math.abs(minutes));
  const sign = minutes < 0 ? '-' : '';
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${sign}${rest} menit`;
  return rest === 0 ? `${sign}${formatCount(hours)} jam` : `${sign}${formatCount(hours)} jam ${rest} menit`;
}

/** A duration given in hours, as overtime is (0.55): '33 menit', '1 jam 30 menit' (§18: one way for durations). */
export function formatHours(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return '-';
  return formatDuration(hours * 60);
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
