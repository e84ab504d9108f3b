import type { Schema, TopicEventData } from '@/lib/api-types';
import { DASHBOARD_TOPIC, registerTopic, type HandlerContext } from '@/lib/realtime';

/** The `dashboard` topic on the client: live counts pushed by the server (coalesced). */

type Counts = Schema<'DashboardCounts'>;

/** The dashboard's live counts replace the cached `GET dashboard/counts`; a changed late or early-out
 * total also refreshes the undisciplined top 10 (its totals count the same days). */
export function applyDashboardCounts({
  queryClient,
  data,
}: HandlerContext<TopicEventData<typeof DASHBOARD_TOPIC, 'counts'>>): void {
  const previous = queryClient.getQueryData<Counts>([DASHBOARD_TOPIC, 'counts']);
  queryClient.setQueryData([DASHBOARD_TOPIC, 'counts'], data);
  const undisciplinedChanged = (['late_in', 'early_out'] as const).some(
    (key) => JSON.stringify(previous?.[key]) !== JSON.stringify(data?.[key]),
  );
  if (previous && undisciplinedChanged) {
    void queryClient.invalidateQueries({ queryKey: [DASHBOARD_TOPIC, 'undisciplined'] });
  }
}

registerTopic(DASHBOARD_TOPIC, {
  queryKeys: [[DASHBOARD_TOPIC]],
  events: { counts: applyDashboardCounts },
  snapshot: applyDashboardCounts,
});
