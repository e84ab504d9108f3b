import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REPORT_PATHS, serverQuery, type ReportRequest } from './report-request';

/** A log entry of the detail family (doc3 §3); durations in minutes, actual overtime in hours. */
export interface LogEntry {
  job_title: string;
  day: string;
  shift: string;
  is_shift_off: boolean;
  check_in: string;
  check_in_location: string;
  check_in_distance: number | null;
  check_out: string;
  check_out_location: string;
  check_out_distance: number | null;
  total_late_in_minutes: number;
  total_early_out_minutes: number;
  total_lembur_in_minutes: number;
  total_lembur_workday_in_minutes: number;
  total_lembur_holiday_in_minutes: number;
  total_actual_lembur_in_hours: number;
  total_of_working_hours_in_minutes: number;
  status: string;
  keterangan: string;
  note_check_in: string;
  note_check_out: string;
  permission_type: string;
  permission_note: string;
  approved: string;
  man_power_name: string;
  man_power_type: string;
  man_power_team_name: string;
  man_power_group_name: string;
}

export interface EmployeeTotals {
  days: number;
  total_late_in_minutes: number;
  total_early_out_minutes: number;
  total_lembur_in_minutes: number;
  total_lembur_workday_in_minutes: number;
  total_lembur_holiday_in_minutes: number;
  total_actual_lembur_in_hours: number;
  total_of_working_hours_in_minutes: number;
}

export interface EmployeeReport {
  employee_number_formatted: string;
  employee_name: string;
  job_title: string;
  man_power_name: string;
  log: LogEntry[];
  total: EmployeeTotals;
}

export interface DetailReport {
  kind: string;
  category: string;
  file_name: string;
  start_date: string;
  end_date: string;
  employees: EmployeeReport[];
}

export interface SummaryRow {
  employee_number_formatted: string;
  employee_name: string;
  hari_kerja: number;
  kehadiran: number;
  mangkir: number;
  total_late_in_minutes: number;
  total_early_out_minutes: number;
  lembur_hari_kerja_in_minutes: number;
  lembur_hari_libur_in_minutes: number;
  total_sakit: number;
  total_cuti: number;
  total_cuti_tidak_berbayar: number;
  total_lupa_absen_pulang: number;
  total_lupa_absen_datang: number;
}

export interface SummaryReport {
  file_name: string;
  start_date: string;
  end_date: string;
  rows: SummaryRow[];
}

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
