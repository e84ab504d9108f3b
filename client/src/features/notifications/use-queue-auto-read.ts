import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { markRead, setUnread } from './api/notifications';
import { QUEUE_NEW } from './realtime';

/** The queues a queue.new notification links to. */
const QUEUE_PAGES: readonly string[] = [paths.approvalAttendance, paths.approvalPermission];

/**
 * While the user is on a queue's page (and the tab is seen), its unread "new items waiting" rows are
 * read: the queue shows those items. New ones arriving there are read by the topic's handler.
 */
export function useQueueAutoRead(hasUnread: boolean): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasUnread || !QUEUE_PAGES.includes(pathname)) return;
    let cancelled = false;
    const readQueueRows = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const answer = await api.get('notification/list', {
          query: { unread: '1', search: JSON.stringify({ kind: QUEUE_NEW }), per_page: 100 },
          errorPopup: false,
        });
        const ids = answer.data.filter((row) => row.link === pathname).map((row) => row.hash_id);
        if (cancelled || ids.length === 0) return;
        setUnread(queryClient, await markRead(ids));
      } catch {
        // The bell still shows them; the next visit tries again.
      }
    };
    void readQueueRows();
    document.addEventListener('visibilitychange', readQueueRows);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', readQueueRows);
    };
  }, [hasUnread, pathname, queryClient]);
}
