import { id as t } from '@/i18n/id';
import { dayjs } from '@/lib/dates';

/** The dashboard shows 3 birthdays a page but fetches them 5 a page (doc1 §2.9, §9). */
export const BIRTHDAYS_PER_SCREEN = 3;
export const BIRTHDAYS_PER_REQUEST = 5;

export type BirthdayKeterangan = 'today' | 'tomorrow' | 'upcoming' | (string & {});

export interface Birthday {
  id: string;
  name: string;
  photo_url: string | null;
  birth_date: string;
  keterangan: BirthdayKeterangan;
}

export function screenPageCount(total: number, perScreen = BIRTHDAYS_PER_SCREEN): number {
  return Math.max(1, Math.ceil(total / perScreen));
}

export function showsPagination(total: number, perScreen = BIRTHDAYS_PER_SCREEN): boolean {
  return total > perScreen;
}

/** The request pages (per_page 5) holding the rows of one screen page (3 a page), both 1-based. */
export function requestPagesFor(
  screenPage: number,
  perScreen = BIRTHDAYS_PER_SCREEN,
  perRequest = BIRTHDAYS_PER_REQUEST,
): number[] {
  const first = (screenPage - 1) * perScreen;
  const last = first + perScreen - 1;
  const pages: number[] = [];
  for (let page = Math.floor(first / perRequest) + 1; page <= Math.floor(last / perRequest) + 1; page += 1) {
    pages.push(page);
  }
  return pages;
}

/** The rows of one screen page, cut from the fetched request pages (missing pages give no rows). */
export function rowsForScreen<T>(
  screenPage: number,
  fetched: ReadonlyMap<number, readonly T[]>,
  perScreen = BIRTHDAYS_PER_SCREEN,
  perRequest = BIRTHDAYS_PER_REQUEST,
): T[] {
  const first = (screenPage - 1) * perScreen;
  const rows: T[] = [];
  for (let index = first; index < first + perScreen; index += 1) {
    const page = fetched.get(Math.floor(index / perRequest) + 1);
    const row = page?.[index % perRequest];
    if (row !== undefined) rows.push(row);
  }
  return rows;
}

/** The next date (today included) on which someone born on `birthDate` celebrates. */
export function nextBirthday(birthDate: string, today: dayjs.ConfigType = new Date()): dayjs.Dayjs {
  const born = dayjs(birthDate);
  const start = dayjs(today).startOf('day');
  const onYear = (year: number) => {
    // 29 February celebrates on the 28th in years without one.
    const candidate = dayjs(new Date(year, born.month(), born.date()));
    return candidate.month() === born.month() ? candidate : dayjs(new Date(year, born.month() + 1, 0));
  };
  const thisYear = onYear(start.year());
  return thisYear.isBefore(start) ? onYear(start.year() + 1) : thisYear;
}

/**
 * The marker of a birthday: 'Hari ini' for today, 'Besok' for tomorrow (the only other value the
 * original server sent). Birthdays later in the week name their day instead of claiming 'Besok'.
 */
export function birthdayMarker(birthday: Pick<Birthday, 'keterangan' | 'birth_date'>, today?: dayjs.ConfigType): string {
  if (birthday.keterangan === 'today') return t.dashboard.birthdays.today;
  if (birthday.keterangan === 'upcoming') return nextBirthday(birthday.birth_date, today).format('dddd, D MMMM');
  return t.dashboard.birthdays.tomorrow;
}
