import { useId } from 'react';
import { id as t } from '@/i18n/id';
import { dayjs, latestPlacementToday, toApiDate } from '@/lib/dates';
import { DateInput } from './date-input';
import type { InlineErrors } from './form/inline-errors';

/**
 * Two of the app's date inputs (`DateInput`: dd/mm/yyyy on screen, 'YYYY-MM-DD' values) bounded by `min`/`max`; the end cannot precede the start.
 * Controlled: `onChange` gets both ends ('' when unset). Callers usually act only once both are set
 * (doc2 §5: the list reloads once both range ends are picked).
 * Accessible names: 'Tanggal mulai' and 'Tanggal selesai' (or `startLabel`/`endLabel`), grouped
 * under `label` (default 'Rentang tanggal').
 */

export interface DateRangeValue {
  start: string;
  end: string;
}

export interface DateRangeProps {
  value: DateRangeValue;
  onChange: (next: DateRangeValue) => void;
  min?: string;
  max?: string;
  label?: string;
  startLabel?: string;
  endLabel?: string;
  disabled?: boolean;
  className?: string;
  /** The form's inline errors (`useInlineErrors`): under the range, on the start and end inputs. */
  errors?: InlineErrors<'start' | 'end'>;
}

/** The approval and history window (doc2 §9): two months back up to today (the latest placement's today). */
export function twoMonthWindow(today: dayjs.ConfigType = latestPlacementToday()): { min: string; max: string } {
  const end = dayjs(today);
  return { min: toApiDate(end.subtract(2, 'month')), max: toApiDate(end) };
}

/** Whether a range can be applied to a list: both ends picked, or both cleared. */
export function isCompleteRange(range: DateRangeValue): boolean {
  return Boolean(range.start) === Boolean(range.end);
}

function clamp(value: string, min?: string, max?: string): string {
  if (!value) return '';
  if (min && value < min) return min;
  if (max && value > max) return max;
  return value;
}

/** The range after one end changed: both kept inside [min, max] and the end never before the start. */
export function adjustRange(
  previous: DateRangeValue,
  changed: 'start' | 'end',
  text: string,
  min?: string,
  max?: string,
): DateRangeValue {
  const next = { ...previous, [changed]: clamp(text, min, max) };
  if (next.start && next.end && next.end < next.start) {
    if (changed === 'start') next.end = '';
    else next.start = next.end;
  }
  return next;
}

export function DateRange({
  value,
  onChange,
  min,
  max,
  label = t.dateRange.label,
  startLabel = t.dateRange.start,
  endLabel = t.dateRange.end,
  disabled,
  className,
  errors,
}: DateRangeProps) {
  const id = useId();
  return (
    <fieldset className={className} aria-label={label}>
      <legend className="form-label small mb-1">{label}</legend>
      <div className="d-flex align-items-center gap-2">
        <DateInput
          id={`${id}-start`}
          size="sm"
          aria-label={startLabel}
          value={value.start}
          min={min}
          max={value.end || max}
          disabled={disabled}
          onChange={(text) => onChange(adjustRange(value, 'start', text, min, max))}
          {...errors?.control('start')}
        />
        <span className="small text-muted" aria-hidden="true">
          {t.dateRange.to}
        </span>
        <DateInput
          id={`${id}-end`}
          size="sm"
          aria-label={endLabel}
          value={value.end}
          min={value.start || min}
          max={max}
          disabled={disabled}
          onChange={(text) => onChange(adjustRange(value, 'end', text, min, max))}
          {...errors?.control('end')}
        />
      </div>
      {errors?.message('start')}
      {errors?.message('end')}
    </fieldset>
  );
}
