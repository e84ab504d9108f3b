import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { asJobRow, type JobRow } from '@/components/jobs/job-types';
import { useStartJob } from '@/components/jobs/use-job';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { downloadFile } from '@/lib/download';
import { getList, listQueryParams, type ListParams, type ListState } from '@/lib/list';
import { listQuery } from '@/lib/list-query';

export const UPLOAD_KIND = 'upload.attendance';

/** One upload form (the list rows and the detail's `parent_detail` share it). */
export type ManualUploadRow = Schema<'ManualUploadOutput'>;

export type ManualUploadLine = Schema<'ManualUploadLineOutput'>;

export const uploadKeys = {
  all: ['manual-upload'] as const,
  list: (params: Record<string, string | number>) => ['manual-upload', 'list', params] as const,
  detail: (code: string, params: Record<string, string | number>) => ['manual-upload', 'detail', code, params] as const,
};

const fetchUploads = (params: ListParams, signal: AbortSignal) => getList('attendance_log/manual_list', params, signal);

export function useUploadList(state: ListState) {
  const params = listQueryParams(state);
  return useQuery(listQuery(uploadKeys.list(params), fetchUploads, params));
}

export interface UploadDetail {
  parent: ManualUploadRow;
  lines: ManualUploadLine[];
  total: number;
}

export const uploadDetailQuery = (code: string, state: ListState) => {
  const params = listQueryParams(state);
  return queryOptions({
    queryKey: uploadKeys.detail(code, params),
    queryFn: async ({ signal }): Promise<UploadDetail> => {
      const response = await api.get('attendance_log/manual_list_detail', {
        query: { code, ...params },
        signal,
      });
      return {
        parent: response.parent_detail,
        lines: Array.isArray(response.data) ? response.data : [],
        total: response.recordsFiltered ?? response.recordsTotal ?? 0,
      };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
};

export const useUploadDetail = (code: string, state: ListState) => useQuery(uploadDetailQuery(code, state));

/** `POST attendance_log/import_attendance` (multipart `upload_file`): answers the validation job. */
export async function startUpload(file: File): Promise<{ job: JobRow; message: string }> {
  const body = new FormData();
  body.append('upload_file', file, file.name);
  const response = await api.post('attendance_log/import_attendance', body);
  return { job: asJobRow(response.data), message: response.message };
}

export const useStartUpload = () => useStartJob(startUpload);

export interface TemplateParams {
  start_date: string;
  end_date: string;
  man_power_type: string;
  man_power_name: string;
}

export const downloadTemplate = (params: TemplateParams) =>
  downloadFile('attendance_log/export_attendance', { ...params }, 'Template.xlsx');

export const downloadErrorFile = (jobId: string) =>
  downloadFile(`attendance_log/import_attendance/${encodeURIComponent(jobId)}/errors`, {}, 'Kesalahan.xlsx');
