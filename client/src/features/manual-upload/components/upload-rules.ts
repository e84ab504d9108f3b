import type { DateRangeValue } from '@/components/date-range';
import type { ManPowerValue } from '@/components/man-power-cascade';
import { manualUploadText as text } from '@/i18n/manual-upload';
import type { TemplateParams } from '../api/uploads';

/** doc2 §5 / DESIGN §10: an upload is one xlsx (or xls) of at most 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The template request, or the message that says why it cannot be made (doc2 §5). */
export function templateParamsOf(range: DateRangeValue, manPower: ManPowerValue): TemplateParams | string {
  if (!range.start || !range.end || !manPower.type || !manPower.name) return text.incomplete;
  return { start_date: range.start, end_date: range.end, man_power_type: manPower.type, man_power_name: manPower.name };
}

/** Why a chosen file cannot be sent (checked again, fully, by the server); null when it can. */
export function fileProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return text.incomplete;
  if (!/\.xlsx?$/i.test(file.name)) return text.file.wrongType;
  if (file.size > MAX_FILE_BYTES) return text.file.tooLarge;
  return null;
}
