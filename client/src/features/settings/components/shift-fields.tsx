import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { NumberField, SelectField, TextField, TimeField, requiredChoice, requiredNumber, requiredText, requiredTime } from '@/components/form';
import type { FormModalMode } from '@/components/form';
import { id as t } from '@/i18n/id';
import type { ShiftInput, ShiftRow } from '../api/settings-api';

const text = t.settings.shift;
const m = text.messages;

const minutes = (required: string) =>
  requiredNumber(required, { min: 0, minMessage: m.minutes }).int(m.minutes).max(1440, m.minutes);

export const shiftSchema = z.object({
  code: z.string().trim().max(32),
  type: requiredChoice(['working_shift', 'non_working_shift'], m.type),
  name: requiredText(m.name, { max: 150 }),
  time_in: requiredTime(m.timeIn),
  time_out: requiredTime(m.timeOut),
  break_start: requiredTime(m.breakStart),
  break_end: requiredTime(m.breakEnd),
  late_in_minutes: minutes(m.lateIn),
  early_out_minutes: minutes(m.earlyOut),
  minimum_check_in_time: requiredNumber(m.minimumCheckIn, { min: 0, minMessage: m.hours }).int(m.hours).max(23, m.hours),
});
export type ShiftValues = z.input<typeof shiftSchema>;
export type ShiftOutput = z.output<typeof shiftSchema>;

const hhmm = (value: string) => value.slice(0, 5);

export const emptyShift: ShiftValues = {
  code: '',
  type: 'working_shift',
  name: '',
  time_in: '',
  time_out: '',
  break_start: '',
  break_end: '',
  late_in_minutes: 0,
  early_out_minutes: 0,
  minimum_check_in_time: 2,
};

export const shiftValues = (row: ShiftRow): ShiftValues => ({
  code: row.code,
  type: row.type,
  name: row.name,
  time_in: hhmm(row.time_in),
  time_out: hhmm(row.time_out),
  break_start: hhmm(row.break_start),
  break_end: hhmm(row.break_end),
  late_in_minutes: row.late_in_minutes,
  early_out_minutes: row.early_out_minutes,
  minimum_check_in_time: row.minimum_check_in_time,
});

export const shiftInput = (values: ShiftOutput): ShiftInput => values;

/** 'Mulai Check In': time_in minus the minimum check-in hours, wrapping past midnight (doc3 §2.5). */
export function checkInStart(timeIn: string, hours: number | undefined): string {
  const match = /^(\d{2}):(\d{2})/.exec(timeIn);
  if (!match || hours === undefined || Number.isNaN(hours)) return '-';
  const total = (((Number(match[1]) * 60 + Number(match[2]) - hours * 60) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const ZEROED = {
  time_in: '00:00',
  time_out: '00:00',
  break_start: '00:00',
  break_end: '00:00',
  late_in_minutes: 0,
  early_out_minutes: 0,
  minimum_check_in_time: 0,
} as const;

/**
 * The shift modal's fields. A non-working shift has no hours: choosing it sets every time to 00:00
 * and every tolerance to 0 and disables them; choosing a working shift enables them again (doc3 §4).
 */
export function ShiftFields({ mode }: { mode: FormModalMode }) {
  const { control, setValue } = useFormContext<ShiftValues>();
  const [type, timeIn, hours] = useWatch({ control, name: ['type', 'time_in', 'minimum_check_in_time'] });
  const off = type === 'non_working_shift';

  useEffect(() => {
    if (mode === 'view' || !off) return;
    for (const [name, value] of Object.entries(ZEROED)) {
      setValue(name as keyof typeof ZEROED, value, { shouldValidate: false });
    }
  }, [off, mode, setValue]);

  return (
    <>
      <div className="row g-2">
        <TextField<ShiftValues> name="code" label={text.code} hint={mode === 'add' ? text.codeHint : undefined} maxLength={32} className="col-sm-4 mb-3" />
        <SelectField<ShiftValues>
          name="type"
          label={text.type}
          required
          className="col-sm-8 mb-3"
          options={[
            { value: 'working_shift', label: text.types.working_shift },
            { value: 'non_working_shift', label: text.types.non_working_shift },
          ]}
        />
      </div>
      <TextField<ShiftValues> name="name" label={text.name} required maxLength={150} autoFocus />
      {off ? <p className="small text-muted">{text.nonWorkingHint}</p> : null}
      <div className="row g-2">
        <TimeField<ShiftValues> name="time_in" label={text.timeIn} required disabled={off} className="col-sm-6 mb-3" />
        <TimeField<ShiftValues> name="time_out" label={text.timeOut} required disabled={off} className="col-sm-6 mb-3" />
        <TimeField<ShiftValues> name="break_start" label={text.breakStart} required disabled={off} className="col-sm-6 mb-3" />
        <TimeField<ShiftValues> name="break_end" label={text.breakEnd} required disabled={off} className="col-sm-6 mb-3" />
        <NumberField<ShiftValues> name="late_in_minutes" label={text.lateIn} required disabled={off} min={0} max={1440} step={1} className="col-sm-6 mb-3" />
        <NumberField<ShiftValues> name="early_out_minutes" label={text.earlyOut} required disabled={off} min={0} max={1440} step={1} className="col-sm-6 mb-3" />
        <NumberField<ShiftValues>
          name="minimum_check_in_time"
          label={text.minimumCheckIn}
          required
          disabled={off}
          min={0}
          max={23}
          step={1}
          className="col-sm-6 mb-3"
        />
        <div className="col-sm-6 mb-3">
          <div className="form-label">{text.checkInStart}</div>
          <output className="form-control-plaintext fw-semibold" aria-label={text.checkInStart}>
            {checkInStart(timeIn, hours)}
          </output>
        </div>
      </div>
    </>
  );
}
