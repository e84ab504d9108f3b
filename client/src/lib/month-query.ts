import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * One month's figures (a count card, a summary): cached under `key(month, year)` and fetched with
 * `fetch(month, year)`; `month` is 1-12.
 */
export function useMonthQuery<Data>(
  key: (month: number, year: number) => QueryKey,
  fetch: (month: number, year: number) => Promise<Data>,
  month: number,
  year: number,
) {
  return useQuery({ queryKey: key(month, year), queryFn: () => fetch(month, year) });
}
