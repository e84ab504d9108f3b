import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { id as t } from '@/i18n/id';
import { joinDateTime, parseTimeText, splitDateTime } from '@/lib/time-input';
import { DateInput } from './date-input';
import { describedWithProblem, FieldProblem, useTypedText, type BoundedFieldProps, type TypedFieldProps } from './picker-field';

/**
 * A 24-hour time field (DESIGN §18): text 'jj:mm' typed ('08:30', '8.30', '0830'), never the
 * browser's `type="time"` (AM/PM on an English browser). `value`/`onChange` are 'HH:mm' ('' while
 * empty or not a time).
 */
export type TimeInputProps = TypedFieldProps;

export function TimeInput({
  value,
  onChange,
  className,
  isInvalid,
  onBlur,
  inputRef,
  'aria-describedby': describedBy,
  'aria-required': ariaRequired,
  ...input
}: TimeInputProps) {
  const errorId = useId();
  const { text, setText, problem: badText, setProblem: setBadText, take } = useTypedText(
    value,
    onChange,
    (time) => time,
    (typed, time) => parseTimeText(typed) === time,
    false,
  );
  const invalid = Boolean(isInvalid) || badText;
  return (
    <div className={className}>
      <Form.Control
        {...input}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        placeholder={t.timeInput.placeholder}
        value={text}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedWithProblem(describedBy, errorId, badText)}
        aria-required={ariaRequired || undefined}
        onChange={(event) => {
          setText(event.target.value);
          // Only a complete 'jj:mm' counts while typing ('8' is not yet 08:00).
          const parsed = /^\d{1,2}[:.]\d{2}$/.test(event.target.value.trim()) ? parseTimeText(event.target.value) : null;
          if (parsed) {
            setBadText(false);
            if (parsed !== value) onChange(parsed);
          } else if (event.target.value.trim() === '' && value !== '') {
            onChange('');
          }
        }}
        onBlur={() => {
          const parsed = parseTimeText(text);
          if (parsed === null) {
            setBadText(true);
            if (value !== '') onChange('');
          } else {
            take(parsed);
          }
          onBlur?.();
        }}
      />
      <FieldProblem id={errorId} message={badText ? t.timeInput.invalid : null} />
    </div>
  );
}

/**
 * A date and a time (DESIGN §18): the app's DateInput (dd/mm/yyyy) and a 24-hour TimeInput side by
 * side, in place of the browser's `type="datetime-local"`. `value`/`onChange` are
 * 'YYYY-MM-DDTHH:mm' ('' while either part is missing); `min` in the same format bounds the date.
 */
export interface DateTimeInputProps extends Omit<BoundedFieldProps, 'size' | 'className' | 'aria-label'> {
  /** The date part's id (the label points at it); the time part gets `${id}-time`. */
  id?: string;
  /** The accessible names of the parts (default 'Tanggal' and 'Jam'), e.g. with the field's label. */
  label?: string;
}

export function DateTimeInput({
  value,
  onChange,
  min,
  max,
  id,
  name,
  disabled,
  isInvalid,
  onBlur,
  inputRef,
  'aria-describedby': describedBy,
  'aria-required': ariaRequired,
  label,
}: DateTimeInputProps) {
  const parts = splitDateTime(value);
  // A part typed while the other is still empty is kept here until both make a moment.
  const [draft, setDraft] = useState(parts);
  const date = parts.date || draft.date;
  const time = parts.time || draft.time;
  const update = (next: { date: string; time: string }) => {
    setDraft(next);
    const joined = joinDateTime(next.date, next.time);
    if (joined !== value) onChange(joined);
  };
  return (
    <div className="d-flex gap-2 flex-wrap align-items-start">
      <DateInput
        id={id}
        name={name}
        inputRef={inputRef}
        className="flex-grow-1"
        value={date}
        min={min ? splitDateTime(min).date : undefined}
        max={max ? splitDateTime(max).date : undefined}
        disabled={disabled}
        isInvalid={isInvalid}
        onChange={(next) => update({ date: next, time })}
        onBlur={onBlur}
        aria-label={label ? `${label}: ${t.timeInput.date}` : t.timeInput.date}
        aria-describedby={describedBy}
        aria-required={ariaRequired}
      />
      <TimeInput
        id={id ? `${id}-time` : undefined}
        className="date-time-input-time"
        value={time}
        disabled={disabled}
        isInvalid={isInvalid}
        onChange={(next) => update({ date, time: next })}
        onBlur={onBlur}
        aria-label={label ? `${label}: ${t.timeInput.time}` : t.timeInput.time}
        aria-describedby={describedBy}
        aria-required={ariaRequired}
      />
    </div>
  );
}
