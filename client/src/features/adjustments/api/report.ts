import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import type { SelectionParams } from './attendance';
import { downloadFile, type ExportFormat } from '@/lib/download';
import { adjustmentKeys } from './keys';

/** doc3 §3 adjustment report row. */
export type AdjustmentReportRow = Schema<'AttendanceAdjustmentReportRow'>;

export function useAdjustmentReport(params: SelectionParams | null) {
  return useQuery({
    queryKey: adjustmentKeys.report({ ...(params ?? {}) } as Record<string, string>),
    queryFn: async () => {
      // Runs only when enabled, with params.
      const response = await api.get('report/attendance_adjustment', { query: { ...(params as SelectionParams) } });
      return { rows: response.data ?? [], fileName: response.file_name ?? '' };
    },
    enabled: params !== null,
  });
}

export function downloadAdjustmentReport(params: SelectionParams, format: ExportFormat, fileName: string) {
  return downloadFile('report/attendance_adjustment/export', { ...params, format }, `${fileName}.${format}`);
}
