import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, quiet } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';

export type ApprovalLinkData = AnswerData<'approval_link/{token}'>;
export type LinkDecision = 'approve' | 'reject';

export const approvalLinkKeys = {
  one: (token: string) => ['approval-link', token] as const,
};

/** `GET approval_link/{token}`: the request the link decides (the token is the credential). */
export async function getApprovalLink(token: string): Promise<ApprovalLinkData> {
  const response = await api.get('approval_link/{token}', { path: { token }, ...quiet });
  return response.data;
}

export function useApprovalLink(token: string) {
  return useQuery({
    queryKey: approvalLinkKeys.one(token),
    queryFn: () => getApprovalLink(token),
    // A refusal (spent, expired, decided) is the answer, not a hiccup to retry.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** `POST approval_link/{token}` {decision, note}: decides once. */
export function useDecideByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, note }: { decision: LinkDecision; note: string }) =>
      api.post('approval_link/{token}', { decision, note }, { path: { token }, ...quiet }),
    onSuccess: () => queryClient.removeQueries({ queryKey: approvalLinkKeys.one(token) }),
  });
}
