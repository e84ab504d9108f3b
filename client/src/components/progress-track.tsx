import type { ReactNode } from 'react';

/**
 * A named progress bar in Bootstrap 5.3's markup: the track carries role="progressbar" and its values
 * (react-bootstrap's ProgressBar names the wrapper instead); the bar(s) go inside.
 */
export function ProgressTrack({
  label,
  percent,
  valueText,
  className = 'progress',
  children,
}: {
  label: string;
  percent: number;
  valueText?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={valueText}
    >
      {children}
    </div>
  );
}
