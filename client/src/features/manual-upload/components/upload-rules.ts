import type { DateRangeValue } from '@/components/date-range';
import type { InlineErrorMessages } from '@/components/form';
import type { ManPowerValue } from '@/components/man-power-cascade';
import { id as t } from '@/i18n/id';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import type { TemplateParams } from '../api/uploads';

/** doc2 §5 / DESIGN §10: an upload is one xlsx (or xls) of at most 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The template form's fields with an inline error, in the order a submit focuses them. */
export type TemplateField = 'start' | 'end' | 'manPowerType' | 'manPowerName';
export const TEMPLATE_FIELDS: readonly TemplateField[] = ['start', 'end', 'manPowerType', 'manPowerName'];

/** What the template request still lacks (doc2 §5), each on its field (DESIGN §18); empty when it can be made. */
export function templateErrorsOf(range: DateRangeValue, manPower: ManPowerValue): InlineErrorMessages<TemplateField> {
  const errors: InlineErrorMessages<TemplateField> = {};
  if (!range.start) errors.start = t.form.required(t.dateRange.start);
  if (!range.end) errors.end = t.form.required(t.dateRange.end);
  if (!manPower.type) errors.manPowerType = t.form.required(text.form.type);
  if (!manPower.name) errors.manPowerName = t.form.required(text.form.name);
  return errors;
}

/** The template request, or null when it cannot be made (`templateErrorsOf` says why). */
export function templateParamsOf(range: DateRangeValue, manPower: ManPowerValue): TemplateParams | null {
  if (Object.keys(templateErrorsOf(range, manPower)).length > 0) return null;
  return { start_date: range.start, end_date: range.end, man_power_type: manPower.type, man_power_name: manPower.name };
}

export const FILE_FIELDS = ['file'] as const;

/** Why a chosen file cannot be sent, on the file field (checked again, fully, by the server); empty when it can. */
export function fileErrorsOf(file: Pick<File, 'name' | 'size'> | null): InlineErrorMessages<'file'> {
  if (!file) return { file: t.form.required(text.file.label) };
  if (!/\.xlsx?$/i.test(file.name)) return { file: text.file.wrongType };
  if (file.size > MAX_FILE_BYTES) return { file: text.file.tooLarge };
  return {};
}
