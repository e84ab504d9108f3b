import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalIzinKeys } from '../realtime';
import { beginOwnDecision, endOwnDecision, reportDecisionFailure } from '@/lib/live-queue';
import { showSuccess } from '@/lib/notifications';

export interface PermissionDecision {
  kind: 'approve' | 'reject';
  id: string;
  note: string;
}

/** `PATCH permission/approve` {id, note} or `PATCH permission/reject` {id, note}. */
export function decidePermission(decision: PermissionDecision) {
  return api.patch(`permission/${decision.kind}`, { id: decision.id, note: decision.note }, { errorPopup: false });
}

/** A decision on a request; the list, the counts and the detail are refetched whatever the answer
 * (a 409 is a calm notice naming who decided first, and the detail then shows the current state). */
export function useDecidePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePermission,
    onMutate: (decision) => beginOwnDecision(decision.id),
    onSuccess: (response) => showSuccess(response.message),
    onError: reportDecisionFailure,
    onSettled: (_data, _error, decision) => {
      endOwnDecision(decision.id);
      void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.all });
    },
  });
}
