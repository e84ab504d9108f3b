import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANNOUNCEMENT_TOPIC } from './types';

export const announcementDetailQuery = (hashId: string) =>
  queryOptions({
    queryKey: [ANNOUNCEMENT_TOPIC, 'detail', hashId],
    queryFn: async ({ signal }) =>
      (await api.get('announcement/detail/{hash_id}', { path: { hash_id: hashId }, signal })).data,
  });

/** Not kept once the modal closes: reopening reads the current state (draft or published). */
export function useAnnouncementDetail(hashId: string | null) {
  return useQuery({ ...announcementDetailQuery(hashId ?? ''), enabled: Boolean(hashId), gcTime: 0 });
}
