import { useId, useState } from 'react';
import { CardPanel } from '@/components/card-panel';
import { MonthInput } from '@/components/month-input';
import { id as t } from '@/i18n/id';
import { dayjs } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import { useAttendanceLogCount } from '../api/get-attendance-log-count';

const s = t.attendanceHistory;

/** The status summary card with its month selector (doc2 §2.11): approved, manual_approval, rejected. */
export function StatusSummary() {
  const id = useId();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const picked = dayjs(`${month}-01`);
  const count = useAttendanceLogCount(picked.month() + 1, picked.year());
  const items = [
    { key: 'approved', label: s.summary.approved, value: count.data?.approved, className: 'text-success' },
    {
      key: 'manual_approval',
      label: s.summary.manual_approval,
      value: count.data?.manual_approval,
      className: 'text-info',
    },
    { key: 'rejected', label: s.summary.rejected, value: count.data?.rejected, className: 'text-danger' },
  ];
  return (
    <CardPanel as="section" className="mb-3" aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 className="h6 mb-0" id={`${id}-title`}>
          {s.summaryTitle}
        </h2>
        <MonthInput
          size="sm"
          className="month-input-compact"
          aria-label={s.month}
          value={month}
          max={dayjs().format('YYYY-MM')}
          onChange={(next) => {
            if (next) setMonth(next);
          }}
        />
      </div>
      <dl className="row text-center mb-0">
        {items.map((item) => (
          <div className="col-4" key={item.key}>
            <dt className="small text-muted fw-normal">{item.label}</dt>
            <dd className={`h4 mb-0 ${item.className}`} aria-busy={count.isPending}>
              {count.isPending ? '…' : formatCount(item.value)}
            </dd>
          </div>
        ))}
      </dl>
    </CardPanel>
  );
}
