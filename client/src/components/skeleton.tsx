import { id as t } from '@/i18n/id';

export interface SkeletonProps {
  lines?: number;
  className?: string;
}

/** Placeholder bars shown while content loads. */
export function Skeleton({ lines = 3, className }: SkeletonProps) {
  return (
    <div className={`placeholder-glow ${className ?? ''}`} aria-busy="true" aria-label={t.common.loading} role="status">
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className="placeholder d-block rounded mb-2"
          style={{ width: `${90 - ((index * 17) % 40)}%`, height: '1rem' }}
        />
      ))}
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div className="p-3">
      <span className="placeholder-glow d-block mb-4" aria-hidden="true">
        <span className="placeholder col-4 rounded" style={{ height: '1.6rem' }} />
      </span>
      <Skeleton lines={6} />
    </div>
  );
}

/** Table rows of placeholder cells while a table's rows load (hidden from assistive technology). */
export function SkeletonRows({ rows, columns, className }: { rows: number; columns: number; className?: string }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={`skeleton-${row}`} className={className} aria-hidden="true">
      {Array.from({ length: columns }, (_, cell) => (
        <td key={cell}>
          <span className="placeholder-glow d-block">
            <span className="placeholder col-8 rounded" />
          </span>
        </td>
      ))}
    </tr>
  ));
}
