import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { showError, showNotice, showSuccess } from '@/lib/notifications';
import { approvalAttendanceKeys } from '../realtime';

/**
 * The approver's "last action" (Undo = my last action): their most recent decision, single or bulk,
 * that they may still undo, as the server keeps it (so it survives a reload). Undoing it sends its
 * logs back to the queue; the next last action is then the one before (a stack).
 */
export type LastDecision = Schema<'AttendanceLastDecision'>;

/** Under the queue's topic: every refetch of the queue's queries (a reconnect, a bulk) refetches it too. */
export const lastDecisionKey = [...approvalAttendanceKeys.all, 'last-decision'] as const;

/** `GET attendance_log/last_decision`: the last action, or null. */
export async function getLastDecision(signal?: AbortSignal): Promise<LastDecision | null> {
  const response = await api.get('attendance_log/last_decision', { signal });
  return response.data ?? null;
}

export function useLastDecision(enabled = true) {
  return useQuery({ queryKey: lastDecisionKey, queryFn: ({ signal }) => getLastDecision(signal), enabled });
}

/** `PATCH attendance_log/undo_many {batch}`: undo the decision named by `batch` (the one the banner showed). */
export function undoDecision(batch: string) {
  return api.patch('attendance_log/undo_many', { batch }, { errorPopup: false });
}

/**
 * Undo a decision: the server's message is shown; a refusal (undone already, too late) is shown
 * too; either way the last action is read again (the one before, or none) and the queue refetched.
 */
export function useUndoDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoDecision,
    onSuccess: (response) => showSuccess(response.message),
    onError: (error) => {
      // Undone already (another tab) or too late: a calm notice; anything else is an error.
      if (error instanceof ApiError && error.status === 409) showNotice(error.message);
      else showError(error instanceof Error ? error.message : String(error));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: lastDecisionKey });
      void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.lists() });
    },
  });
}
