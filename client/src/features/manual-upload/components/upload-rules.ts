import type { DateRangeValue } from '@/components/date-range';
import { incompleteMessage } from '@/components/form';
import type { ManPowerValue } from '@/components/man-power-cascade';
import { id as t } from '@/i18n/id';
import { manualUploadText as text } from '@/i18n/manual-upload';
import type { TemplateParams } from '../api/uploads';

/** doc2 §5 / DESIGN §10: an upload is one xlsx (or xls) of at most 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The template request, or the message that says why it cannot be made (doc2 §5). */
export function templateParamsOf(range: DateRangeValue, manPower: ManPowerValue): TemplateParams | string {
  const missing = [!range.start && t.dateRange.start, !range.end && t.dateRange.end, !manPower.type && text.form.type, !manPower.name && text.form.name];
  if (missing.some(Boolean)) return incompleteMessage(missing);
  return { start_date: range.start, end_date: range.end, man_power_type: manPower.type, man_power_name: manPower.name };
}

/** Why a chosen file cannot be sent (checked again, fully, by the server); null when it can. */
export function fileProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return incompleteMessage([text.file.label]);
  if (!/\.xlsx?$/i.test(file.name)) return text.file.wrongType;
  if (file.size > MAX_FILE_BYTES) return text.file.tooLarge;
  return null;
}
