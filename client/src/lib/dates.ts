import dayjs from 'dayjs';
import 'dayjs/locale/id';

dayjs.locale('id');

export const API_DATE = 'YYYY-MM-DD';
export const API_TIME = 'HH:mm:ss';

/** Date sent to the server: YYYY-MM-DD. */
export function toApiDate(value: dayjs.ConfigType): string {
  return dayjs(value).format(API_DATE);
}

/** Date shown to people: day, Indonesian month name, year (e.g. 5 Januari 2025). */
export function formatDate(value: dayjs.ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

export function formatDateTime(value: dayjs.ConfigType): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY HH:mm') : '';
}

export { dayjs };
