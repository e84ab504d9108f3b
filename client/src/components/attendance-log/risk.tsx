import { useId, useState } from 'react';
import { id as t } from '@/i18n/id';
import './risk.css';
import type { Risk, RiskLevel } from './types';

const r = t.attendanceLog.risk;

const LEVEL_STYLE: Record<RiskLevel, { className: string; icon: string }> = {
  low: { className: 'text-bg-success', icon: 'bi-shield-check' },
  medium: { className: 'text-bg-warning', icon: 'bi-exclamation-triangle' },
  high: { className: 'text-bg-danger', icon: 'bi-exclamation-octagon' },
};

/** The risk factor codes (server/attendance/risk.py FACTORS), in the server's order. */
export const RISK_FACTORS = ['distance', 'gps_accuracy', 'face', 'travel', 'new_device', 'shift_window', 'blacklist_app'] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

export function riskFactorLabel(code: string): string {
  return r.factors[code] ?? code;
}

/**
 * A row's reasons as chips: each the reason's own words with its number ('Skor wajah 66 (ambang 75)'),
 * its factor's label for the screen reader and on hover. Nothing to open: the approver reads them in the row.
 */
export function RiskReasonChips({ risk }: { risk: Risk | null | undefined }) {
  if (!risk || risk.reasons.length === 0) return <span className="text-muted small">{r.noReasons}</span>;
  return (
    <ul className="risk-chips list-unstyled mb-0" aria-label={r.reasonsTitle}>
      {risk.reasons.map((reason) => (
        <li key={reason.code} className="risk-chip" data-factor={reason.code} title={riskFactorLabel(reason.code)}>
          <span className="visually-hidden">{riskFactorLabel(reason.code)}: </span>
          {reason.text}
        </li>
      ))}
    </ul>
  );
}

export function riskLevelLabel(level: string): string {
  return r.levels[level] ?? level;
}

/** The level as colour, icon AND word (Rendah / Sedang / Tinggi): never colour alone. */
export function RiskBadge({ risk }: { risk: Risk | null | undefined }) {
  if (!risk) return <span className="text-muted">{r.unknown}</span>;
  const style = LEVEL_STYLE[risk.level] ?? LEVEL_STYLE.medium;
  return (
    <span className={`badge risk-badge ${style.className}`}>
      <i className={`bi ${style.icon} me-1`} aria-hidden="true" />
      {riskLevelLabel(risk.level)}
    </span>
  );
}

/** The reasons of a risk, each a short Indonesian phrase with its number. */
export function RiskReasons({ risk, id }: { risk: Risk; id?: string }) {
  if (risk.reasons.length === 0) {
    return (
      <p className="small text-muted mb-0" id={id}>
        {r.noReasons}
      </p>
    );
  }
  return (
    <ul className="small mb-0 ps-3 risk-reasons" id={id}>
      {risk.reasons.map((reason) => (
        <li key={reason.code}>{reason.text}</li>
      ))}
    </ul>
  );
}

/**
 * The queue cell: the badge is a button that opens the reasons under it (and names them on hover);
 * it stops the click and the keys from reaching the row, which would open the detail.
 */
export function RiskCell({ risk }: { risk: Risk | null | undefined }) {
  const [open, setOpen] = useState(false);
  const reasonsId = useId();
  if (!risk) return <RiskBadge risk={risk} />;
  const style = LEVEL_STYLE[risk.level] ?? LEVEL_STYLE.medium;
  const label = riskLevelLabel(risk.level);
  return (
    <div className="risk-cell">
      <button
        type="button"
        className={`badge border-0 risk-badge ${style.className}`}
        aria-expanded={open}
        aria-controls={open ? reasonsId : undefined}
        aria-label={r.showReasons(label)}
        title={risk.reasons.map((reason) => reason.text).join('\n') || r.noReasons}
        onClick={(event) => {
          event.stopPropagation();
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
        }}
      >
        <i className={`bi ${style.icon} me-1`} aria-hidden="true" />
        {label}
        <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'} ms-1`} aria-hidden="true" />
      </button>
      {open ? (
        <div className="mt-1">
          <RiskReasons risk={risk} id={reasonsId} />
        </div>
      ) : null}
    </div>
  );
}
