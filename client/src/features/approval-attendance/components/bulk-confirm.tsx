import { useRef, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useVirtualizer } from '@tanstack/react-virtual';
import { RiskBadge, riskFactorLabel } from '@/components/attendance-log/risk';
import type { Risk } from '@/components/attendance-log/types';
import { id as t } from '@/i18n/id';
import { formatTableDateTime } from '@/lib/dates';
import type { BulkPreview, BulkPreviewRow } from '../api/decide-many';
import { factorBreakdown, isLeftOut } from '../lib/bulk-breakdown';
import './bulk-confirm.css';

const text = t.approvalAttendance.bulkConfirm;
const ROW_HEIGHT = 76;

export interface BulkConfirmBodyProps {
  preview: BulkPreview;
  /** The factors switched off: their rows are left out. */
  excluded: ReadonlySet<string>;
  onExcludedChange: (next: Set<string>) => void;
  /** The placement an out-of-radius row is approved at now (default: the preview's). */
  placementOf?: (row: BulkPreviewRow) => { hash_id: string; name: string } | null;
  /** In place of the placement's name: a control to change it (out-of-radius rows). */
  renderPlacement?: (row: BulkPreviewRow) => ReactNode;
}

/**
 * What a bulk approve approves, before it runs (DESIGN §21): the breakdown by risk factor with a
 * switch per factor to leave its rows out, the count that will be approved, and every row in a
 * scrollable, virtualised list (each with its risk, reasons and the placement it is approved at).
 */
export function BulkConfirmBody({ preview, excluded, onExcludedChange, placementOf, renderPlacement }: BulkConfirmBodyProps) {
  const rows = preview.rows;
  const breakdown = factorBreakdown(rows, placementOf);
  const leftOut = rows.filter((row) => isLeftOut(row, excluded)).length;
  const withoutFactors = rows.filter((row) => row.factors.length === 0).length;
  const toggle = (code: string) => {
    const next = new Set(excluded);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    onExcludedChange(next);
  };

  return (
    <div className="bulk-confirm">
      {preview.missing.length > 0 ? <p className="small text-warning-emphasis mb-2">{text.missing(preview.missing.length)}</p> : null}
      {preview.matching > rows.length ? <p className="small mb-2">{text.capped(rows.length, preview.matching)}</p> : null}
      <fieldset className="mb-3">
        <legend className="h6 mb-1">{text.breakdownTitle}</legend>
        <p className="small text-muted mb-2">{text.breakdownHint}</p>
        <ul className="list-unstyled mb-0 bulk-confirm-factors">
          {breakdown.map((factor) => (
            <li key={factor.code} data-factor={factor.code}>
              <Form.Check
                type="switch"
                role="switch"
                id={`bulk-leave-out-${factor.code}`}
                label={text.leaveOut(riskFactorLabel(factor.code), factor.count)}
                checked={excluded.has(factor.code)}
                onChange={() => toggle(factor.code)}
              />
              {factor.placements.length > 0 ? (
                <ul className="small text-muted mb-1 bulk-confirm-placements">
                  {factor.placements.map((place) => (
                    <li key={place.hash_id || 'none'}>
                      {place.hash_id ? text.atPlacement(place.name, place.count) : text.noPlacement(place.count)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          {withoutFactors > 0 ? <li className="small text-muted">{text.withoutFactors(withoutFactors)}</li> : null}
        </ul>
      </fieldset>
      <p className="fw-semibold mb-2" aria-live="polite" data-testid="bulk-confirm-summary">
        {text.summary(rows.length - leftOut, leftOut)}
      </p>
      <h3 className="h6 mb-1">{text.rowsTitle(rows.length)}</h3>
      <BulkRowList rows={rows} excluded={excluded} placementOf={placementOf} renderPlacement={renderPlacement} />
    </div>
  );
}

function BulkRowList({
  rows,
  excluded,
  placementOf,
  renderPlacement,
}: {
  rows: BulkPreviewRow[];
  excluded: ReadonlySet<string>;
  placementOf?: BulkConfirmBodyProps['placementOf'];
  renderPlacement?: BulkConfirmBodyProps['renderPlacement'];
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // Before the first measure (and in tests, which lay nothing out): a window's worth of rows.
    initialRect: { width: 600, height: 320 },
  });
  return (
    // A scrollable region is a tab stop with a name, so a keyboard reaches every row (axe).
    <div ref={scroller} className="bulk-confirm-rows border rounded" tabIndex={0} role="region" aria-label={text.rowsLabel}>
      <ul className="list-unstyled mb-0 position-relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const out = isLeftOut(row, excluded);
          const place = placementOf ? placementOf(row) : (row.approve_at ?? null);
          return (
            <li
              key={row.hash_id}
              data-index={item.index}
              data-row={row.hash_id}
              data-left-out={out ? 'true' : 'false'}
              ref={virtualizer.measureElement}
              className={`bulk-confirm-row px-2 py-1${out ? ' is-left-out' : ''}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="fw-semibold">{row.employee_name}</span>
                <span className="small text-muted">{row.employee_number_formatted}</span>
                <span className="small">
                  {formatTableDateTime(row.log_datetime, row.log_timezone)}
                </span>
                <RiskBadge risk={row.risk as Risk} />
                {out ? <span className="badge text-bg-secondary">{text.leftOut}</span> : null}
              </div>
              <div className="small d-flex flex-wrap gap-2 align-items-center">
                <span className="text-muted">{row.man_power_name}</span>
                {row.location !== 1 ? (renderPlacement ? renderPlacement(row) : place ? <span>{text.at(place.name)}</span> : null) : null}
                {row.risk.reasons.map((reason) => (
                  <span key={reason.code} className="risk-chip" data-factor={reason.code}>
                    {reason.text}
                  </span>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
