import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { ApiError } from './api-client';
import { navigateTo } from './navigation';
import { showError } from './notifications';
import { clearSession, getToken } from './session';

/** The two export formats of the report screens (doc3 §5). */
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
    // Not JSON: the generic text.
  }
  return response.status >= 500 ? t.errors.network : t.errors.generic;
}

/** Let the browser save `blob` as `name` (a click on a temporary download link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET a file the server builds (`path` under the web API, with the session token) and save it under
 * the server's name (Content-Disposition), else `fallbackName`; answers the name.
 *
 * Failures throw an ApiError: status 0 when the network failed, the envelope's message otherwise. A 401
 * on a request made with a token means the session is gone: it is cleared and the login page opens
 * (the same rule as `api-client`), and the error carries no message to show.
 */
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
  saveBlob(await response.blob(), name);
  return name;
}

/** Show a failed download's message (the 401 sign-out has nothing to say). */
export function showDownloadError(error: unknown): void {
  if (error instanceof ApiError && error.status !== 401) showError(error.message);
}

/** A mutation around a download function whose failure shows its message (`showDownloadError`). */
export function useDownload<Variables>(download: (variables: Variables) => Promise<string>) {
  return useMutation({ mutationFn: download, onError: showDownloadError });
}
