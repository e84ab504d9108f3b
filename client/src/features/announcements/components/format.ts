import { dayjs } from '@/lib/dates';
import type { AnnouncementTag } from '../api/types';
import { ALL_TAG } from '../api/types';

/** The link as shown: with http:// in front (doc1 §2.10); the server stores it without a scheme. */
export function displayUrl(url: string): string {
  return url ? `http://${url}` : '';
}

export function tagLabel(value: string, tags: readonly AnnouncementTag[] | undefined): string {
  return tags?.find((tag) => tag.value === value)?.label ?? value;
}

/**
 * The tag selection rules (doc1 §4): choosing 'all', or every individual tag, collapses the
 * selection to just 'all'; choosing a type while 'all' is selected replaces it.
 */
export function toggleTag(selected: readonly string[], value: string, allTypes: readonly string[]): string[] {
  if (value === ALL_TAG) return selected.includes(ALL_TAG) ? [] : [ALL_TAG];
  const types = selected.filter((tag) => tag !== ALL_TAG);
  const next = types.includes(value) ? types.filter((tag) => tag !== value) : [...types, value];
  if (allTypes.length > 0 && allTypes.every((type) => next.includes(type))) return [ALL_TAG];
  return allTypes.filter((type) => next.includes(type));
}

/** Server moments are 'YYYY-MM-DD HH:mm:ss' in the office's time zone. */
export function parseMoment(value: string) {
  return dayjs(value.replace(' ', 'T'));
}

/** The earliest published date the picker offers: 5 minutes ahead, on the next whole minute. */
export function pickerMinimum(now = dayjs()) {
  return now.add(5, 'minute').second(0).millisecond(0).add(1, 'minute');
}

/** The earliest the server accepts (doc1 §2.10's "about 4 to 5 minutes"): 4 minutes ahead, to the minute. */
export function serverMinimum(now = dayjs()) {
  return now.add(4, 'minute').second(0).millisecond(0);
}

/** 'YYYY-MM-DDTHH:mm' for a datetime-local input. */
export function toLocalInput(value: ReturnType<typeof dayjs>): string {
  return value.format('YYYY-MM-DDTHH:mm');
}

/** A datetime-local value as sent to the server: ISO 8601 with the browser's offset. */
export function toApiMoment(localInput: string): string {
  const moment = dayjs(localInput);
  return moment.isValid() ? moment.format('YYYY-MM-DDTHH:mm:ssZ') : '';
}
