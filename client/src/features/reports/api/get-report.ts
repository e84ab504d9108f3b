import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiAt, type DataOf, type OperationOf, type PathsWith } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { hhmm, REPORT_PATHS, serverQuery, type ReportKind, type ReportRequest } from './report-request';

/** A log entry of the detail family (doc3 §3); durations in minutes, actual overtime in hours. */
export type LogEntry = Schema<'ReportLogEntry'>;
export type EmployeeTotals = Schema<'ReportEmployeeTotals'>;
export type EmployeeReport = Schema<'ReportEmployee'>;
export type DetailReport = Schema<'AttendanceDetailReport'>;
export type SummaryRow = Schema<'AttendanceSummaryRow'>;
export type SummaryReport = Schema<'AttendanceSummaryReport'>;

/** The lean answer of the detail family (server.reports.detail.lean_report). */
export type LeanDetailReport = Schema<'AttendanceDetailLeanReport'>;

/** The report a kind answers, by the schema. */
export type ReportOf<K extends ReportKind> = DataOf<OperationOf<(typeof REPORT_PATHS)[K], 'get'>>;
type DetailKind = Exclude<ReportKind, 'summary'>;

/** The detail family's documents read the lean answers: the same rows and totals, about a sixth of the bytes. */
export const LEAN_REPORT_PATHS = {
  detail: 'report/lean',
  lembur: 'report/lembur/lean',
  permission: 'report/permission/lean',
  late: 'report/late/lean',
} as const satisfies Record<DetailKind, PathsWith<'get'>>;

type Value = number | null;

/** How a lean column becomes the v1 log entry's value (the rest are indexes into `labels`). */
const LEAN_DECODERS: Partial<Record<keyof LogEntry, (value: Value, day: (offset: number) => string) => unknown>> = {
  is_shift_off: (value) => value === 1,
  day: (value, day) => day(value ?? 0),
  check_in: (value) => (value === null ? '' : hhmm(value)),
  check_out: (value) => (value === null ? '' : hhmm(value)),
  check_in_distance: (value) => value,
  check_out_distance: (value) => value,
  total_late_in_minutes: (value) => value ?? 0,
  total_early_out_minutes: (value) => value ?? 0,
  total_lembur_in_minutes: (value) => value ?? 0,
  total_lembur_workday_in_minutes: (value) => value ?? 0,
  total_lembur_holiday_in_minutes: (value) => value ?? 0,
  total_actual_lembur_in_hours: (value) => value ?? 0,
  total_of_working_hours_in_minutes: (value) => value ?? 0,
};

/** A v1 log entry's values before the lean columns fill it (columns a report leaves out stay empty). */
const BLANK_ENTRY: LogEntry = {
  job_title: '', day: '', shift: '', is_shift_off: false, check_in: '', check_in_location: '', check_in_distance: null,
  check_out: '', check_out_location: '', check_out_distance: null, total_late_in_minutes: 0, total_early_out_minutes: 0,
  total_lembur_in_minutes: 0, total_lembur_workday_in_minutes: 0, total_lembur_holiday_in_minutes: 0,
  total_actual_lembur_in_hours: 0, total_of_working_hours_in_minutes: 0, status: '', keterangan: '', note_check_in: '',
  note_check_out: '', permission_type: '', permission_note: '', approved: '', man_power_name: '', man_power_type: '',
  man_power_team_name: '', man_power_group_name: '',
};

/** The day `offset` days after `start` (YYYY-MM-DD, calendar arithmetic in UTC: no zone shifts a date). */
function dayAfter(start: string, offset: number): string {
  const [year, month, date] = start.split('-').map(Number);
  // An API date computed, never shown (DESIGN §18 is about the screen).
  // eslint-disable-next-line no-restricted-properties
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
}

/** The lean answer as the v1 answer (doc3 §3 "Log entry"): the columns it carries, the others empty. */
export function decodeLeanReport(lean: LeanDetailReport): DetailReport {
  const days = new Map<number, string>();
  const day = (offset: number) => {
    let text = days.get(offset);
    if (text === undefined) days.set(offset, (text = dayAfter(lean.start_date, offset)));
    return text;
  };
  const readers = lean.columns.map((key) => {
    const decoder = LEAN_DECODERS[key as keyof LogEntry];
    return decoder ? (value: Value) => decoder(value, day) : (value: Value) => lean.labels[value ?? 0] ?? '';
  });
  const employees: EmployeeReport[] = lean.employees.map(({ log, total, ...employee }) => ({
    ...employee,
    log: log.map((values) => {
      const entry: Record<string, unknown> = { ...BLANK_ENTRY, job_title: employee.job_title };
      lean.columns.forEach((key, index) => {
        entry[key] = readers[index](values[index]);
      });
      return entry as LogEntry;
    }),
    total: Object.fromEntries(lean.total_columns.map((key, index) => [key, total[index]])) as EmployeeTotals,
  }));
  const { kind, category, file_name, start_date, end_date } = lean;
  return { kind, category, file_name, start_date, end_date, employees };
}

export async function getReport<K extends ReportKind>(request: ReportRequest & { kind: K }): Promise<ReportOf<K>> {
  const query = serverQuery(request);
  if (request.kind === 'summary') {
    const response = await apiAt.get(REPORT_PATHS.summary, { query });
    return response.data as ReportOf<K>;
  }
  const response = await apiAt.get(LEAN_REPORT_PATHS[request.kind as DetailKind], { query });
  return decodeLeanReport(response.data as LeanDetailReport) as ReportOf<K>;
}

export const reportQuery = <K extends ReportKind = ReportKind>(request: ReportRequest & { kind: K }) =>
  queryOptions({
    queryKey: ['report', request.kind, serverQuery(request)],
    queryFn: () => getReport(request),
    staleTime: 60_000,
    retry: false,
  });

export function useDetailReport(request: ReportRequest | null) {
  return useQuery({
    // A summary request is never sent here (enabled), only its kind's type is the detail family's.
    ...reportQuery((request ?? EMPTY_REQUEST) as ReportRequest & { kind: DetailKind }),
    enabled: request !== null && request.kind !== 'summary',
  });
}

export function useSummaryReport(request: ReportRequest | null) {
  return useQuery({
    // A detail-family request is never sent here (enabled), only its kind's type is the summary's.
    ...reportQuery((request ?? EMPTY_REQUEST) as ReportRequest & { kind: 'summary' }),
    enabled: request !== null && request.kind === 'summary',
  });
}

const EMPTY_REQUEST: ReportRequest = {
  kind: 'detail',
  employees: [],
  manPower: { type: '', name: '', team: '', group: '' },
  activeOnly: false,
  start: '',
  end: '',
  category: '',
};
