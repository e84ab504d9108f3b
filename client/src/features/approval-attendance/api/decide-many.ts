import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceLogState } from '@/components/attendance-log/types';
import { api } from '@/lib/api-client';
import { approvalAttendanceKeys } from '../realtime';
import { beginOwnDecision, endOwnDecision } from '@/lib/live-queue';
import { showSuccess } from '@/lib/notifications';

/** The most logs one bulk decision takes (the server refuses more). */
export const BULK_LIMIT = 100;

export type BulkDecision = { kind: 'approve'; ids: string[] } | { kind: 'reject'; ids: string[]; note: string };

export interface BulkOutcome {
  hash_id: string;
  /** decided; conflict (someone decided it first: `state` is how it is now); refused (e.g. needs a nearest placement). */
  outcome: 'decided' | 'conflict' | 'refused';
  message: string;
  state: Partial<AttendanceLogState>;
}

export interface BulkResult {
  decided: number;
  skipped: number;
  results: BulkOutcome[];
}

/** `PATCH attendance_log/approve_many` {ids} or `PATCH attendance_log/reject_many` {ids, note}. */
export function decideMany(decision: BulkDecision) {
  if (decision.kind === 'approve') return api.patch<BulkResult>('attendance_log/approve_many', { ids: decision.ids });
  return api.patch<BulkResult>('attendance_log/reject_many', { ids: decision.ids, note: decision.note });
}

/**
 * 'Setujui terpilih' / 'Tolak terpilih': one request; each log is decided once on the server and
 * reported on its own. The logs are this tab's own decisions, so their "left" events are not
 * reported back as someone else's; other approvers see them leave live.
 */
export function useDecideMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideMany,
    onMutate: (decision) => decision.ids.forEach(beginOwnDecision),
    onSuccess: (response) => showSuccess(response.message),
    onSettled: (_data, _error, decision) => {
      decision.ids.forEach(endOwnDecision);
      void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.all });
    },
  });
}
