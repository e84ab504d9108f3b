import { useId, type ReactNode } from 'react';
import { formatCount } from '@/lib/format';

export interface DashboardCardProps {
  title: string;
  /** Shown under the title (e.g. the period). */
  subtitle?: string;
  /** Controls at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One dashboard widget: a region named by its heading. */
export function DashboardCard({ title, subtitle, actions, children, className }: DashboardCardProps) {
  const headingId = useId();
  return (
    <section className={`card border-0 shadow-sm ${className ?? ''}`} aria-labelledby={headingId}>
      <div className="card-body d-flex flex-column">
        <div className="d-flex align-items-start justify-content-between gap-2 mb-3">
          <div>
            <h2 className="h6 fw-semibold mb-0" id={headingId}>
              {title}
            </h2>
            {subtitle ? <p className="small text-muted mb-0">{subtitle}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A number with its label; -1 (or undefined) means not loaded yet and shows a placeholder. */
export function Stat({ label, value, tone }: { label: string; value: number | undefined; tone?: string }) {
  const labelId = useId();
  const loaded = value !== undefined && value >= 0;
  return (
    <div role="group" aria-labelledby={labelId} className="dashboard-stat">
      <div className={`dashboard-stat-value ${tone ? `text-${tone}` : ''}`} aria-busy={!loaded || undefined}>
        {loaded ? (
          formatCount(value)
        ) : (
          <span className="placeholder-glow">
            <span className="placeholder rounded" style={{ width: '2.5rem' }} />
          </span>
        )}
      </div>
      <div className="dashboard-stat-label small text-muted" id={labelId}>
        {label}
      </div>
    </div>
  );
}
