import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobRow } from '@/components/jobs/job-types';
import { useStartJob } from '@/components/jobs/use-job';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { api, ApiError } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, listQueryParams, type ListState } from '@/lib/list';
import { navigateTo } from '@/lib/navigation';
import { clearSession, getToken } from '@/lib/session';

export const UPLOAD_KIND = 'upload.attendance';

/** One upload form (the list rows and the detail's `parent_detail` share it). */
export type ManualUploadRow = Schema<'ManualUploadOutput'>;

export type ManualUploadLine = Schema<'ManualUploadLineOutput'>;

export const uploadKeys = {
  all: ['manual-upload'] as const,
  list: (params: Record<string, string | number>) => ['manual-upload', 'list', params] as const,
  detail: (code: string, params: Record<string, string | number>) => ['manual-upload', 'detail', code, params] as const,
};

export function useUploadList(state: ListState) {
  const params = listQueryParams(state);
  return useQuery({
    queryKey: uploadKeys.list(params),
    queryFn: ({ signal }) => getList<ManualUploadRow>('attendance_log/manual_list', params, signal),
    placeholderData: keepPreviousData,
  });
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
      const response = await api.get<ManualUploadLine[]>('attendance_log/manual_list_detail', {
        query: { code, ...params },
        signal,
      });
      const extra = response as unknown as { parent_detail: ManualUploadRow; recordsFiltered?: number; recordsTotal?: number };
      return {
        parent: extra.parent_detail,
        lines: Array.isArray(response.data) ? response.data : [],
        total: extra.recordsFiltered ?? extra.recordsTotal ?? 0,
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
  const response = await api.post<JobRow>('attendance_log/import_attendance', body);
  return { job: response.data, message: response.message };
}

export const useStartUpload = () => useStartJob(startUpload);

export interface TemplateParams {
  start_date: string;
  end_date: string;
  man_power_type: string;
  man_power_name: string;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed filename* falls back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return plain ? (plain[2] ?? plain[1]).trim() : null;
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) return body.message;
  } catch {
    // Not JSON: the generic text.
  }
  return response.status >= 500 ? t.errors.network : t.errors.generic;
}

/** Fetch a file the server builds (with the session token) and let the browser save it under its name. */
export async function downloadFile(path: string, query: Record<string, string>, fallbackName: string): Promise<string> {
  const token = getToken();
  const search = new URLSearchParams(query).toString();
  let response: Response;
  try {
    response = await fetch(`${env.webApiBase}${path}${search ? `?${search}` : ''}`, {
      headers: token ? { Authorization: token } : {},
    });
  } catch {
    throw new ApiError(0, t.errors.network);
  }
  if (response.status === 401 && token) {
    clearSession();
    navigateTo(paths.login, { replace: true });
    throw new ApiError(401, '');
  }
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  const name = dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const downloadTemplate = (params: TemplateParams) =>
  downloadFile('attendance_log/export_attendance', { ...params }, 'Template.xlsx');

export const downloadErrorFile = (jobId: string) =>
  downloadFile(`attendance_log/import_attendance/${encodeURIComponent(jobId)}/errors`, {}, 'Kesalahan.xlsx');
