import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const announcementTagsQuery = () =>
  queryOptions({
    queryKey: ['announcement-tags'],
    queryFn: async ({ signal }) => (await api.get('announcement/tag', { signal })).data,
    staleTime: Infinity,
  });

export function useAnnouncementTags() {
  return useQuery(announcementTagsQuery());
}
