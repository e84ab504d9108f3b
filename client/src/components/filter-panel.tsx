import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { CardPanel } from '@/components/card-panel';
import { id as t } from '@/i18n/id';
import { BELOW_LG, useMediaQuery } from '@/lib/use-media-query';
import './filter-panel.css';

export interface FilterPanelProps {
  /** Names the filter region and the drawer ('Filter'). */
  title?: string;
  /** How many filters differ from their defaults; shown on the drawer button. */
  activeCount?: number;
  /** Resets every filter; shown as 'Atur ulang' when given and something is active. */
  onReset?: () => void;
  /** The filter fields, laid out by the caller (a Bootstrap row of columns). */
  children: ReactNode;
}

/**
 * A list screen's filters. From 992 px: a card above the list. Below: one 'Filter' button (with
 * the number of active filters) that opens the same fields in a drawer, so a phone sees the list
 * first. Filters apply as they change; 'Lihat hasil' closes the drawer.
 */
export function FilterPanel({ title = t.filterPanel.title, activeCount = 0, onReset, children }: FilterPanelProps) {
  const small = useMediaQuery(BELOW_LG);
  const [open, setOpen] = useState(false);
  const drawerTitleId = useId();
  const reset =
    onReset && activeCount > 0 ? (
      <Button variant="link" size="sm" className="px-0" onClick={onReset}>
        {t.filterPanel.reset}
      </Button>
    ) : null;

  if (!small) {
    return (
      <CardPanel as="section" className="mb-3 filter-panel" aria-label={title}>
        {children}
        {reset ? <div className="mt-2">{reset}</div> : null}
      </CardPanel>
    );
  }

  return (
    <>
      <div className="filter-panel-bar mb-3">
        <Button
          variant="outline-secondary"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <i className="bi bi-funnel me-2" aria-hidden="true" />
          {title}
          {/* The name is its text ('Filter, 2 filter aktif'), not an aria-label the visible '2' is missing from. */}
          {activeCount > 0 ? (
            <>
              <span className="badge rounded-pill text-bg-primary ms-2" aria-hidden="true">
                {activeCount}
              </span>
              <span className="visually-hidden">, {t.filterPanel.active(activeCount)}</span>
            </>
          ) : null}
        </Button>
        {reset}
      </div>
      <Offcanvas
        show={open}
        onHide={() => setOpen(false)}
        placement="end"
        aria-labelledby={drawerTitleId}
        className="filter-panel-drawer"
      >
        <Offcanvas.Header closeButton closeLabel={t.common.close}>
          <Offcanvas.Title as="h2" className="h5" id={drawerTitleId}>
            {title}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <section aria-label={title}>{children}</section>
        </Offcanvas.Body>
        <div className="filter-panel-drawer-footer">
          {reset}
          <Button variant="primary" className="ms-auto" onClick={() => setOpen(false)}>
            {t.filterPanel.showResults}
          </Button>
        </div>
      </Offcanvas>
    </>
  );
}
