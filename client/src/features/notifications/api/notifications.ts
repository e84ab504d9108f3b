import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { listPage, type ListPage } from '@/lib/list';
import { socketAwareQueryFn } from '@/lib/realtime';

/** The user's own notifications (server/notifications): the topic, its queries, reading and marking read. */
export const NOTIFICATIONS_TOPIC = 'notifications' as const;
/** The newest notifications the panel shows. */
export const PANEL_SIZE = 10;

export type NotificationRow = Schema<'NotificationListRow'>;

export const notificationKeys = {
  all: [NOTIFICATIONS_TOPIC] as const,
  unread: [NOTIFICATIONS_TOPIC, 'unread'] as const,
  panel: [NOTIFICATIONS_TOPIC, 'panel'] as const,
};

export interface NotificationPanel extends ListPage<NotificationRow> {
  unread: number;
}

async function fetchPanel(signal?: AbortSignal): Promise<NotificationPanel> {
  const answer = await api.get('notification/list', {
    query: { page: 1, per_page: PANEL_SIZE },
    signal,
    errorPopup: false,
  });
  return { ...listPage<NotificationRow>(answer), unread: answer.unread };
}

/** The newest notifications (while the panel is open). */
export function useNotificationPanel(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.panel,
    queryFn: ({ signal }) => fetchPanel(signal),
    enabled,
  });
}

/** The unread count: the topic's snapshot and events keep it, REST fills it before them. */
export function useUnreadCount(): number | null {
  const query = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: socketAwareQueryFn(async ({ signal }) => (await fetchPanel(signal)).unread),
    staleTime: Infinity,
  });
  return query.data ?? null;
}

export function setUnread(queryClient: QueryClient, unread: number | undefined): void {
  if (typeof unread === 'number') queryClient.setQueryData(notificationKeys.unread, unread);
}

/** Mark the user's own notifications read: these ids, or all of them (`null`). */
export async function markRead(ids: string[] | null): Promise<number> {
  const answer = await api.patch('notification/read', ids === null ? { all: true } : { ids }, { errorPopup: ids === null });
  return answer.data.unread;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (unread, ids) => {
      setUnread(queryClient, unread);
      queryClient.setQueryData<NotificationPanel>(notificationKeys.panel, (panel) =>
        panel
          ? {
              ...panel,
              unread,
              rows: panel.rows.map((row) => (ids === null || ids.includes(row.hash_id) ? { ...row, read: true } : row)),
            }
          : panel,
      );
    },
  });
}
