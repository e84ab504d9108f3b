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
