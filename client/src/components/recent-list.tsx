import type { CSSProperties, Key, ReactNode } from 'react';

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
