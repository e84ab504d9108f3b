import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { REPORT_PATHS, serverQuery, type ReportRequest } from './report-request';

/** A log entry of the detail family (doc3 §3); durations in minutes, actual overtime in hours. */
export type LogEntry = Schema<'ReportLogEntry'>;
export type EmployeeTotals = Schema<'ReportEmployeeTotals'>;
export type EmployeeReport = Schema<'ReportEmployee'>;
export type DetailReport = Schema<'AttendanceDetailReport'>;
export type SummaryRow = Schema<'AttendanceSummaryRow'>;
export type SummaryReport = Schema<'AttendanceSummaryReport'>;

export async function getReport<T>(request: ReportRequest): Promise<T> {
  const response = await api.get<T>(REPORT_PATHS[request.kind], { query: serverQuery(request) });
  return response.data;
}

export const reportQuery = <T,>(request: ReportRequest) =>
  queryOptions({
    queryKey: ['report', request.kind, serverQuery(request)],
    queryFn: () => getReport<T>(request),
    staleTime: 60_000,
    retry: false,
  });

export function useDetailReport(request: ReportRequest | null) {
  return useQuery({
    ...reportQuery<DetailReport>(request ?? EMPTY_REQUEST),
    enabled: request !== null && request.kind !== 'summary',
  });
}

export function useSummaryReport(request: ReportRequest | null) {
  return useQuery({
    ...reportQuery<SummaryReport>(request ?? EMPTY_REQUEST),
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
