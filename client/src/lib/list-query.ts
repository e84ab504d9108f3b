import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { listQueryParams, type ListPage, type ListParams, type ListState } from './list';
import type { ListQueryParams } from './live-queue';
import { useListPage, type ListPageOptions } from './use-list-page';

/**
 * A list's query keys: every query under `[root]`, its pages under `[root, 'list', params]` (params are
 * the request's query parameters, so a live handler can tell whether a row may belong to a cached page)
 * and one record's detail under `[root, 'detail', hashId]`.
 */
export function listKeys<Root extends string>(root: Root) {
  return {
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (params: ListQueryParams) => [root, 'list', params] as const,
    detail: (hashId: string) => [root, 'detail', hashId] as const,
  };
}

/** A list fetcher: one page of the list protocol for the request's parameters. */
export type FetchList<Row> = (params: ListParams, signal: AbortSignal) => Promise<ListPage<Row>>;

/**
 * The query of one page of a list: the page shown stays until the next one arrives (no flash of an
 * empty table while paging, sorting or searching).
 */
export function listQuery<Page extends ListPage<unknown>, Key extends QueryKey, Params = ListParams>(
  queryKey: Key,
  fetchList: (params: Params, signal: AbortSignal) => Promise<Page>,
  params: Params,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetchList(params, signal), placeholderData: keepPreviousData });
}

/** The DataTable props of a page of rows: rows and total, the loading flag, and the ListState with its setter. */
export function tablePage<Row>(
  page: { rows: Row[]; total: number } | undefined,
  loading: boolean,
  state: ListState,
  onStateChange: (next: ListState) => void,
) {
  return { rows: page?.rows, total: page?.total ?? 0, loading, state, onStateChange };
}

/**
 * A server-side list screen's state: the ListState in the URL (`useListPage`), the page's query under
 * `[...queryKey, 'list', params]`, and `table`, the props its DataTable takes from them.
 */
export function useListQuery<Row>(queryKey: QueryKey, fetchList: FetchList<Row>, options?: ListPageOptions) {
  const [state, setState] = useListPage(options);
  const params = listQueryParams(state);
  const query = useQuery(listQuery([...queryKey, 'list', params], fetchList, params));
  return { state, setState, query, table: tablePage(query.data, query.isPending, state, setState) };
}
