import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { ModalHeading } from '@/components/modal-heading';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { showError } from '@/lib/notifications';
import { rangeDates, rangeProblem, yearMonthOf } from './month-range';
import { MonthRangePicker, type MonthRangeValue } from './month-range-picker';

const text = t.dashboard.absent;

/** This year so far: January to the current month. */
function defaultRange(today: Date): MonthRangeValue {
  const current = yearMonthOf(today);
  return { start: { year: current.year, month: 0 }, end: current };
}

export function absentReportUrl(startDate: string, endDate: string): string {
  const query = new URLSearchParams({ s: startDate, e: endDate });
  return `${paths.reportAbsentDoc}?${query.toString()}`;
}

export function AbsentRangeModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const navigate = useNavigate();
  // Today as of this opening: a dashboard left open for days still limits to the real current month.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `show` is the trigger: a new date per opening.
  const today = useMemo(() => new Date(), [show]);
  const [range, setRange] = useState<MonthRangeValue>(() => defaultRange(today));

  const confirm = () => {
    const problem = rangeProblem(range.start, range.end, today);
    if (problem || !range.start || !range.end) {
      showError(t.monthRange.problems[problem ?? 'incomplete']);
      return;
    }
    const { startDate, endDate } = rangeDates(range.start, range.end);
    onHide();
    navigate(absentReportUrl(startDate, endDate));
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="absent-range-title">
      <ModalHeading id="absent-range-title">{text.modalTitle}</ModalHeading>
      <Modal.Body>
        <MonthRangePicker value={range} onChange={setRange} today={today} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t.common.cancel}
        </Button>
        <Button variant="primary" onClick={confirm} disabled={rangeProblem(range.start, range.end, today) !== null}>
          {text.confirm}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
