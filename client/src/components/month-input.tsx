import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref, type RefObject } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { id as t } from '@/i18n/id';
import { dayjs } from '@/lib/dates';
import { MONTH_NAMES, monthInBounds, monthText, parseMonthText } from '@/lib/month-input';
import { PickerDialog, PickerHeader, PickerToggle } from './date-input';
import './date-input.css';

/**
 * The app's month input (DESIGN §18), never the browser's `type="month"` (which follows the
 * browser's language). It reads 'November 2026'; people type a month name or its short form in
 * Indonesian (or English), '11/2026' or '2026-11', or pick it: the button ('Pilih bulan',
 * aria-expanded) opens a non-modal dialog with the year (previous/next buttons) and its twelve months
 * in Indonesian. Arrow keys move between months (Up/Down by a row of three), PageUp/PageDown by a
 * year, Enter or Space picks, Escape closes and returns focus to the button. Months outside
 * `min`/`max` ('YYYY-MM') are disabled; `value`/`onChange` are 'YYYY-MM' ('' while empty or not a month).
 */

export interface MonthInputProps {
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  size?: 'sm' | 'lg';
  className?: string;
  isInvalid?: boolean;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export function MonthInput({
  value,
  onChange,
  min,
  max,
  id,
  name,
  disabled,
  size,
  className,
  isInvalid,
  onBlur,
  inputRef,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-required': ariaRequired,
}: MonthInputProps) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const dialogId = `${baseId}-months`;
  const errorId = `${baseId}-invalid`;
  const [text, setText] = useState(() => monthText(value));
  const [shownValue, setShownValue] = useState(value);
  const [problem, setProblem] = useState<'' | 'invalid' | 'bounds'>('');
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A value set from outside rewrites the text; a partly typed text the value does not contradict stays.
  if (value !== shownValue) {
    setShownValue(value);
    if (parseMonthText(text) !== value) {
      setText(monthText(value));
      setProblem('');
    }
  }

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

  const pick = (month: string) => {
    setText(monthText(month));
    setProblem('');
    setOpen(false);
    if (month !== value) onChange(month);
    toggle.current?.focus();
  };

  const invalid = Boolean(isInvalid) || problem !== '';
  const described = [describedBy, problem ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div ref={wrapper} className={['date-input month-input', className].filter(Boolean).join(' ')}>
      <InputGroup size={size} hasValidation>
        <Form.Control
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          autoComplete="off"
          placeholder={t.monthInput.placeholder}
          data-min={min}
          data-max={max}
          data-value={value}
          value={text}
          disabled={disabled}
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-label={ariaLabel}
          aria-describedby={described}
          aria-required={ariaRequired || undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={leave}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && event.altKey) {
              event.preventDefault();
              setOpen(true);
            }
          }}
        />
        <PickerToggle
          buttonRef={toggle}
          label={ariaLabel ? `${t.monthInput.open}: ${ariaLabel}` : t.monthInput.open}
          open={open}
          controls={dialogId}
          disabled={disabled}
          onToggle={() => setOpen((current) => !current)}
        />
      </InputGroup>
      {problem ? (
        <div id={errorId} className="invalid-feedback d-block">
          {problem === 'bounds' ? t.monthInput.outOfBounds : t.monthInput.invalid}
        </div>
      ) : null}
      {open ? (
        <MonthPanel
          id={dialogId}
          anchor={wrapper}
          value={value}
          min={min}
          max={max}
          onPick={pick}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) toggle.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

interface MonthPanelProps {
  id: string;
  anchor: RefObject<HTMLDivElement | null>;
  value: string;
  min?: string;
  max?: string;
  onPick: (month: string) => void;
  onClose: (refocus: boolean) => void;
}

const PANEL_WIDTH = 264;
const PANEL_HEIGHT = 220;

function MonthPanel({ id, anchor, value, min, max, onPick, onClose }: MonthPanelProps) {
  const titleId = `${id}-title`;
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
    <PickerDialog id={id} anchor={anchor} width={PANEL_WIDTH} height={PANEL_HEIGHT} label={`${t.monthInput.dialog} ${year}`} onClose={onClose}>
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
