/**
 * A value one page hands to the next (a filter page to its preview or edit page). In memory only:
 * the next page opened without it (a reload, a typed URL) goes back to the first page.
 */
export function createHandoff<T>() {
  let current: T | null = null;
  return {
    set: (value: T | null): void => {
      current = value;
    },
    get: (): T | null => current,
  };
}

/** Rows a filter page loaded, with the parameters it loaded them for. */
export interface LoadedRows<Params, Row> {
  params: Params;
  rows: Row[];
}
