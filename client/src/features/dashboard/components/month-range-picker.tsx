import { useId, useState } from 'react';
import { id as t } from '@/i18n/id';
import { dayjs, formatDate } from '@/lib/dates';
import {
  isFutureMonth,
  isMonthDisabled,
  monthIndex,
  pickMonth,
  rangeDates,
  rangeProblem,
  sameMonth,
  yearMonthOf,
  type YearMonth,
} from './month-range';

const text = t.monthRange;

export interface MonthRangeValue {
  start: YearMonth | null;
  end: YearMonth | null;
}

export interface MonthRangePickerProps {
  value: MonthRangeValue;
  onChange: (next: MonthRangeValue) => void;
  today?: Date;
}

function monthLabel({ year, month }: YearMonth): string {
  return dayjs(new Date(year, month, 1)).format('MMMM YYYY');
}

/**
 * A month grid for one year at a time: the first click picks the start month, the second the end
 * month. Months after the current month, and months too far after a chosen start, are disabled.
 */
export function MonthRangePicker({ value, onChange, today = new Date() }: MonthRangePickerProps) {
  const headingId = useId();
  const current = yearMonthOf(today);
  const [year, setYear] = useState(value.end?.year ?? value.start?.year ?? current.year);
  const problem = rangeProblem(value.start, value.end, today);
  const dates = value.start && value.end && !problem ? rangeDates(value.start, value.end) : null;

  const inRange = (candidate: YearMonth) =>
    value.start !== null &&
    value.end !== null &&
    monthIndex(candidate) >= monthIndex(value.start) &&
    monthIndex(candidate) <= monthIndex(value.end);

  return (
    <div className="month-range-picker" role="group" aria-labelledby={headingId}>
      <p className="small text-muted mb-2" id={`${headingId}-hint`}>
        {text.hint}
      </p>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={text.previousYear}
          onClick={() => setYear((shown) => shown - 1)}
        >
          <i className="bi bi-chevron-left" aria-hidden="true" />
        </button>
        <span className="fw-semibold" id={headingId} aria-live="polite">
          <span className="visually-hidden">{text.label} </span>
          {year}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={text.nextYear}
          disabled={isFutureMonth({ year: year + 1, month: 0 }, today)}
          onClick={() => setYear((shown) => shown + 1)}
        >
          <i className="bi bi-chevron-right" aria-hidden="true" />
        </button>
      </div>
      <div className="month-grid">
        {Array.from({ length: 12 }, (_, month) => {
          const candidate = { year, month };
          const endpoint = sameMonth(candidate, value.start) || sameMonth(candidate, value.end);
          const classes = endpoint ? 'btn-primary' : inRange(candidate) ? 'btn-light border-primary text-primary' : 'btn-outline-secondary';
          return (
            <button
              key={month}
              type="button"
              className={`btn btn-sm month-grid-button ${classes}`}
              aria-label={monthLabel(candidate)}
              aria-pressed={endpoint || inRange(candidate)}
              disabled={isMonthDisabled(candidate, value, today)}
              onClick={() => onChange(pickMonth(value, candidate))}
            >
              {/* The whole month name: the button's accessible name starts with what it shows. */}
              {dayjs(new Date(year, month, 1)).format('MMMM')}
            </button>
          );
        })}
      </div>
      <dl className="row small mt-3 mb-0">
        <dt className="col-4 fw-normal text-muted">{text.start}</dt>
        <dd className="col-8 mb-1" data-testid="month-range-start">
          {value.start ? monthLabel(value.start) : text.none}
        </dd>
        <dt className="col-4 fw-normal text-muted">{text.end}</dt>
        <dd className="col-8 mb-1" data-testid="month-range-end">
          {value.end ? monthLabel(value.end) : text.none}
        </dd>
      </dl>
      {dates ? (
        <p className="small mb-0" data-testid="month-range-dates">
          {formatDate(dates.startDate)} – {formatDate(dates.endDate)}
        </p>
      ) : null}
      {problem && problem !== 'incomplete' ? (
        <p className="small text-danger mb-0" role="alert">
          {text.problems[problem]}
        </p>
      ) : null}
    </div>
  );
}
