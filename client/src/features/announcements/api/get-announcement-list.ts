import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/list';
import { ANNOUNCEMENT_TOPIC, PER_PAGE } from './types';

export interface AnnouncementFilter {
  page: number;
  /** '' for every tag. */
  tag: string;
  important: boolean;
}

export const announcementListQuery = (filter: AnnouncementFilter) =>
  queryOptions({
    queryKey: [ANNOUNCEMENT_TOPIC, 'list', filter],
    queryFn: ({ signal }) =>
      getList(
        'announcement/list',
        {
          page: filter.page,
          per_page: PER_PAGE,
          tag: filter.tag || undefined,
          important: filter.important ? 1 : undefined,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useAnnouncementList(filter: AnnouncementFilter) {
  return useQuery(announcementListQuery(filter));
}
