import type { ListState } from '@/lib/list';

/** Sorting, global search and paging of rows already loaded (the client-side tables of doc2 §2.5-2.7 and §2.12). */
export function localPage<Row>(
  rows: Row[],
  state: ListState,
  value: (row: Row, column: string) => string | number,
  searchColumns: string[],
): { rows: Row[]; total: number } {
  const needle = state.globalSearch.trim().toLowerCase();
  let shown = needle
    ? rows.filter((row) => searchColumns.some((column) => String(value(row, column)).toLowerCase().includes(needle)))
    : rows;
  for (const [column, text] of Object.entries(state.search)) {
    const wanted = text.trim().toLowerCase();
    if (wanted) shown = shown.filter((row) => String(value(row, column)).toLowerCase().includes(wanted));
  }
  const sort = state.sort;
  if (sort) {
    const direction = sort.dir === 'asc' ? 1 : -1;
    shown = [...shown].sort((a, b) => {
      const left = value(a, sort.column);
      const right = value(b, sort.column);
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right), 'id', { numeric: true });
      return order * direction;
    });
  }
  const start = (state.page - 1) * state.perPage;
  return { rows: shown.slice(start, start + state.perPage), total: shown.length };
}

export function fieldOf<Row>(row: Row, column: string): string | number {
  const value = (row as Record<string, unknown>)[column];
  return typeof value === 'number' ? value : String(value ?? '');
}
