import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BIRTHDAYS_PER_REQUEST, requestPagesFor, type Birthday } from '../components/birthdays';

export interface BirthdayPage {
  rows: Birthday[];
  total: number;
}

export async function getBirthdayPage(page: number): Promise<BirthdayPage> {
  const response = await api.get('employee/list_birth_day', {
    query: { page, per_page: BIRTHDAYS_PER_REQUEST },
  });
  return { rows: response.data ?? [], total: response.recordsTotal ?? response.data?.length ?? 0 };
}

export const birthdayPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['dashboard', 'birthdays', page],
    queryFn: () => getBirthdayPage(page),
  });

/** The request pages behind one screen page of birthdays, fetched together. */
export function useBirthdayScreen(screenPage: number) {
  const pages = requestPagesFor(screenPage);
  return useQueries({
    queries: pages.map((page) => birthdayPageQuery(page)),
    combine: (results) => ({
      fetched: new Map(results.flatMap((result, index) => (result.data ? [[pages[index], result.data.rows]] : []))),
      total: results.find((result) => result.data)?.data?.total,
      loading: results.some((result) => result.isPending),
      error: results.some((result) => result.isError),
    }),
  });
}
