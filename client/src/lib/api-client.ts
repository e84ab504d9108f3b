import { env } from '@/config/env';
import type { paths as ApiPaths } from './api-schema';
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

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

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
    // A list (ids=a&ids=b) is the key repeated, as the schema's array parameters are read.
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.set(key, String(value));
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

// ---- The typed contract: every call's path, parameters, body and answer come from the generated
// `paths` of api-schema.d.ts (written by `make api-types`), openapi-fetch style. A path is the
// schema's key without its base ('shift/detail/{hash_id}'), its `{name}` segments filled from `path`.

type Base<K, Prefix extends string> = K extends `${Prefix}${infer Rest}` ? Rest : never;
/** The web API's paths (under /api/web/v1/, and /api/web/v2/ as '../v2/…'), by the schema. */
export type WebPaths = { [K in keyof ApiPaths as Base<K, '/api/web/v1/'>]: ApiPaths[K] } & {
  [K in keyof ApiPaths as `../v2/${Base<K, '/api/web/v2/'>}`]: ApiPaths[K];
};
/** The employee app's paths (under /api/mobile/v1/), by the schema. */
export type MobilePaths = { [K in keyof ApiPaths as Base<K, '/api/mobile/v1/'>]: ApiPaths[K] };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Defined<T> = Exclude<T, undefined>;
/** The paths of `Paths` that take `Method`. */
export type PathsWith<Method extends HttpMethod, Paths = WebPaths> = {
  [P in keyof Paths]: Defined<Paths[P][Method & keyof Paths[P]]> extends { responses: unknown } ? P : never;
}[keyof Paths] &
  string;
/** The operation of a path and method. */
export type OperationOf<P extends keyof Paths, Method extends HttpMethod, Paths = WebPaths> = Defined<
  Paths[P][Method & keyof Paths[P]]
>;

type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessOf<Responses> = {
  [S in keyof Responses]: S extends 200 | 201 | 202 ? JsonContent<Responses[S]> : never;
}[keyof Responses];
/** The envelope an operation answers with on success (200, 201 or 202), by the schema. */
export type AnswerOf<Op> = Op extends { responses: infer Responses } ? SuccessOf<Responses> : never;
/** The `data` of that envelope. */
export type DataOf<Op> = AnswerOf<Op> extends { data?: infer D } ? D : never;

type ParametersOf<Op> = Op extends { parameters: infer Parameters } ? Parameters : never;
type PathParamsOf<Op> = Defined<ParametersOf<Op> extends { path?: infer Path } ? Path : never>;
type QueryParamsOf<Op> = ParametersOf<Op> extends { query?: infer Query } ? Query : never;
type RequestBodyOf<Op> = Op extends { requestBody?: infer Body } ? Body : never;
type ContentBody<Content> =
  | ('application/json' extends keyof Content ? Content['application/json'] : never)
  | ('multipart/form-data' extends keyof Content ? FormData : never);
/**
 * A JSON body as the schema says, or FormData where the operation reads multipart; `undefined` where it
 * takes none (or its body is optional).
 */
export type BodyOf<Op> = [Defined<RequestBodyOf<Op>>] extends [never]
  ? undefined
  : (Defined<RequestBodyOf<Op>> extends { content: infer Content } ? ContentBody<Content> : never) | (undefined extends RequestBodyOf<Op> ? undefined : never);

/** A typed call's own options (its popup, signal, headers, keepalive). */
export type CallOptions = Omit<RequestOptions, 'body' | 'query' | 'base'>;
type PathPart<Op> = [PathParamsOf<Op>] extends [never] ? { path?: never } : { path: PathParamsOf<Op> };
type QueryPart<Op> = [Defined<QueryParamsOf<Op>>] extends [never] ? { query?: never } : { query?: QueryParamsOf<Op> };
/** A typed call's options: the path's `{name}` values, its query parameters (by the schema), and the request's own options. */
export type CallInit<Op> = CallOptions & PathPart<Op> & QueryPart<Op>;
type NeedsInit<Op> = [PathParamsOf<Op>] extends [never] ? [init?: CallInit<Op>] : [init: CallInit<Op>];

/** `path` with each `{name}` replaced by its value, URI-encoded (as `pathId`). */
export function fillPath(path: string, values: Record<string, string | number> | undefined): string {
  if (!values) return path;
  return path.replace(/\{(\w+)\}/g, (segment, name: string) =>
    name in values ? encodeURIComponent(String(values[name])) : segment,
  );
}

type LooseInit = CallOptions & { path?: object; query?: object };

function typedRequest(method: string, path: string, init: unknown, base: 'web' | 'mobile', body?: unknown) {
  const { path: pathValues, query, ...options } = (init ?? {}) as LooseInit;
  return request<unknown>(method, fillPath(path, pathValues as Record<string, string | number> | undefined), {
    ...options,
    base,
    body,
    query: query as RequestOptions['query'],
  });
}

function client<Paths>(base: 'web' | 'mobile') {
  return {
    get: <P extends PathsWith<'get', Paths>, Op = OperationOf<P, 'get', Paths>>(path: P, ...[init]: NeedsInit<Op>) =>
      typedRequest('GET', path, init, base) as Promise<AnswerOf<Op>>,
    delete: <P extends PathsWith<'delete', Paths>, Op = OperationOf<P, 'delete', Paths>>(path: P, ...[init]: NeedsInit<Op>) =>
      typedRequest('DELETE', path, init, base) as Promise<AnswerOf<Op>>,
    post: <P extends PathsWith<'post', Paths>, Op = OperationOf<P, 'post', Paths>>(path: P, body: BodyOf<Op>, ...[init]: NeedsInit<Op>) =>
      typedRequest('POST', path, init, base, body) as Promise<AnswerOf<Op>>,
    put: <P extends PathsWith<'put', Paths>, Op = OperationOf<P, 'put', Paths>>(path: P, body: BodyOf<Op>, ...[init]: NeedsInit<Op>) =>
      typedRequest('PUT', path, init, base, body) as Promise<AnswerOf<Op>>,
    patch: <P extends PathsWith<'patch', Paths>, Op = OperationOf<P, 'patch', Paths>>(path: P, body: BodyOf<Op>, ...[init]: NeedsInit<Op>) =>
      typedRequest('PATCH', path, init, base, body) as Promise<AnswerOf<Op>>,
  };
}

/** The web API, typed by the schema: `api.get('shift/detail/{hash_id}', { path: { hash_id } })`. */
export const api = client<WebPaths>('web');
/** The employee app's API (the reset link a phone opens on the web), typed by the schema. */
export const mobileApi = client<MobilePaths>('mobile');

/**
 * For a helper generic over its path (a resource factory such as settings' `crudApi`, the reports of
 * one kind): the path is a schema path and the answer the schema's, but TypeScript cannot resolve the
 * parameters and body of a path it does not know yet, so those are the helper's own (its callers type them).
 */
export const apiAt = {
  get: <P extends PathsWith<'get'>>(path: P, init?: LooseInit) =>
    typedRequest('GET', path, init, 'web') as Promise<AnswerOf<OperationOf<P, 'get'>>>,
  delete: <P extends PathsWith<'delete'>>(path: P, init?: LooseInit) =>
    typedRequest('DELETE', path, init, 'web') as Promise<AnswerOf<OperationOf<P, 'delete'>>>,
  post: <P extends PathsWith<'post'>>(path: P, body: unknown, init?: LooseInit) =>
    typedRequest('POST', path, init, 'web', body) as Promise<AnswerOf<OperationOf<P, 'post'>>>,
  put: <P extends PathsWith<'put'>>(path: P, body: unknown, init?: LooseInit) =>
    typedRequest('PUT', path, init, 'web', body) as Promise<AnswerOf<OperationOf<P, 'put'>>>,
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

/** A write's answer, its envelope's message and data only (`undefined` data for an answer without any). */
export async function written<A extends { message: string }>(
  request: Promise<A>,
): Promise<WriteResult<A extends { data: infer D } ? D : undefined>> {
  const response = (await request) as A & { data?: unknown };
  return { message: response.message, data: response.data as A extends { data: infer D } ? D : undefined };
}
