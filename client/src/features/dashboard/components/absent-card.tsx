import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { useCanOpen } from '@/lib/route-access';
import { AbsentRangeModal } from './absent-range-modal';
import { DashboardCard } from './dashboard-card';

const text = t.dashboard.absent;

/**
 * The top-5 widget shows no data of its own (doc1 §2.9); its button opens the report's range picker.
 * The report is a report (doc1 §6.2: allow_report, as its server call): without the flag the button
 * is not shown, rather than opening a range that ends in "no access".
 */
export function AbsentCard() {
  const [open, setOpen] = useState(false);
  const canOpenReport = useCanOpen(paths.reportAbsentDoc);
  return (
    <DashboardCard title={text.title}>
      <div className="flex-grow-1 d-flex flex-column align-items-center justify-content-center text-center py-3 gap-3">
        <i className="bi bi-person-x fs-1 text-muted" aria-hidden="true" />
        <p className="text-muted mb-0">{text.unavailable}</p>
        {canOpenReport ? (
          <Button variant="outline-primary" onClick={() => setOpen(true)}>
            {text.open}
          </Button>
        ) : null}
      </div>
      {canOpenReport ? <AbsentRangeModal show={open} onHide={() => setOpen(false)} /> : null}
    </DashboardCard>
  );
}
