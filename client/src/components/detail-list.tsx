import type { ReactNode } from 'react';
import './detail.css';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/**
 * Label/value pairs of a record, as a description list (`dl > div > dt + dd`): two columns from
 * 576 px, stacked on a phone. Empty values should be given as '-' by the caller (the spec's blank).
 */
export function DetailList({ items, className }: { items: readonly DetailItem[]; className?: string }) {
  return (
    <dl className={`detail-list ${className ?? ''}`}>
      {items.map((item) => (
        <div className="detail-list-row" key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
