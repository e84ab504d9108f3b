import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { clearSession, getToken } from '@/lib/session';

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

/** GET a file the server builds and save it under the server's name; answers that name. */
export async function downloadFile(path: string, query: Record<string, string>, fallbackName: string): Promise<string> {
  const search = new URLSearchParams(query);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${env.webApiBase}${path}?${search.toString()}`, {
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
