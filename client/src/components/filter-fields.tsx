import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { id as t } from '@/i18n/id';
import { DateRange, twoMonthWindow, type DateRangeValue } from './date-range';

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (next: string) => void;
  /** The grid column it takes in the filter row. */
  className: string;
  children: ReactNode;
}

/** A filter row's labelled small select. */
export function FilterSelect({ label, value, onChange, className, children }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Select id={id} size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Form.Select>
    </div>
  );
}

/** A FilterSelect of 'Semua' ('') and the given [value, label] choices. */
export function FilterChoice({ options, ...props }: Omit<FilterSelectProps, 'children'> & { options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <FilterSelect {...props}>
      <option value="">{t.attendanceLog.all}</option>
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </FilterSelect>
  );
}

/** The attendance logs' date range filter, bounded by the approval and history window (`twoMonthWindow`). */
export function LogDateRangeFilter({ label, value, onChange }: { label: string; value: DateRangeValue; onChange: (next: DateRangeValue) => void }) {
  const dateWindow = twoMonthWindow();
  return (
    <div className="col-lg-4">
      <DateRange label={label} value={value} min={dateWindow.min} max={dateWindow.max} onChange={onChange} />
    </div>
  );
}
