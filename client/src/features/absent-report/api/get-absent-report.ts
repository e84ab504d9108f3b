import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type AbsentEmployeeRow = Schema<'AbsentEmployeeRow'>;

export interface AbsentReportRange {
  startDate: string;
  endDate: string;
}

export async function getAbsentReport({ startDate, endDate }: AbsentReportRange): Promise<AbsentEmployeeRow[]> {
  const response = await api.get<AbsentEmployeeRow[]>('report/unattendance_employee', {
    query: { start_date: startDate, end_date: endDate },
  });
  return response.data ?? [];
}

export const absentReportQuery = (range: AbsentReportRange) =>
  queryOptions({ queryKey: ['report', 'absent-employees', range], queryFn: () => getAbsentReport(range) });

export function useAbsentReport(range: AbsentReportRange | null) {
  return useQuery({ ...absentReportQuery(range ?? { startDate: '', endDate: '' }), enabled: range !== null });
}
