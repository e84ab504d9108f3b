import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { id } from '@/i18n/id';
import { navigateTo } from './navigation';
import { showError } from './notifications';
import { clearSession, getToken } from './session';

export interface Envelope<T> {
  http_status: number;
  message: string;
  data: T;
  recordsTotal?: number;
  recordsFiltered?: number;
  recordsCapped?: boolean;
  pagination?: Record<string, unknown>;
}

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** The centred popup already showed this error (the caller need not say it again). */
  popupShown = false;

  constructor(status: number, message: string, errors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /**
   * A real failure (no connection, a server error, a missing permission): worth the centred popup.
   * Anything else (400/404/409/422) is an answer about the input, shown where the input is.
   */
  get isRealFailure(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 403;
  }
}

/** Whether `error` is a real failure (see ApiError.isRealFailure); anything not an ApiError is one. */
export function isRealFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isRealFailure;
}

// While a form of the kit (components/form) submits, the answers about its input to a write (400,
// 404, 409, 422) are the form's to show inline on the named fields: no popup for them.
const INPUT_ANSWERS = new Set([400, 404, 409, 422]);
let inlineErrorScopes = 0;

/** Runs `submit` with its writes' input errors left to the caller's form (no popup for them). */
export async function withInlineErrors<T>(submit: () => Promise<T>): Promise<T> {
  inlineErrorScopes += 1;
  try {
    return await submit();
  } finally {
    inlineErrorScopes -= 1;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** JSON-serialisable object or FormData (multipart). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** 'web' (default) or 'mobile' API base. */
  base?: 'web' | 'mobile';
  /** Show the centred error popup on failure (default true). */
  errorPopup?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (a save sent while the page is left). */
  keepalive?: boolean;
}

function buildUrl(path: string, options: RequestOptions): string {
  const base = options.base === 'mobile' ? env.mobileApiBase : env.webApiBase;
  const url = `${base}${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<Partial<Envelope<unknown>> & { errors?: FieldErrors }> {
  const text = await response.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Envelope<unknown>>) : {};
  } catch {
    return {};
  }
}

function signOut(): void {
  clearSession();
  navigateTo(paths.login, { replace: true });
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const fail = (error: ApiError): never => {
    const leftToForm = inlineErrorScopes > 0 && method !== 'GET' && INPUT_ANSWERS.has(error.status);
    if (options.errorPopup !== false && !leftToForm) {
      showError(error.message);
      error.popupShown = true;
    }
    throw error;
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), { method, headers, body, signal: options.signal, keepalive: options.keepalive });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    return fail(new ApiError(0, id.errors.network));
  }

  const envelope = await readBody(response);
  const status = typeof envelope.http_status === 'number' ? envelope.http_status : response.status;

  // A 401 on a call made with a token means the session is gone: log out silently.
  // Without a token (sign-in, unlock) a 401 is a wrong password and is reported like any error.
  if (status === 401 && token) {
    signOut();
    throw new ApiError(401, envelope.message ?? '');
  }

  if (status >= 400 || !response.ok) {
    const message =
      envelope.message || (status >= 500 || Object.keys(envelope).length === 0 ? id.errors.network : id.errors.generic);
    return fail(new ApiError(status, message, envelope.errors ?? {}));
  }

  return {
    ...envelope,
    http_status: status,
    message: envelope.message ?? '',
    data: envelope.data as T,
  };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** The options of a request whose failure the screen shows itself (a form's messages): no error popup. */
export const quiet = { errorPopup: false } as const;

/** A record's hash id as a segment of a request path. */
export const pathId = (hashId: string) => encodeURIComponent(hashId);

/** What a write answers with: the server's message (the toast) and its data. */
export interface WriteResult<T = unknown> {
  message: string;
  data: T;
}

/** A write's answer, its envelope's message and data only. */
export async function written<T>(request: Promise<Envelope<T>>): Promise<WriteResult<T>> {
  const response = await request;
  return { message: response.message, data: response.data };
}
