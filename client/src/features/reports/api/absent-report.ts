import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { downloadFile, type ExportFormat } from '@/lib/download';

export type AbsentEmployeeRow = Schema<'AbsentEmployeeRow'>;

export interface AbsentReportRange {
  startDate: string;
  endDate: string;
}

export async function getAbsentReport({ startDate, endDate }: AbsentReportRange): Promise<AbsentEmployeeRow[]> {
  const response = await api.get('report/unattendance_employee', {
    query: { start_date: startDate, end_date: endDate },
  });
  return response.data ?? [];
}

export const absentReportQuery = (range: AbsentReportRange) =>
  queryOptions({ queryKey: ['report', 'absent-employees', range], queryFn: () => getAbsentReport(range) });

export function useAbsentReport(range: AbsentReportRange | null) {
  return useQuery({ ...absentReportQuery(range ?? { startDate: '', endDate: '' }), enabled: range !== null });
}

/** 'Karyawan-Tidak-Hadir_{s}-_{e}' (doc3 §5): the export's name and the printed document's title. */
export function absentReportFileName({ startDate, endDate }: AbsentReportRange): string {
  return `Karyawan-Tidak-Hadir_${startDate}-_${endDate}`;
}

/** The server builds the file; the browser saves it under the server's name. */
export function downloadAbsentReport(range: AbsentReportRange, format: ExportFormat): Promise<string> {
  return downloadFile(
    'report/unattendance_employee/export',
    { start_date: range.startDate, end_date: range.endDate, format },
    `${absentReportFileName(range)}.${format}`,
  );
}
