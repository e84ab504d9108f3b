import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { approvalAttendanceKeys } from '../realtime';
import { lastDecisionKey } from './last-decision';
import { beginOwnDecision, endOwnDecision, removeFromLists, reportDecisionFailure } from '@/lib/live-queue';
import { showSuccess } from '@/lib/notifications';

export type AttendanceDecision =
  { kind: 'approve'; id: string; nearManPower: string } | { kind: 'reject'; id: string; note: string };

/** `PATCH attendance_log/approve` {id, near_man_power} or `PATCH attendance_log/reject` {id, note}. */
export function decideAttendanceLog(decision: AttendanceDecision) {
  if (decision.kind === 'approve') {
    return api.patch(
      'attendance_log/approve',
      { id: decision.id, near_man_power: decision.nearManPower },
      { errorPopup: false },
    );
  }
  return api.patch('attendance_log/reject', { id: decision.id, note: decision.note }, { errorPopup: false });
}

/**
 * A decision from the approval modal. Success shows the server's message; a 409 (someone decided
 * first) is a calm notice naming them (reportDecisionFailure) and the queue and detail are refetched
 * so the screen shows the current state. The log is marked as this tab's own decision so its "left"
 * event is not reported back as someone else's.
 */
export function useDecideAttendanceLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAttendanceLog,
    onMutate: (decision) => beginOwnDecision(decision.id),
    onSuccess: (response, decision) => {
      showSuccess(response.message);
      // The row leaves this tab's lists at once (its event may still be on the way).
      removeFromLists(queryClient, approvalAttendanceKeys.lists(), decision.id);
    },
    onError: (error) => {
      reportDecisionFailure(error);
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.all });
      }
    },
    onSettled: (_data, _error, decision) => {
      endOwnDecision(decision.id);
      void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.detail(decision.id) });
      // The decision is the approver's last action now (the banner and `u` name it).
      void queryClient.invalidateQueries({ queryKey: lastDecisionKey });
    },
  });
}
