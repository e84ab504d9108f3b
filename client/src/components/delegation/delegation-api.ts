import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, written } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList } from '@/lib/list';

/**
 * Delegations of approval rights (server/accounts/delegation.py): the lists (given, received, all for
 * the user-login admin), the colleagues one may delegate to, create and end. The keys start with
 * `profile`, so the session's live `access` push (a delegation starting or ending) refetches them.
 */

export type DelegationRow = Schema<'DelegationListRow'>;
export type DelegationScope = 'given' | 'received' | 'all';
export type DelegationCreate = Schema<'DelegationCreateInputRequest'>;

export const delegationKeys = {
  all: ['profile', 'delegations'] as const,
  list: (scope: DelegationScope) => ['profile', 'delegations', scope] as const,
  candidates: ['profile', 'delegations', 'candidates'] as const,
};

const ROWS = 100;
/** Every active user login in one page (the server allows 1,000 for this list). */
const CANDIDATES = 1000;

export function useDelegations(scope: DelegationScope) {
  return useQuery({
    queryKey: delegationKeys.list(scope),
    queryFn: ({ signal }) =>
      getList('delegation/list', { scope, per_page: ROWS, order: JSON.stringify({ column: 'start_date', dir: 'desc' }) }, signal),
  });
}

export function useDelegationCandidates() {
  return useQuery({
    queryKey: delegationKeys.candidates,
    queryFn: ({ signal }) => getList('delegation/candidates', { per_page: CANDIDATES }, signal),
  });
}

export function useCreateDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DelegationCreate) => written(api.post('delegation/', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: delegationKeys.all }),
  });
}

export function useEndDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hashId: string) => written(api.delete('delegation/{hash_id}', { path: { hash_id: hashId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: delegationKeys.all }),
  });
}
