import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi, auditKeys } from '@/components/audit-history/audit-api';
import { downloadFile, type ExportFormat } from '@/lib/download';
import type { ListParams } from '@/lib/list';

/** The audit screen's page of entries (`GET audit/list`), the previous page kept while the next loads. */
export function useAuditList(params: ListParams) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => auditApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The entries the screen's filters select, as a file (`GET audit/export`). */
export function downloadAuditExport(params: ListParams, format: ExportFormat) {
  const query = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return downloadFile('audit/export', { ...query, format }, `audit.${format}`);
}
