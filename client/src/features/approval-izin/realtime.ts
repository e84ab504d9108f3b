import {
  announceDecided,
  APPROVAL_IZIN_TOPIC,
  markHighlighted,
  setIzinWaiting,
} from '@/lib/live-queue';
import type { Schema, TopicEventData } from '@/lib/api-types';
import type { ListPage } from '@/lib/list';
import { listKeys } from '@/lib/list-query';
import { registerTopic, type HandlerContext, type TopicSpec } from '@/lib/realtime';

/** The `approval.izin` topic on the client: the izin queue's query keys and how its events update the cache. */

export { APPROVAL_IZIN_TOPIC };

export const approvalIzinKeys = {
  ...listKeys(APPROVAL_IZIN_TOPIC),
  count: (month: number, year: number) => [APPROVAL_IZIN_TOPIC, 'count', month, year] as const,
};

export type IzinRow = Schema<'PermissionListRow'>;

type QueueEvent<Event extends string> = HandlerContext<TopicEventData<typeof APPROVAL_IZIN_TOPIC, Event>>;

export function izinCreated({ queryClient, data }: QueueEvent<'created'>): void {
  setIzinWaiting(data?.waiting);
  if (data?.row?.hash_id) markHighlighted(data.row.hash_id);
  void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: [APPROVAL_IZIN_TOPIC, 'count'] });
}

export function izinDecided({ queryClient, data }: QueueEvent<'decided'>): void {
  setIzinWaiting(data?.waiting);
  void queryClient.invalidateQueries({ queryKey: [APPROVAL_IZIN_TOPIC, 'count'] });
  if (!data?.hash_id) {
    void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.lists() });
    return;
  }
  // The list shows every status: the row changes in place.
  const row = data.row;
  for (const [queryKey, page] of queryClient.getQueriesData<ListPage<IzinRow>>({
    queryKey: approvalIzinKeys.lists(),
  })) {
    if (!page?.rows?.some((item) => item.hash_id === data.hash_id)) continue;
    queryClient.setQueryData<ListPage<IzinRow>>(queryKey, {
      ...page,
      rows: page.rows.map((item) =>
        item.hash_id === data.hash_id ? { ...item, ...(row ?? {}), status: data.status } : item,
      ),
    });
  }
  void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.detail(data.hash_id), exact: true });
  announceDecided(APPROVAL_IZIN_TOPIC, data);
}

export const approvalIzinTopic: TopicSpec<typeof APPROVAL_IZIN_TOPIC, 'created' | 'decided'> = {
  queryKeys: [approvalIzinKeys.all],
  snapshot: ({ data }) => setIzinWaiting(data?.waiting),
  events: { created: izinCreated, decided: izinDecided },
};

registerTopic(APPROVAL_IZIN_TOPIC, approvalIzinTopic);
