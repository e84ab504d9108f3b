import type { CSSProperties, Key, ReactNode } from 'react';
import { Link } from 'react-router';

export interface RecentListProps<Item> {
  /** The card's heading (h2) and the list's accessible name. */
  title: string;
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  /** Classes added to the card (its margin or height). */
  className: string;
  items: Item[] | undefined;
  loading: boolean;
  /** What shows when there is nothing ('Data tidak tersedia'). */
  emptyText: string;
  itemKey: (item: Item) => Key;
  /** One item's content (its link and lines). */
  renderItem: (item: Item) => ReactNode;
  itemClassName?: string;
  listStyle?: CSSProperties;
  /** Above the list, under the heading (e.g. a month picker). */
  header?: ReactNode;
  /** Under the list (e.g. 'Tampilkan Semua'). */
  footer?: ReactNode;
}

/**
 * A card of the latest records of a screen (the last adjustments, syncs, leave adjustments): 5 skeleton
 * lines while loading, the empty text, or the items.
 */
export function RecentList<Item>({
  title,
  titleId,
  className,
  items,
  loading,
  emptyText,
  itemKey,
  renderItem,
  itemClassName = 'py-2 border-bottom',
  listStyle,
  header,
  footer,
}: RecentListProps<Item>) {
  return (
    <section className={`card border-0 shadow-sm ${className}`} aria-labelledby={titleId}>
      <div className="card-body">
        <h2 className="h6" id={titleId}>
          {title}
        </h2>
        {header}
        {loading ? (
          <ul className="list-unstyled mb-0" aria-busy="true">
            {Array.from({ length: 5 }, (_, index) => (
              <li key={index} className="placeholder-glow py-2" aria-hidden="true">
                <span className="placeholder col-10 rounded" />
              </li>
            ))}
          </ul>
        ) : !items || items.length === 0 ? (
          <p className="text-muted small mb-0">{emptyText}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={title} style={listStyle}>
            {items.map((item) => (
              <li key={itemKey(item)} className={itemClassName}>
                {renderItem(item)}
              </li>
            ))}
          </ul>
        )}
        {footer}
      </div>
    </section>
  );
}

export interface RecentBatchesProps<Item extends { id: Key }> {
  /** The card's heading, its id and the card's classes (as RecentList's title, titleId and className). */
  heading: { title: string; id: string; className: string };
  /** The latest batches' query. */
  recent: { data?: Item[]; isPending: boolean };
  emptyText: string;
  /** A batch's code, shown as the link to its detail page. */
  code: (item: Item) => string;
  detailPath: (code: string) => string;
  /** Beside the code: how many lines the batch holds. */
  count: (item: Item) => string;
  /** Under the code: when (and by whom). */
  line: (item: Item) => string;
  /** 'Tampilkan Semua': the whole list's page. */
  showAll: { to: string; label: string };
}

/**
 * The last batches of a screen (the last attendance adjustments, the last payroll syncs): each its
 * code linking to its detail, its count and a line under it, then 'Tampilkan Semua'.
 */
export function RecentBatches<Item extends { id: Key }>({ heading, recent, emptyText, code, detailPath, count, line, showAll }: RecentBatchesProps<Item>) {
  return (
    <RecentList
      title={heading.title}
      titleId={heading.id}
      className={heading.className}
      items={recent.data}
      loading={recent.isPending}
      emptyText={emptyText}
      itemKey={(item) => item.id}
      renderItem={(item) => (
        <>
          <Link to={detailPath(code(item))} className="fw-semibold">
            {code(item)}
          </Link>{' '}
          <span className="text-muted small">{count(item)}</span>
          <div className="small text-muted">{line(item)}</div>
        </>
      )}
      footer={
        <Link to={showAll.to} className="btn btn-outline-primary btn-sm mt-3">
          {showAll.label}
        </Link>
      }
    />
  );
}
