import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { showError } from '@/lib/notifications';
import { clearSession, getToken } from '@/lib/session';
import { REPORT_PATHS, serverQuery, type ReportRequest } from './report-request';

export type ExportFormat = 'xlsx' | 'csv';

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
    // Not JSON: fall through to the generic text.
  }
  return response.status >= 500 ? t.errors.network : t.errors.generic;
}

/** The server builds and streams the file (DESIGN §13); the browser saves it under the server's name. */
export async function downloadReport(request: ReportRequest, format: ExportFormat, fallbackName: string): Promise<string> {
  const query = new URLSearchParams({ ...serverQuery(request), format });
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${env.webApiBase}${REPORT_PATHS[request.kind]}/export?${query.toString()}`, {
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

  const name = dispositionFileName(response.headers.get('Content-Disposition')) ?? `${fallbackName}.${format}`;
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

export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ request, format, fallbackName }: { request: ReportRequest; format: ExportFormat; fallbackName: string }) =>
      downloadReport(request, format, fallbackName),
    onError: (error) => {
      if (error instanceof ApiError && error.status !== 401) showError(error.message);
    },
  });
}
