import type { QueryClient } from '@tanstack/react-query';
import type { TopicEventData } from '@/lib/api-types';
import { registerTopic, type HandlerContext, type TopicSpec } from '@/lib/realtime';
import {
  markRead,
  notificationKeys,
  NOTIFICATIONS_TOPIC,
  setUnread,
  type NotificationRow,
} from './api/notifications';
import { showBrowserNotification } from './browser';

/** The `notifications` topic (the user's own): the unread count, the panel, queue.new on its queue's page. */

export const QUEUE_NEW = 'queue.new';

type Created = TopicEventData<typeof NOTIFICATIONS_TOPIC, 'notification.created'>;
type Read = TopicEventData<typeof NOTIFICATIONS_TOPIC, 'notification.read'>;

/** A queue.new row while its queue is on screen: the user sees the new items there, so it is read at once. */
export function seenOnItsQueue(row: Pick<NotificationRow, 'kind' | 'link'>): boolean {
  return (
    row.kind === QUEUE_NEW && Boolean(row.link) && window.location.pathname === row.link && document.visibilityState === 'visible'
  );
}

function refreshPanel(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.panel });
}

export function notificationCreated({ queryClient, data }: HandlerContext<Created>): void {
  setUnread(queryClient, data?.unread);
  refreshPanel(queryClient);
  const row = data?.notification;
  if (!row || row.kind !== QUEUE_NEW) return;
  if (seenOnItsQueue(row)) {
    void markRead([row.hash_id]).then((unread) => setUnread(queryClient, unread), () => undefined);
    return;
  }
  showBrowserNotification({ title: row.title, body: row.body, link: row.link, tag: `kehadiran-${row.kind}-${row.link}` });
}

export function notificationRead({ queryClient, data }: HandlerContext<Read>): void {
  setUnread(queryClient, data?.unread);
  refreshPanel(queryClient);
}

export const notificationsTopic: TopicSpec<typeof NOTIFICATIONS_TOPIC, 'notification.created' | 'notification.read'> = {
  queryKeys: [notificationKeys.all],
  snapshot: ({ queryClient, data }) => setUnread(queryClient, data?.unread),
  events: { 'notification.created': notificationCreated, 'notification.read': notificationRead },
};

registerTopic(NOTIFICATIONS_TOPIC, notificationsTopic);
