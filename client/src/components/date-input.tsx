import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { id as t } from '@/i18n/id';
import { calendarWeeks, clampDay, dateText, inBounds, movedDay, parseDateText } from '@/lib/date-input';
import { dayjs } from '@/lib/dates';
import { PickerDialog, PickerField, PickerHeader, useTypedText, type BoundedFieldProps, type PickerPanelProps } from './picker-field';

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

export interface DateInputProps extends BoundedFieldProps {
  autoFocus?: boolean;
}

const CALENDAR_WIDTH = 288;
const CALENDAR_HEIGHT = 330;

/** A typed date agrees with the value when it stands for it, or when it is not a date and the value is empty. */
function dateAgrees(text: string, value: string): boolean {
  const typed = parseDateText(text);
  return typed === value || (value === '' && typed === null);
}

export function DateInput({ value, onChange, onBlur, autoFocus, ...field }: DateInputProps) {
  const { text, setText, problem: badText, setProblem: setBadText, take } = useTypedText(value, onChange, dateText, dateAgrees, false);

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

  return (
    <PickerField
      {...field}
      fieldClassName="date-input"
      text={text}
      placeholder={t.dateInput.placeholder}
      toggleLabel={t.dateInput.open}
      problem={badText ? t.dateInput.invalid : null}
      inputProps={{ inputMode: 'numeric', maxLength: 10, autoFocus }}
      onType={type}
      onLeave={leave}
      onPick={take}
      value={value}
      panel={Calendar}
    />
  );
}

function Calendar({ place, value, min, max, onPick }: PickerPanelProps) {
  const titleId = `${place.id}-title`;
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
    <PickerDialog place={place} dialogRef={dialog} width={CALENDAR_WIDTH} height={CALENDAR_HEIGHT} labelledBy={titleId}>
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
