import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { initialListState, PAGE_SIZES, type ListState, type SortState } from './list';

/**
 * A DataTable's ListState kept in the address bar, with the list protocol's own names (DESIGN §4):
 * `page`, `per_page`, `search` (JSON of column filters), `order` (JSON {"column","dir"}) and
 * `global_search`. A reload, a shared link or Back brings the same page, sort and searches back.
 * Values equal to the defaults are left out of the URL; malformed ones fall back to the defaults.
 * Changes replace the history entry (typing a search does not fill Back with keystrokes).
 *
 * `prefix` tells two lists on one screen apart (`shift_page`, `pattern_page`, …).
 */
export interface ListPageOptions {
  defaults?: Partial<ListState>;
  prefix?: string;
  /** Page sizes accepted from the URL (the table's `pageSizes`). */
  pageSizes?: readonly number[];
}

const KEYS = ['page', 'per_page', 'search', 'order', 'global_search'] as const;

function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function parseSort(text: string | null): SortState | null | undefined {
  if (text === 'null') return null;
  const value = parseJsonObject(text);
  if (!value) return undefined;
  const { column, dir } = value;
  if (typeof column !== 'string' || !column || (dir !== 'asc' && dir !== 'desc')) return undefined;
  return { column, dir };
}

export function listStateFromParams(params: URLSearchParams, options: ListPageOptions = {}): ListState {
  const { prefix = '', pageSizes = PAGE_SIZES } = options;
  const defaults = initialListState(options.defaults);
  const read = (key: string) => params.get(`${prefix}${key}`);

  const page = Number(read('page'));
  const perPage = Number(read('per_page'));
  const searchObject = parseJsonObject(read('search'));
  const search = searchObject
    ? Object.fromEntries(
        Object.entries(searchObject).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      )
    : defaults.search;
  const sort = parseSort(read('order'));

  return {
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    perPage: pageSizes.includes(perPage) ? perPage : defaults.perPage,
    sort: sort === undefined ? defaults.sort : sort,
    search,
    globalSearch: read('global_search') ?? defaults.globalSearch,
  };
}

/** `params` with the list's keys rewritten for `state` (other parameters kept). */
export function listStateToParams(
  state: ListState,
  params: URLSearchParams,
  options: ListPageOptions = {},
): URLSearchParams {
  const { prefix = '' } = options;
  const defaults = initialListState(options.defaults);
  const next = new URLSearchParams(params);
  for (const key of KEYS) next.delete(`${prefix}${key}`);
  const write = (key: string, value: string) => next.set(`${prefix}${key}`, value);

  if (state.page !== defaults.page) write('page', String(state.page));
  if (state.perPage !== defaults.perPage) write('per_page', String(state.perPage));
  const search = Object.fromEntries(Object.entries(state.search).filter(([, text]) => text !== ''));
  if (Object.keys(search).length > 0) write('search', JSON.stringify(search));
  const sameSort =
    state.sort?.column === defaults.sort?.column && state.sort?.dir === defaults.sort?.dir;
  if (!sameSort) write('order', state.sort ? JSON.stringify(state.sort) : 'null');
  if (state.globalSearch !== '') write('global_search', state.globalSearch);
  return next;
}

export function useListPage(options: ListPageOptions = {}): [ListState, (next: ListState) => void] {
  const [params, setParams] = useSearchParams();
  const { prefix, pageSizes } = options;
  // The defaults are compared by value: callers may pass a fresh object on every render.
  const defaultsKey = JSON.stringify(options.defaults ?? {});
  const stable = useMemo<ListPageOptions>(
    () => ({ prefix, pageSizes, defaults: JSON.parse(defaultsKey) as Partial<ListState> }),
    [prefix, pageSizes, defaultsKey],
  );
  const paramsKey = params.toString();
  const state = useMemo(() => listStateFromParams(new URLSearchParams(paramsKey), stable), [paramsKey, stable]);
  const setState = useCallback(
    (next: ListState) => setParams((current) => listStateToParams(next, current, stable), { replace: true }),
    [setParams, stable],
  );
  return [state, setState];
}
