import { useQuery } from '@tanstack/react-query';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { approvalAttendanceKeys } from '../realtime';
import { type ListQueryParams } from '@/lib/live-queue';
import { listPage, type ListPage } from '@/lib/list';
import { listQuery } from '@/lib/list-query';

/** Waiting check-ins outside an empty date range: how many, since which date (`older_waiting`). */
export type OlderWaiting = Schema<'AttendanceQueueOlderWaiting'>;

export interface ApprovalQueuePage extends ListPage<AttendanceQueueRow> {
  /** Set when the date range holds nothing but check-ins matching the other filters wait on other dates. */
  olderWaiting?: OlderWaiting | null;
}

/** `GET attendance_log/list?status=waiting_approval&…`: the approval queue (doc2 §7). */
export async function getApprovalQueue(params: ListQueryParams, signal?: AbortSignal): Promise<ApprovalQueuePage> {
  const response = await api.get('attendance_log/list', { query: params, signal });
  const { older_waiting: olderWaiting } = response as { older_waiting?: OlderWaiting | null };
  return { ...listPage(response), olderWaiting: olderWaiting ?? null };
}

export function useApprovalQueue(params: ListQueryParams) {
  return useQuery(listQuery(approvalAttendanceKeys.list(params), getApprovalQueue, params));
}
