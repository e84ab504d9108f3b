import { RISK_FACTORS } from '@/components/attendance-log/risk';
import { twoMonthWindow } from '@/components/date-range';
import { emptyManPower, type ManPowerValue } from '@/components/man-power-cascade';
import { latestPlacementToday, placementTodayRange } from '@/lib/dates';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortState } from '@/lib/list';
import { defaultQueueFilters, type QueueFilters } from '../components/queue-filters';

/**
 * What the approval queue remembers per approver (server-side preference `approval.attendance.queue`,
 * so it follows them to another browser): the filters, the order and the page size. A visit whose URL
 * carries queue parameters (`period=all`, `start`/`end`, `risk`, `factor`: the dashboard's 'Buka') shows
 * those instead, the rest at their defaults.
 *
 * Dates are kept as a period, not as fixed days: 'today' (the default) is today on every visit, 'all' is
 * every date, and a range whose end was today stays open to today, so tomorrow's check-ins are not cut off.
 */

export const QUEUE_PREFERENCE_KEY = 'approval.attendance.queue';
const VERSION = 1;

export interface QueueView {
  filters: QueueFilters;
  sort: SortState | null;
  perPage: number;
}

/** The columns the queue sorts by (server LOG_LIST's orderable columns the queue shows). */
export const QUEUE_SORT_COLUMNS = [
  'risk',
  'reasons',
  'employee_number_formatted',
  'employee_name',
  'log_datetime',
  'log_type',
  'location',
  'fr_accuracy',
  'waiting',
] as const;

const RISK_LEVELS = ['low', 'medium', 'high'];
const CHOICES: Record<'logType' | 'location' | 'faceRecognition' | 'risk' | 'factor' | 'overdue', readonly string[]> = {
  logType: ['check_in', 'check_out'],
  location: ['1', '0'],
  faceRecognition: ['1', '0'],
  risk: RISK_LEVELS,
  factor: RISK_FACTORS,
  overdue: ['1'],
};
const MAN_POWER_TYPES = ['office', 'pool', 'site', 'tug_boat'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function defaultQueueView(now: Date = new Date()): QueueView {
  return { filters: defaultQueueFilters(placementTodayRange(now)), sort: null, perPage: DEFAULT_PAGE_SIZE };
}

/** The view as stored (a JSON object). */
export interface StoredQueueView {
  version: number;
  /** 'today', 'all', or 'range' with `start` and `end` ('today': open to today). */
  period: 'today' | 'all' | 'range';
  start?: string;
  end?: string;
  manPower: ManPowerValue;
  logType: string;
  location: string;
  faceRecognition: string;
  risk: string;
  factor: string;
  overdue?: string;
  order: SortState | null;
  perPage: number;
}

export function storedQueueView(view: QueueView, now: Date = new Date()): StoredQueueView {
  const { dates, manPower, logType, location, faceRecognition, risk, factor, overdue } = view.filters;
  const today = placementTodayRange(now);
  let period: Pick<StoredQueueView, 'period' | 'start' | 'end'>;
  if (!dates.start && !dates.end) period = { period: 'all' };
  else if (dates.start === today.start && dates.end === today.end) period = { period: 'today' };
  else period = { period: 'range', start: dates.start, end: dates.end === today.end ? 'today' : dates.end };
  return {
    version: VERSION,
    ...period,
    manPower,
    logType,
    location,
    faceRecognition,
    risk,
    factor,
    ...(overdue ? { overdue } : {}),
    order: view.sort,
    perPage: view.perPage,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function choice(value: unknown, allowed: readonly string[]): string {
  const chosen = text(value);
  return allowed.includes(chosen) ? chosen : '';
}

/** A range inside the approval window (doc2 §9), or null when nothing of it is left. */
function windowRange(start: string, end: string, now: Date): { start: string; end: string } | null {
  if (!DATE.test(start) || !DATE.test(end)) return null;
  const window = twoMonthWindow(latestPlacementToday(now));
  const from = start < window.min ? window.min : start;
  const to = end > window.max ? window.max : end;
  return from <= to ? { start: from, end: to } : null;
}

function sortOf(value: unknown): SortState | null {
  if (!value || typeof value !== 'object') return null;
  const { column, dir } = value as Record<string, unknown>;
  if (!(QUEUE_SORT_COLUMNS as readonly string[]).includes(text(column))) return null;
  if (dir !== 'asc' && dir !== 'desc') return null;
  return { column: text(column), dir };
}

/**
 * A stored value read back; whatever is missing, unknown or out of the window falls back to its default
 * (a value written by an older client, or edited by hand, never breaks the queue). Null when none is stored.
 */
export function readStoredQueueView(value: unknown, now: Date = new Date()): QueueView | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const view = defaultQueueView(now);
  const filters = { ...view.filters };
  if (stored.period === 'all') filters.dates = { start: '', end: '' };
  else if (stored.period === 'range') {
    const end = stored.end === 'today' ? latestPlacementToday(now) : text(stored.end);
    filters.dates = windowRange(text(stored.start), end, now) ?? filters.dates;
  }
  const manPower = stored.manPower && typeof stored.manPower === 'object' ? (stored.manPower as Record<string, unknown>) : {};
  filters.manPower = {
    ...emptyManPower,
    type: choice(manPower.type, MAN_POWER_TYPES),
    name: text(manPower.name).slice(0, 150),
    team: text(manPower.team).slice(0, 150),
    group: text(manPower.group).slice(0, 150),
  };
  for (const key of Object.keys(CHOICES) as Array<keyof typeof CHOICES>) filters[key] = choice(stored[key], CHOICES[key]);
  const perPage = Number(stored.perPage);
  return {
    filters,
    sort: sortOf(stored.order),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

/** The queue parameters of a link (contracts item 2). */
export const QUEUE_URL_PARAMETERS = ['period', 'start', 'end', 'risk', 'factor', 'overdue'] as const;

/** The view a link asks for (its parameters over the defaults), or null when it carries none. */
export function queueViewFromUrl(search: URLSearchParams, now: Date = new Date()): QueueView | null {
  if (!QUEUE_URL_PARAMETERS.some((name) => search.has(name))) return null;
  const view = defaultQueueView(now);
  const filters = { ...view.filters };
  if (search.get('period') === 'all') filters.dates = { start: '', end: '' };
  else if (search.has('start') || search.has('end')) {
    const start = search.get('start') ?? '';
    filters.dates = windowRange(start, search.get('end') || start, now) ?? filters.dates;
  }
  filters.risk = choice(search.get('risk'), RISK_LEVELS);
  filters.factor = choice(search.get('factor'), RISK_FACTORS);
  filters.overdue = choice(search.get('overdue'), ['1']);
  // Overdue rows waited a day or more: a link asking for them alone looks at every date.
  if (filters.overdue && !search.has('period') && !search.has('start') && !search.has('end')) {
    filters.dates = { start: '', end: '' };
  }
  return { ...view, filters };
}

/** Whether the view is the queue's default (nothing to reset). */
export function isDefaultQueueView(view: QueueView, now: Date = new Date()): boolean {
  return JSON.stringify(storedQueueView(view, now)) === JSON.stringify(storedQueueView(defaultQueueView(now), now));
}
