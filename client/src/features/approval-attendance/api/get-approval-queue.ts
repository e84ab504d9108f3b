import { useQuery } from '@tanstack/react-query';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { approvalAttendanceKeys } from '../realtime';
import { type ListQueryParams } from '@/lib/live-queue';
import { getList } from '@/lib/list';
import { listQuery } from '@/lib/list-query';

/** `GET attendance_log/list?status=waiting_approval&…`: the approval queue (doc2 §7). */
export function getApprovalQueue(params: ListQueryParams, signal?: AbortSignal) {
  return getList<AttendanceQueueRow>('attendance_log/list', params, signal);
}

export function useApprovalQueue(params: ListQueryParams) {
  return useQuery(listQuery(approvalAttendanceKeys.list(params), getApprovalQueue, params));
}
