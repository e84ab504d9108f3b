import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { id as t } from '@/i18n/id';
import { nextSort, PAGE_SIZES, type ListState } from '@/lib/list';
import { DateInput } from './date-input';
import { lastPageOf, Pagination } from './pagination';
import { SkeletonRows } from './skeleton';
import './data-table.css';

/**
 * The one server-side table of the back-office (list protocol, DESIGN §4).
 *
 * The table is controlled: it renders `rows` and reports every change of page, page size, sort,
 * column search or global search through `onStateChange` (searches debounced, the page reset to 1
 * for everything but paging). The caller keeps the ListState (usually in useState), turns it into
 * request parameters with `listQueryParams` and passes `loading` while a new page loads (skeleton
 * rows; a background refetch of rows already shown should pass `loading={false}`).
 *
 * Accessible names: the table is named by `title` (an h2 above it); sortable headers are buttons named
 * after the column with aria-sort on the header cell; searches are 'Cari' (global) and
 * 'Cari <column>'; the page-size select is 'Jumlah data per halaman'; pages are under the
 * 'Navigasi halaman' navigation; the 'Kolom' menu in the toolbar shows and hides columns (every
 * column but the first; optional ones start hidden).
 *
 * Layout: the table never widens its card or the page. It scrolls sideways inside the card, and
 * vertically within the viewport's height, its header row staying in view (sticky).
 */

export interface DataTableColumn<Row> {
  /** The list protocol's column name (sent in order/search). */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Show a per-column search input. */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** The column search is a date (the app's date input; the search term sent is 'YYYY-MM-DD'). */
  searchDate?: boolean;
  /** The column search is a choice among these values (a select with 'Semua' first), e.g. a status. */
  searchOptions?: readonly { value: string; label: string }[];
  className?: string;
  /** The column's share of the table's width, e.g. '15%' (set on its header cell). */
  width?: string;
  /** An extra column, hidden until switched on in the 'Kolom' menu (or `defaultShown`). */
  optional?: boolean;
  defaultShown?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's heading (h2) and accessible name. */
  title: string;
  /** Shown beside the title (e.g. a live count badge). */
  titleExtra?: ReactNode;
  columns: DataTableColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Rows matching the filters (recordsFiltered). */
  total: number;
  /** The server stopped counting at `total` (recordsCapped). */
  totalCapped?: boolean;
  loading: boolean;
  state: ListState;
  onStateChange: (next: ListState) => void;
  onRowClick?: (row: Row) => void;
  rowClassName?: (row: Row) => string | undefined;
  pageSizes?: readonly number[];
  skeletonRows?: number;
  /** What an empty page says (default 'Data tidak ditemukan'); may hold a control. */
  emptyText?: ReactNode;
  /** Extra controls in the toolbar, left of the global search. */
  toolbar?: ReactNode;
  globalSearch?: boolean;
  searchDebounceMs?: number;
}

export const SEARCH_DEBOUNCE_MS = 500;
export const SKELETON_ROWS = 10;

function useDebouncedCommit(value: string, commit: (next: string) => void, delay: number) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  // An outside change (a reset) wins over what is being typed.
  useEffect(() => {
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestCommit.current(next), delay);
  };
  const flush = () => {
    clearTimeout(timer.current);
    if (text !== value) latestCommit.current(text);
  };
  return { text, change, flush };
}

function SearchInput({
  label,
  placeholder,
  value,
  onCommit,
  delay,
  className,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onCommit: (next: string) => void;
  delay: number;
  className?: string;
}) {
  const { text, change, flush } = useDebouncedCommit(value, onCommit, delay);
  return (
    <Form.Control
      type="search"
      size="sm"
      className={className}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event) => {
        // Enter searches at once; it never submits a form the table sits in.
        if (event.key === 'Enter') {
          event.preventDefault();
          flush();
        }
      }}
    />
  );
}

const SORT_LABEL = { asc: 'ascending', desc: 'descending' } as const;

export function DataTable<Row>({
  title,
  titleExtra,
  columns: allColumns,
  rows,
  rowKey,
  total,
  totalCapped = false,
  loading,
  state,
  onStateChange,
  onRowClick,
  rowClassName,
  pageSizes = PAGE_SIZES,
  skeletonRows = SKELETON_ROWS,
  emptyText = t.dataTable.empty,
  toolbar,
  globalSearch = true,
  searchDebounceMs = SEARCH_DEBOUNCE_MS,
}: DataTableProps<Row>) {
  const pageSizeId = useId();
  const titleId = useId();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () =>
      new Set(allColumns.filter((column) => column.optional && !column.defaultShown).map((column) => column.key)),
  );
  // The first column names the row: it is always shown.
  const choosableColumns = allColumns.slice(1);
  const columns = allColumns.filter((column) => !hidden.has(column.key));
  const hasColumnSearch = columns.some((column) => column.searchable);
  const toggleColumn = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // Two debounced searches can commit in one tick, before the parent renders the first: each change
  // builds on the last state this table committed, not on the (older) state of the last render.
  const committed = useRef(state);
  const seen = useRef(state);
  if (seen.current !== state) {
    seen.current = state;
    committed.current = state;
  }
  const change = (patch: Partial<ListState>) => {
    const next = { ...committed.current, page: 1, ...patch };
    committed.current = next;
    onStateChange(next);
  };

  // Rows can leave while a page is open (live queues): a page past the end moves to the last one.
  const lastPage = lastPageOf(state.perPage, total);
  const emptyPage = !loading && (rows?.length ?? 0) === 0;
  useEffect(() => {
    if (emptyPage && total > 0 && state.page > lastPage) onStateChange({ ...state, page: lastPage });
  }, [emptyPage, total, state, lastPage, onStateChange]);

  const rowProps = (row: Row) => {
    const className = [onRowClick ? 'data-table-clickable' : '', rowClassName?.(row) ?? ''].join(' ').trim();
    if (!onRowClick) return { className: className || undefined };
    return {
      tabIndex: 0,
      className,
      onClick: () => onRowClick(row),
      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRowClick(row);
        }
      },
    };
  };

  let body: ReactNode;
  if (loading) {
    body = <SkeletonRows rows={skeletonRows} columns={columns.length} className="data-table-skeleton" />;
  } else if (!rows || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length} className="text-center text-muted py-4">
          {emptyText}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const props = rowProps(row);
      return (
        <tr key={rowKey(row)} data-row-key={rowKey(row)} {...props}>
          {columns.map((column) => (
            <td key={column.key} className={column.className}>
              {column.cell(row)}
            </td>
          ))}
        </tr>
      );
    });
  }

  return (
    <div className="data-table">
      <div className="data-table-title">
        <h2 className="data-table-title-text" id={titleId}>
          {title}
        </h2>
        {titleExtra}
      </div>
      <div className="data-table-toolbar">
        <div className="d-flex align-items-center gap-2">
          <label className="small text-muted mb-0" htmlFor={pageSizeId}>
            {t.dataTable.show}
          </label>
          <Form.Select
            id={pageSizeId}
            size="sm"
            className="w-auto"
            aria-label={t.dataTable.pageSize}
            value={state.perPage}
            onChange={(event) => change({ perPage: Number(event.target.value) })}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
          <span className="small text-muted">{t.dataTable.entries}</span>
        </div>
        <div className="data-table-toolbar-end">
          {toolbar}
          {choosableColumns.length > 0 ? (
            <Dropdown autoClose="outside">
              <Dropdown.Toggle variant="outline-secondary" size="sm">
                <i className="bi bi-layout-three-columns me-1" aria-hidden="true" />
                {t.dataTable.columns}
              </Dropdown.Toggle>
              <Dropdown.Menu className="px-3 py-2 data-table-column-menu">
                {choosableColumns.map((column) => (
                  <Form.Check
                    key={column.key}
                    id={`${titleId}-column-${column.key}`}
                    label={column.header}
                    checked={!hidden.has(column.key)}
                    onChange={() => toggleColumn(column.key)}
                    className="text-nowrap"
                  />
                ))}
              </Dropdown.Menu>
            </Dropdown>
          ) : null}
          {globalSearch ? (
            <SearchInput
              label={t.dataTable.globalSearch}
              placeholder={t.dataTable.globalSearchPlaceholder}
              value={state.globalSearch}
              delay={searchDebounceMs}
              className="data-table-global-search"
              onCommit={(globalSearch) => change({ globalSearch })}
            />
          ) : null}
        </div>
      </div>
      <div className="data-table-scroll">
        <table
          // Declared widths hold exactly (fixed layout, from the md breakpoint: on a phone the content
          // sizes the columns so every sort button keeps its touch size); otherwise the content does.
          className={`table table-hover align-middle mb-0${columns.some((column) => column.width) ? ' data-table-fixed' : ''}`}
          aria-busy={loading}
          aria-labelledby={titleId}
        >
          <thead className="table-light">
            <tr>
              {columns.map((column) => {
                const sorted = state.sort?.column === column.key ? state.sort.dir : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.className}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={column.sortable ? (sorted ? SORT_LABEL[sorted] : 'none') : undefined}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="data-table-sort"
                        onClick={() => change({ sort: nextSort(state.sort, column.key) })}
                      >
                        {column.header}
                        <i
                          className={`bi ms-1 ${
                            sorted === 'asc' ? 'bi-sort-up' : sorted === 'desc' ? 'bi-sort-down' : 'bi-arrow-down-up'
                          } ${sorted ? '' : 'opacity-50'}`}
                          aria-hidden="true"
                        />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
            {hasColumnSearch ? (
              <tr className="data-table-column-search">
                {columns.map((column) => (
                  <td key={column.key}>
                    {column.searchable && column.searchDate ? (
                      <DateInput
                        size="sm"
                        aria-label={t.dataTable.columnSearch(column.header)}
                        value={state.search[column.key] ?? ''}
                        onChange={(date) => change({ search: { ...state.search, [column.key]: date } })}
                      />
                    ) : column.searchable && column.searchOptions ? (
                      <Form.Select
                        size="sm"
                        aria-label={t.dataTable.columnSearch(column.header)}
                        value={state.search[column.key] ?? ''}
                        onChange={(event) => change({ search: { ...state.search, [column.key]: event.target.value } })}
                      >
                        <option value="">{t.dataTable.allOptions}</option>
                        {column.searchOptions.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </Form.Select>
                    ) : column.searchable ? (
                      <SearchInput
                        label={t.dataTable.columnSearch(column.header)}
                        placeholder={column.searchPlaceholder}
                        value={state.search[column.key] ?? ''}
                        delay={searchDebounceMs}
                        onCommit={(text) => change({ search: { ...state.search, [column.key]: text } })}
                      />
                    ) : null}
                  </td>
                ))}
              </tr>
            ) : null}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <Pagination
        page={state.page}
        perPage={state.perPage}
        total={total}
        capped={totalCapped}
        onPageChange={(page) => onStateChange({ ...state, page })}
      />
    </div>
  );
}
