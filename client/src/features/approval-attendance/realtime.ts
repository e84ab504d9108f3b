import type { QueryKey } from '@tanstack/react-query';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import {
  announceDecided,
  APPROVAL_ATTENDANCE_TOPIC,
  markHighlighted,
  removeFromLists,
  setAttendanceWaiting,
  type ListQueryParams,
} from '@/lib/live-queue';
import type { TopicEventData } from '@/lib/api-types';
import { listKeys } from '@/lib/list-query';
import { registerTopic, type HandlerContext, type TopicSpec } from '@/lib/realtime';

/**
 * The `approval.attendance` topic on the client: the queue's query keys and how its events update
 * the cache. Queue lists are cached under `[topic, 'list', params]` where params are the request's
 * query parameters, so a handler can tell whether a new row may belong to a cached list.
 */

export { APPROVAL_ATTENDANCE_TOPIC };

export const approvalAttendanceKeys = listKeys(APPROVAL_ATTENDANCE_TOPIC);

type QueueEvent<Event extends string> = HandlerContext<TopicEventData<typeof APPROVAL_ATTENDANCE_TOPIC, Event>>;

/* ------------------------------------------------------------------ attendance handlers */

function listParams(queryKey: QueryKey): ListQueryParams {
  const params = queryKey[2];
  return params && typeof params === 'object' ? (params as ListQueryParams) : {};
}

/**
 * Whether `row` may belong to a list fetched with `params`. Only the filters the row shows are
 * checked; anything else (dates, searches, the other columns) is left to the refetch.
 */
export function queueRowMayMatch(params: ListQueryParams, row: AttendanceQueueRow): boolean {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  if (text(params.status) && text(params.status) !== 'waiting_approval') return false;
  if (text(params.log_type) && text(params.log_type) !== row.log_type) return false;
  if (text(params.location) && Number(params.location) !== Number(row.location)) return false;
  if (text(params.man_power_type) && text(params.man_power_type) !== row.man_power_type) return false;
  if (text(params.man_power_name) && text(params.man_power_name) !== row.man_power_name) return false;
  if (text(params.risk) && row.risk && text(params.risk) !== row.risk.level) return false;
  if (text(params.factor) && row.risk && !row.risk.reasons.some((reason) => reason.code === text(params.factor))) return false;
  return true;
}

export function attendanceEntered({ queryClient, data }: QueueEvent<'entered'>): void {
  setAttendanceWaiting(data?.waiting_by_type);
  const row = data?.row;
  if (!row?.hash_id) {
    void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.lists() });
    return;
  }
  markHighlighted(row.hash_id);
  // The server knows the sort and the page the row belongs to: refetch every list it may join.
  for (const query of queryClient.getQueryCache().findAll({ queryKey: approvalAttendanceKeys.lists() })) {
    if (queueRowMayMatch(listParams(query.queryKey), row)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.detail(row.hash_id), exact: true });
}

export function attendanceLeft({ queryClient, data }: QueueEvent<'left'>): void {
  setAttendanceWaiting(data?.waiting_by_type);
  if (!data?.hash_id) {
    void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.lists() });
    return;
  }
  removeFromLists<AttendanceQueueRow>(queryClient, approvalAttendanceKeys.lists(), data.hash_id);
  void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.detail(data.hash_id), exact: true });
  announceDecided(APPROVAL_ATTENDANCE_TOPIC, data);
}

export const approvalAttendanceTopic: TopicSpec<typeof APPROVAL_ATTENDANCE_TOPIC, 'entered' | 'left'> = {
  queryKeys: [approvalAttendanceKeys.all],
  snapshot: ({ data }) => setAttendanceWaiting(data?.waiting_by_type),
  events: { entered: attendanceEntered, left: attendanceLeft },
};

registerTopic(APPROVAL_ATTENDANCE_TOPIC, approvalAttendanceTopic);
