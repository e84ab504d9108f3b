import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { id as t } from '@/i18n/id';
import { calendarWeeks, clampDay, dateText, inBounds, movedDay, parseDateText } from '@/lib/date-input';
import { dayjs } from '@/lib/dates';
import './date-input.css';

/**
 * The app's date input (DESIGN §18), never the browser's native one (which follows the browser's
 * language: mm/dd/yyyy on an English Chrome). People type dd/mm/yyyy (a pasted YYYY-MM-DD is read
 * too) or pick a day in the calendar; `value` and `onChange` are 'YYYY-MM-DD' ('' while empty or not
 * a date), the API's format.
 *
 * The calendar button ('Pilih tanggal dari kalender', aria-expanded) opens a non-modal dialog
 * ('Kalender'): the month's name in Indonesian, previous/next month buttons and a grid of days (Monday
 * first). Arrow keys move by day and week, Home/End to the week's ends, PageUp/PageDown by month
 * (with Shift by year), Enter or Space picks, Escape closes and returns focus to the button. Days
 * outside `min`/`max` are disabled. The dialog is fixed-positioned in place, so a scrolling table or
 * a modal (which keeps focus inside itself) does not clip or steal it. The bounds are also on the
 * input as `data-min`/`data-max` (a text input has no min/max of its own).
 */

export interface DateInputProps {
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
  autoFocus?: boolean;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

const CALENDAR_WIDTH = 288;
const CALENDAR_HEIGHT = 330;

export function DateInput({
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
  autoFocus,
  onBlur,
  inputRef,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-required': ariaRequired,
}: DateInputProps) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const dialogId = `${baseId}-calendar`;
  const errorId = `${baseId}-invalid`;
  const [text, setText] = useState(() => dateText(value));
  const [shownValue, setShownValue] = useState(value);
  const [badText, setBadText] = useState(false);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A value set from outside (a reset, a clamp, a pick) rewrites the text; a partly typed text the
  // value does not contradict stays as typed.
  if (value !== shownValue) {
    setShownValue(value);
    const typed = parseDateText(text);
    if (typed !== value && !(value === '' && typed === null)) {
      setText(dateText(value));
      setBadText(false);
    }
  }

  const type = (next: string) => {
    setText(next);
    const parsed = parseDateText(next);
    if (parsed === null) return;
    setBadText(false);
    if (parsed !== value) onChange(parsed);
  };

  const leave = () => {
    const parsed = parseDateText(text);
    if (parsed === null) {
      setBadText(true);
      if (value !== '') onChange('');
    } else if (parsed) {
      setText(dateText(parsed));
    }
    onBlur?.();
  };

  const pick = (day: string) => {
    setText(dateText(day));
    setBadText(false);
    setOpen(false);
    if (day !== value) onChange(day);
    toggle.current?.focus();
  };

  const invalid = Boolean(isInvalid) || badText;
  const described = [describedBy, badText ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div ref={wrapper} className={['date-input', className].filter(Boolean).join(' ')}>
      <InputGroup size={size} hasValidation>
        <Form.Control
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.dateInput.placeholder}
          maxLength={10}
          data-min={min}
          data-max={max}
          value={text}
          disabled={disabled}
          autoFocus={autoFocus}
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
          label={t.dateInput.open}
          open={open}
          controls={dialogId}
          disabled={disabled}
          onToggle={() => setOpen((current) => !current)}
        />
      </InputGroup>
      {badText ? (
        <div id={errorId} className="invalid-feedback d-block">
          {t.dateInput.invalid}
        </div>
      ) : null}
      {open ? (
        <Calendar
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

interface CalendarProps {
  id: string;
  anchor: RefObject<HTMLDivElement | null>;
  value: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: (refocus: boolean) => void;
}

function Calendar({ id, anchor, value, min, max, onPick, onClose }: CalendarProps) {
  const titleId = `${id}-title`;
  const today = dayjs().format('YYYY-MM-DD');
  const [focusDay, setFocusDay] = useState(() => clampDay(value || today, min, max));
  const dialog = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  // Focus follows the active day: on opening and after every key or month change.
  useEffect(() => {
    const button = grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`);
    if (button && (moved.current || !dialog.current?.contains(document.activeElement))) button.focus();
    moved.current = false;
  }, [focusDay]);

  const month = dayjs(focusDay);
  const weeks = calendarWeeks(focusDay);
  const weekdays = weeks[0].map((day) => dayjs(day).format('ddd'));
  const shiftMonth = (months: number) => {
    setFocusDay(clampDay(month.add(months, 'month').format('YYYY-MM-DD'), min, max));
  };
  const monthStart = month.startOf('month').format('YYYY-MM-DD');
  const monthEnd = month.endOf('month').format('YYYY-MM-DD');

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = movedDay(focusDay, event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    setFocusDay(clampDay(next, min, max));
  };

  return (
    <PickerDialog id={id} dialogRef={dialog} anchor={anchor} width={CALENDAR_WIDTH} height={CALENDAR_HEIGHT} labelledBy={titleId} onClose={onClose}>
      <PickerHeader
        titleId={titleId}
        previous={{ label: t.dateInput.previousMonth, disabled: Boolean(min && monthStart <= min), onClick: () => shiftMonth(-1) }}
        next={{ label: t.dateInput.nextMonth, disabled: Boolean(max && monthEnd >= max), onClick: () => shiftMonth(1) }}
      >
        <span className="visually-hidden">{t.dateInput.calendar} </span>
        {month.format('MMMM YYYY')}
      </PickerHeader>
      <table ref={grid} role="grid" aria-labelledby={titleId} className="date-input-grid" onKeyDown={onGridKey}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday} scope="col" abbr={weekday}>
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const date = dayjs(day);
                const outside = day < monthStart || day > monthEnd;
                const selected = day === value;
                return (
                  <td key={day} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      disabled={!inBounds(day, min, max)}
                      aria-label={date.format('D MMMM YYYY')}
                      aria-current={day === today ? 'date' : undefined}
                      className={[
                        'date-input-day',
                        outside ? 'is-outside' : '',
                        selected ? 'is-selected' : '',
                        day === today ? 'is-today' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      onClick={() => onPick(day)}
                    >
                      {date.date()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </PickerDialog>
  );
}

/* ------------------------------------------------------------------ shared with MonthInput */

/** The button beside a picker's text input that opens its dialog (aria-expanded, aria-controls). */
export function PickerToggle({
  buttonRef,
  label,
  open,
  controls,
  disabled,
  onToggle,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  label: string;
  open: boolean;
  controls: string;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="outline-secondary"
      className="date-input-toggle"
      disabled={disabled}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      <i className="bi bi-calendar3" aria-hidden="true" />
    </Button>
  );
}

/**
 * A picker's non-modal dialog, fixed-positioned under its input (above it when there is no room), so
 * a scrolling table or a modal does not clip it. Escape closes it and returns focus to the toggle
 * (`onClose(true)`); a click outside or focus leaving closes it quietly (`onClose(false)`).
 */
export function PickerDialog({
  id,
  dialogRef,
  anchor,
  width,
  height,
  labelledBy,
  label,
  onClose,
  children,
}: {
  id: string;
  dialogRef?: Ref<HTMLDivElement>;
  anchor: RefObject<HTMLDivElement | null>;
  width: number;
  height: number;
  labelledBy?: string;
  label?: string;
  onClose: (refocus: boolean) => void;
  children: ReactNode;
}) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const below = rect.bottom + 4;
      const top = below + height > window.innerHeight && rect.top > height ? rect.top - height - 4 : below;
      const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
      setPosition({ top, left });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchor, width, height]);

  useEffect(() => {
    const outside = (event: MouseEvent) => {
      if (!anchor.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [anchor, onClose]);

  return (
    <div
      ref={dialogRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={labelledBy}
      aria-label={label}
      className="date-input-calendar shadow"
      style={position ? { top: position.top, left: position.left, width } : { visibility: 'hidden' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose(true);
        }
      }}
      onBlur={(event) => {
        if (!anchor.current?.contains(event.relatedTarget as Node | null)) onClose(false);
      }}
    >
      {children}
    </div>
  );
}

interface PickerStep {
  label: string;
  disabled: boolean;
  onClick: () => void;
}

/** A picker's header: previous, the title (announced as it changes), next. */
export function PickerHeader({ titleId, previous, next, children }: { titleId: string; previous: PickerStep; next: PickerStep; children: ReactNode }) {
  return (
    <div className="d-flex align-items-center justify-content-between mb-2">
      <Button variant="link" size="sm" className="date-input-nav" aria-label={previous.label} disabled={previous.disabled} onClick={previous.onClick}>
        <i className="bi bi-chevron-left" aria-hidden="true" />
      </Button>
      <div id={titleId} className="date-input-title" aria-live="polite">
        {children}
      </div>
      <Button variant="link" size="sm" className="date-input-nav" aria-label={next.label} disabled={next.disabled} onClick={next.onClick}>
        <i className="bi bi-chevron-right" aria-hidden="true" />
      </Button>
    </div>
  );
}
