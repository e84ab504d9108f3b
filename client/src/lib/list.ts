import { request, type AnswerOf, type Envelope, type OperationOf, type PathsWith } from './api-client';

/**
 * The client side of the one list protocol (DESIGN §4): page, per_page, search (JSON of column
 * filters), order (JSON {"column","dir"}) and global_search. DataTable edits a ListState; a feature's
 * fetcher turns it into query parameters with `listQueryParams` and reads the answer with `getList`.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  dir: SortDirection;
}

export interface ListState {
  page: number;
  perPage: number;
  sort: SortState | null;
  /** Column name → text; empty texts are left out of the request. */
  search: Record<string, string>;
  globalSearch: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function initialListState(overrides: Partial<ListState> = {}): ListState {
  return { page: 1, perPage: DEFAULT_PAGE_SIZE, sort: null, search: {}, globalSearch: '', ...overrides };
}

/** Sorting (doc2 §4): the same column flips asc/desc; a new column starts ascending. */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column === column) return { column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { column, dir: 'asc' };
}

export type ListParams = Record<string, string | number>;

export function listQueryParams(state: ListState): ListParams {
  const params: ListParams = { page: state.page, per_page: state.perPage };
  const search = Object.fromEntries(Object.entries(state.search).filter(([, value]) => value.trim() !== ''));
  if (Object.keys(search).length > 0) params.search = JSON.stringify(search);
  if (state.sort) params.order = JSON.stringify(state.sort);
  if (state.globalSearch.trim() !== '') params.global_search = state.globalSearch.trim();
  return params;
}

/**
 * One page of a list answer. `total` counts the rows matching the filters (recordsFiltered);
 * `capped`: the server stopped counting there (recordsCapped), there are more.
 */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  recordsTotal: number;
  capped?: boolean;
}

/** The schema's list endpoints: a GET whose answer carries the list protocol's counts. */
export type ListPath = {
  [P in PathsWith<'get'>]: AnswerOf<OperationOf<P, 'get'>> extends { data: unknown[]; recordsTotal: number } ? P : never;
}[PathsWith<'get'>];
/** A row of a list endpoint's answer, by the schema. */
export type RowOf<P extends ListPath> = AnswerOf<OperationOf<P, 'get'>> extends { data: (infer Row)[] } ? Row : never;

export async function getList<P extends ListPath>(
  path: P,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<ListPage<RowOf<P>>> {
  // The list protocol's parameters (`listQueryParams`, plus a screen's filters) are the schema's query
  // of every list endpoint; the schema narrows some (per_page 10|25|50|100) where ListState keeps numbers.
  return listPage(await request<RowOf<P>[]>('GET', path, { query, signal }));
}

/** The ListPage of a list answer (a fetcher that reads more of the answer calls `api.get` itself). */
export function listPage<Row>(response: Envelope<Row[]>): ListPage<Row> {
  const rows = Array.isArray(response.data) ? response.data : [];
  const recordsTotal = response.recordsTotal ?? rows.length;
  const page: ListPage<Row> = { rows, total: response.recordsFiltered ?? recordsTotal, recordsTotal };
  return response.recordsCapped ? { ...page, capped: true } : page;
}

/** A copy of `page` without the rows `matches` picks, its totals lowered by as many. */
export function withoutRow<Row>(page: ListPage<Row>, matches: (row: Row) => boolean): ListPage<Row> {
  const rows = page.rows.filter((row) => !matches(row));
  const removed = page.rows.length - rows.length;
  if (removed === 0) return page;
  return {
    rows,
    total: Math.max(0, page.total - removed),
    recordsTotal: Math.max(0, page.recordsTotal - removed),
  };
}
