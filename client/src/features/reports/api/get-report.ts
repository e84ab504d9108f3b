import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiAt, type DataOf, type OperationOf } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { REPORT_PATHS, serverQuery, type ReportKind, type ReportRequest } from './report-request';

/** A log entry of the detail family (doc3 §3); durations in minutes, actual overtime in hours. */
export type LogEntry = Schema<'ReportLogEntry'>;
export type EmployeeTotals = Schema<'ReportEmployeeTotals'>;
export type EmployeeReport = Schema<'ReportEmployee'>;
export type DetailReport = Schema<'AttendanceDetailReport'>;
export type SummaryRow = Schema<'AttendanceSummaryRow'>;
export type SummaryReport = Schema<'AttendanceSummaryReport'>;

/** The report a kind answers, by the schema. */
export type ReportOf<K extends ReportKind> = DataOf<OperationOf<(typeof REPORT_PATHS)[K], 'get'>>;
type DetailKind = Exclude<ReportKind, 'summary'>;

export async function getReport<K extends ReportKind>(request: ReportRequest & { kind: K }): Promise<ReportOf<K>> {
  const response = await apiAt.get(REPORT_PATHS[request.kind], { query: serverQuery(request) });
  return response.data as ReportOf<K>;
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
