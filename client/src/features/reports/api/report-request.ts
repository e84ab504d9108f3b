import { paths } from '@/config/paths';
import type { PathsWith } from '@/lib/api-client';
import { dayjs, todayIn, WESTERNMOST_ZONE } from '@/lib/dates';

/**
 * What a report form asks for (doc3 §3 "Report parameters"), how it travels to the server (doc3 §7.1)
 * and how it sits in the document's address so a reload or a shared link shows the same document.
 */

export type ReportKind = 'detail' | 'lembur' | 'permission' | 'late' | 'summary';

export interface ReportManPower {
  type: string;
  name: string;
  team: string;
  group: string;
}

export interface ReportRequest {
  kind: ReportKind;
  /** Employee numbers (employee_number_formatted) of the chosen employees, active or resigned. */
  employees: string[];
  manPower: ReportManPower;
  /** The detail form's 'Man Power Aktif' toggle. */
  activeOnly: boolean;
  start: string;
  end: string;
  category: string;
}

export const REPORT_PATHS = {
  detail: 'report',
  lembur: 'report/lembur',
  permission: 'report/permission',
  late: 'report/late',
  summary: 'report/report_summary',
} as const satisfies Record<ReportKind, PathsWith<'get'>>;

export const FORM_PATHS: Record<ReportKind, string> = {
  detail: paths.reportDetail,
  lembur: paths.reportDetailOvertime,
  permission: paths.reportDetailPermission,
  late: paths.reportDetailUndisciplined,
  summary: paths.reportSummary,
};

const KINDS: readonly ReportKind[] = ['detail', 'lembur', 'permission', 'late', 'summary'];

/** Detail and overtime: a day range of at most 30 days (2,592,000,000 ms). */
export const MAX_DAY_RANGE_MS = 2_592_000_000;
/** Permission, undisciplined and summary: a month range of at most 365 days. */
export const MAX_MONTH_RANGE_DAYS = 365;

export function usesMonthRange(kind: ReportKind): boolean {
  return kind === 'permission' || kind === 'late' || kind === 'summary';
}

export function hasCategory(kind: ReportKind): boolean {
  return kind === 'lembur' || kind === 'permission' || kind === 'late' || kind === 'summary';
}

/** The summary form's category pickers (doc3 §2.1): the whole summary, or the rows and columns of one. */
export type SummaryCategory = 'all' | 'overtime' | 'permission' | 'undisciplined';

export const SUMMARY_CATEGORY_PATHS: Record<SummaryCategory, string> = {
  all: paths.reportSummary,
  overtime: paths.reportSummaryOvertime,
  permission: paths.reportSummaryPermission,
  undisciplined: paths.reportSummaryUndisciplined,
};

/** The server's today (WIB, the server's TIME_ZONE): the month picker's "no future" bound. */
export function serverToday(now: Date = new Date()): string {
  return todayIn(WESTERNMOST_ZONE, now);
}

/** doc3 §5 defaults: today to today (day range); the first to the last day of this month (month range). */
export function defaultRange(kind: ReportKind, today: string = serverToday()): { start: string; end: string } {
  if (!usesMonthRange(kind)) return { start: today, end: today };
  const day = dayjs(today);
  return { start: day.startOf('month').format('YYYY-MM-DD'), end: day.endOf('month').format('YYYY-MM-DD') };
}

/** 'YYYY-MM' of a picked month as its first day, and as its last day (the end is snapped, doc3 §5). */
export function monthStart(month: string): string {
  return month ? dayjs(`${month}-01`).format('YYYY-MM-DD') : '';
}

export function monthEnd(month: string): string {
  return month ? dayjs(`${month}-01`).endOf('month').format('YYYY-MM-DD') : '';
}

export function hasPeople(request: Pick<ReportRequest, 'employees' | 'manPower'>): boolean {
  return request.employees.length > 0 || (request.manPower.type !== '' && request.manPower.name !== '');
}

/** The first problem of a request before it is sent ('' when it may go), with the spec's messages. */
export function requestProblem(
  request: ReportRequest,
  messages: { incomplete: string; dayRangeTooLong: string; monthRangeTooLong: string; futureMonth: string; reversed: string },
  today: string = serverToday(),
): string {
  if (!hasPeople(request) || !request.start || !request.end) return messages.incomplete;
  if (hasCategory(request.kind) && !request.category) return messages.incomplete;
  const start = dayjs(request.start);
  const end = dayjs(request.end);
  if (end.isBefore(start)) return messages.reversed;
  if (usesMonthRange(request.kind)) {
    if (end.diff(start, 'day') > MAX_MONTH_RANGE_DAYS) return messages.monthRangeTooLong;
    if (request.end > dayjs(today).endOf('month').format('YYYY-MM-DD')) return messages.futureMonth;
  } else if (end.valueOf() - start.valueOf() > MAX_DAY_RANGE_MS) {
    return messages.dayRangeTooLong;
  }
  return '';
}

/** The query of the report call (doc3 §7.1): employee_id as a JSON object of numbered keys. */
export function serverQuery(request: ReportRequest): Record<string, string> {
  const query: Record<string, string> = { start_date: request.start, end_date: request.end };
  if (request.employees.length > 0) {
    query.employee_id = JSON.stringify(Object.fromEntries(request.employees.map((number, index) => [String(index), number])));
  } else {
    // Null man power values are sent as empty strings (doc3 §5).
    query.man_power = request.manPower.type ?? '';
    query.man_power_name = request.manPower.name ?? '';
    query.man_power_team_name = request.manPower.team ?? '';
    query.man_power_group_name = request.manPower.group ?? '';
    if (request.kind === 'detail') query.man_power_status = request.activeOnly ? '1' : '0';
  }
  if (hasCategory(request.kind)) query.category = request.category;
  return query;
}

/** The document's address: `?kind&emp…&mpt&mpn&mpm&mpg&active&s&e&cat`. */
export function documentSearch(request: ReportRequest): string {
  const params = new URLSearchParams();
  params.set('kind', request.kind);
  for (const number of request.employees) params.append('emp', number);
  if (request.employees.length === 0) {
    params.set('mpt', request.manPower.type);
    params.set('mpn', request.manPower.name);
    if (request.manPower.team) params.set('mpm', request.manPower.team);
    if (request.manPower.group) params.set('mpg', request.manPower.group);
    if (request.activeOnly) params.set('active', '1');
  }
  params.set('s', request.start);
  params.set('e', request.end);
  if (hasCategory(request.kind)) params.set('cat', request.category);
  return params.toString();
}

export function documentPath(request: ReportRequest): string {
  const base = request.kind === 'summary' ? paths.reportSummaryDoc : paths.reportDetailDoc;
  return `${base}?${documentSearch(request)}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The request of a document address, or null when it is incomplete (the server checks the rest). */
export function parseDocumentSearch(params: URLSearchParams, expected: 'detail-family' | 'summary'): ReportRequest | null {
  const kind = params.get('kind') as ReportKind | null;
  if (!kind || !KINDS.includes(kind)) return null;
  if ((expected === 'summary') !== (kind === 'summary')) return null;
  const request: ReportRequest = {
    kind,
    employees: params.getAll('emp').filter(Boolean),
    manPower: {
      type: params.get('mpt') ?? '',
      name: params.get('mpn') ?? '',
      team: params.get('mpm') ?? '',
      group: params.get('mpg') ?? '',
    },
    activeOnly: params.get('active') === '1',
    start: params.get('s') ?? '',
    end: params.get('e') ?? '',
    category: hasCategory(kind) ? (params.get('cat') ?? 'all') : '',
  };
  if (!hasPeople(request) || !DATE.test(request.start) || !DATE.test(request.end)) return null;
  return request;
}

/** A range label for the document header: '1 Maret 2026 - 31 Maret 2026', or months for month ranges. */
export function rangeLabel(request: Pick<ReportRequest, 'kind' | 'start' | 'end'>): string {
  const format = usesMonthRange(request.kind) ? 'MMMM YYYY' : 'D MMMM YYYY';
  const start = dayjs(request.start).format(format);
  const end = dayjs(request.end).format(format);
  return start === end ? start : `${start} - ${end}`;
}

/** Minutes as HH:MM (doc3 §9); totals may pass 24 hours. */
export function hhmm(minutes: number | null | undefined): string {
  const value = Math.max(0, Math.round(minutes ?? 0));
  const hours = Math.floor(value / 60);
  return `${String(hours).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
}

/** The man power name in a select: cut to 30 characters plus an ellipsis (doc3 §2.2, §9). */
export function shortName(name: string, length = 30): string {
  return name.length > length ? `${name.slice(0, length)}…` : name;
}
