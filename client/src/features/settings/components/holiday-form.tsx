import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DateField, Form, FormAlert, FormSubmitButton, TextField, requiredDate, requiredText } from '@/components/form';
import { id as t } from '@/i18n/id';
import { dayjs, formatDate } from '@/lib/dates';
import type { HolidayInput, HolidayItem } from '../api/settings-api';

const text = t.settings.holiday;

const schema = z
  .object({
    name: requiredText(text.messages.name, { max: 150 }),
    start: requiredDate(text.messages.date),
    end: requiredDate(text.messages.date),
    /** The dates of the range ticked as collective leave. */
    leave: z.array(z.string()),
  })
  .refine((values) => values.end >= values.start, { path: ['end'], message: text.messages.range });
type Values = z.input<typeof schema>;

/** Every date of [start, end] as YYYY-MM-DD (none while the range is incomplete or reversed). */
export function datesBetween(start: string, end: string): string[] {
  if (!start || !end || end < start) return [];
  const days: string[] = [];
  for (let day = dayjs(start); !day.isAfter(dayjs(end), 'day') && days.length < 366; day = day.add(1, 'day')) {
    days.push(day.format('YYYY-MM-DD'));
  }
  return days;
}

function valuesOf(holiday: HolidayItem | null): Values {
  if (!holiday) return { name: '', start: '', end: '', leave: [] };
  return {
    name: holiday.name,
    start: holiday.date[0],
    end: holiday.date[1],
    leave: holiday.leave.filter((flag) => flag.value === 1).map((flag) => flag.label),
  };
}

/**
 * Add or change one holiday of a year (doc3 §2.5, §4): name, a date range limited to the year, and one
 * collective-leave checkbox per day of the range (all unchecked for a new range).
 */
export function HolidayForm({
  year,
  holiday,
  onSave,
  onCancel,
}: {
  year: number;
  holiday: HolidayItem | null;
  onSave: (input: HolidayInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(holiday) });
  const headingId = useId();
  const [start, end, leave] = useWatch({ control: form.control, name: ['start', 'end', 'leave'] });
  const days = datesBetween(start, end);
  const { setValue } = form;

  // A date outside the (new) range cannot stay ticked.
  useEffect(() => {
    const kept = leave.filter((day) => days.includes(day));
    if (kept.length !== leave.length) setValue('leave', kept);
  }, [days, leave, setValue]);

  const toggle = (day: string, checked: boolean) =>
    setValue('leave', checked ? [...leave, day].sort() : leave.filter((value) => value !== day));

  const submit = (values: z.output<typeof schema>) =>
    onSave({
      name: values.name,
      date: [values.start, values.end],
      leave: datesBetween(values.start, values.end).map((day) => ({ label: day, value: values.leave.includes(day) ? 1 : 0 })),
    });

  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  return (
    <Form form={form} onSubmit={submit} aria-labelledby={headingId} className="border rounded p-3 mb-3 bg-light">
      <h3 id={headingId} className="h6">
        {holiday ? text.editOf(holiday.name) : text.add.replace('+ ', '')}
      </h3>
      <FormAlert />
      <TextField<Values> name="name" label={text.name} required maxLength={150} autoFocus />
      <div className="row g-2">
        <DateField<Values> name="start" label={text.start} required min={first} max={last} className="col-sm-6 mb-3" />
        <DateField<Values> name="end" label={text.end} required min={start || first} max={last} className="col-sm-6 mb-3" />
      </div>
      {days.length > 0 ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{text.leaveDays}</legend>
          <div className="d-flex flex-wrap gap-3">
            {days.map((day) => (
              <div className="form-check" key={day}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${headingId}-${day}`}
                  checked={leave.includes(day)}
                  onChange={(event) => toggle(day, event.target.checked)}
                  aria-label={text.collectiveOf(formatDate(day))}
                />
                <label className="form-check-label" htmlFor={`${headingId}-${day}`} aria-hidden="true">
                  {formatDate(day)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="d-flex justify-content-end gap-2">
        <Button variant="outline-secondary" onClick={onCancel}>
          {t.form.cancel}
        </Button>
        <FormSubmitButton>{holiday ? t.form.update : t.form.save}</FormSubmitButton>
      </div>
    </Form>
  );
}
