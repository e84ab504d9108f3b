import { id as t } from '@/i18n/id';

export interface PaginationProps {
  page: number;
  perPage: number;
  /** Rows matching the filters (recordsFiltered). */
  total: number;
  /** The server stopped counting at `total` (recordsCapped): 'dari lebih dari {total}'. */
  capped?: boolean;
  onPageChange: (page: number) => void;
  /** How many numbered page buttons to show around the current page (default 5). */
  window?: number;
}

export function pageSummary(page: number, perPage: number, total: number, capped = false): string {
  if (total <= 0) return t.dataTable.summary(0, 0, 0);
  const top = (page - 1) * perPage + 1;
  const bottom = Math.min(total, page * perPage);
  return (capped ? t.dataTable.summaryCapped : t.dataTable.summary)(Math.min(top, total), bottom, total);
}

export function lastPageOf(perPage: number, total: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

function numberedPages(page: number, last: number, size: number): number[] {
  const half = Math.floor(size / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(last, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/**
 * 'Menampilkan data {top} sampai {bottom} dari {total}' and the page buttons. Controls that would
 * be disabled (first/previous on page 1, next/last on the last page) are hidden (doc2 §9).
 */
export function Pagination({ page, perPage, total, capped = false, onPageChange, window = 5 }: PaginationProps) {
  const last = lastPageOf(perPage, total);
  const current = Math.min(page, last);
  const button = (target: number, label: string, content: string, key: string, active = false) => (
    <li className={`page-item${active ? ' active' : ''}`} key={key}>
      <button
        type="button"
        className="page-link"
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        onClick={() => onPageChange(target)}
      >
        {content}
      </button>
    </li>
  );
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <p className="mb-0 small text-muted" aria-live="polite">
        {pageSummary(current, perPage, total, capped)}
      </p>
      {last > 1 ? (
        <nav aria-label={t.dataTable.pagination}>
          <ul className="pagination pagination-sm mb-0">
            {current > 1 ? button(1, t.dataTable.firstPage, '«', 'first') : null}
            {current > 1 ? button(current - 1, t.dataTable.previousPage, '‹', 'previous') : null}
            {numberedPages(current, last, window).map((number) =>
              button(number, t.dataTable.page(number), String(number), `page-${number}`, number === current),
            )}
            {current < last ? button(current + 1, t.dataTable.nextPage, '›', 'next') : null}
            {current < last ? button(last, t.dataTable.lastPage, '»', 'last') : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
