/** Split `items` into screen pages of at most `budget` lines (`weight` lines each; one item may exceed it). */
export function pageByLines<T>(items: readonly T[], weight: (item: T) => number, budget: number): T[][] {
  const pages: T[][] = [];
  let current: T[] = [];
  let lines = 0;
  for (const item of items) {
    const size = Math.max(1, weight(item));
    if (current.length > 0 && lines + size > budget) {
      pages.push(current);
      current = [];
      lines = 0;
    }
    current.push(item);
    lines += size;
  }
  if (current.length > 0) pages.push(current);
  return pages;
}

/** `rows` in groups of `size` (the last one shorter). */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < rows.length; index += size) result.push(rows.slice(index, index + size));
  return result;
}
