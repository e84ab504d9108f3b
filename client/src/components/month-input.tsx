import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { id as t } from '@/i18n/id';
import { dayjs } from '@/lib/dates';
import { MONTH_NAMES, monthInBounds, monthText, parseMonthText } from '@/lib/month-input';
import { PickerDialog, PickerField, PickerHeader, useTypedText, type BoundedFieldProps, type PickerPanelProps } from './picker-field';

/**
 * The app's month input (DESIGN §18), never the browser's `type="month"` (which follows the
 * browser's language). It reads 'November 2026'; people type a month name or its short form in
 * Indonesian (or English), '11/2026' or '2026-11', or pick it: the button ('Pilih bulan',
 * aria-expanded) opens a non-modal dialog with the year (previous/next buttons) and its twelve months
 * in Indonesian. Arrow keys move between months (Up/Down by a row of three), PageUp/PageDown by a
 * year, Enter or Space picks, Escape closes and returns focus to the button. Months outside
 * `min`/`max` ('YYYY-MM') are disabled; `value`/`onChange` are 'YYYY-MM' ('' while empty or not a month).
 */

export type MonthInputProps = BoundedFieldProps;

const PROBLEMS = { invalid: t.monthInput.invalid, bounds: t.monthInput.outOfBounds } as const;

export function MonthInput({ value, onChange, onBlur, ...field }: MonthInputProps) {
  const { min, max } = field;
  const { text, setText, problem, setProblem, take } = useTypedText<'' | 'invalid' | 'bounds'>(
    value,
    onChange,
    monthText,
    (typed, month) => parseMonthText(typed) === month,
    '',
  );

  const accept = (month: string | null): boolean => {
    if (month === null) return false;
    if (month && !monthInBounds(month, min, max)) {
      setProblem('bounds');
      return false;
    }
    setProblem('');
    if (month !== value) onChange(month);
    return true;
  };

  const type = (next: string) => {
    setText(next);
    accept(parseMonthText(next));
  };

  const leave = () => {
    const parsed = parseMonthText(text);
    if (parsed === null) {
      setProblem('invalid');
    } else if (accept(parsed) && parsed) {
      setText(monthText(parsed));
    }
    onBlur?.();
  };

  const ariaLabel = field['aria-label'];
  return (
    <PickerField
      {...field}
      fieldClassName="date-input month-input"
      text={text}
      placeholder={t.monthInput.placeholder}
      toggleLabel={ariaLabel ? `${t.monthInput.open}: ${ariaLabel}` : t.monthInput.open}
      problem={problem ? PROBLEMS[problem] : null}
      inputProps={{ 'data-value': value }}
      onType={type}
      onLeave={leave}
      onPick={take}
      value={value}
      panel={MonthPanel}
    />
  );
}

const PANEL_WIDTH = 264;
const PANEL_HEIGHT = 220;

function MonthPanel({ place, value, min, max, onPick }: PickerPanelProps) {
  const titleId = `${place.id}-title`;
  const thisMonth = dayjs().format('YYYY-MM');
  const start = value || (max && thisMonth > max ? max : min && thisMonth < min ? min : thisMonth);
  const [focusMonth, setFocusMonth] = useState(start);
  const grid = useRef<HTMLDivElement>(null);
  const year = Number(focusMonth.slice(0, 4));

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`button[data-month="${focusMonth}"]`)?.focus();
  }, [focusMonth]);

  const move = (months: number) => {
    const next = dayjs(`${focusMonth}-01`).add(months, 'month').format('YYYY-MM');
    setFocusMonth(next);
  };
  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3, PageUp: -12, PageDown: 12 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    move(step);
  };

  return (
    <PickerDialog place={place} width={PANEL_WIDTH} height={PANEL_HEIGHT} label={`${t.monthInput.dialog} ${year}`}>
      <PickerHeader
        titleId={titleId}
        previous={{ label: t.monthInput.previousYear, disabled: Boolean(min && `${year - 1}-12` < min), onClick: () => move(-12) }}
        next={{ label: t.monthInput.nextYear, disabled: Boolean(max && `${year + 1}-01` > max), onClick: () => move(12) }}
      >
        {year}
      </PickerHeader>
      <div ref={grid} className="month-input-grid" onKeyDown={onGridKey}>
        {MONTH_NAMES.map((name, index) => {
          const month = `${year}-${String(index + 1).padStart(2, '0')}`;
          const selected = month === value;
          return (
            <button
              key={month}
              type="button"
              data-month={month}
              tabIndex={month === focusMonth ? 0 : -1}
              disabled={!monthInBounds(month, min, max)}
              aria-label={`${name} ${year}`}
              aria-pressed={selected}
              aria-current={month === thisMonth ? 'date' : undefined}
              className={['month-input-month', selected ? 'is-selected' : '', month === thisMonth ? 'is-today' : ''].filter(Boolean).join(' ')}
              onClick={() => onPick(month)}
            >
              {name.slice(0, 3)}
            </button>
          );
        })}
      </div>
    </PickerDialog>
  );
}
