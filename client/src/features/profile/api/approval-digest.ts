import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPreference, preferenceKeys, putPreference } from '@/lib/preferences';

/** The user preference the server's daily digest reads (server/approval_mail/digest.py). */
export const DIGEST_PREFERENCE = 'approval.digest';

/** Whether the digest is on: on unless the user switched it off (`{"enabled": false}`). */
export function digestEnabled(value: unknown): boolean {
  return !(typeof value === 'object' && value !== null && (value as { enabled?: unknown }).enabled === false);
}

export function useApprovalDigest() {
  return useQuery({
    queryKey: preferenceKeys.one(DIGEST_PREFERENCE),
    queryFn: ({ signal }) => getPreference(DIGEST_PREFERENCE, signal),
    select: digestEnabled,
  });
}

export function useSetApprovalDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => putPreference(DIGEST_PREFERENCE, { enabled }),
    onSuccess: (_data, enabled) => queryClient.setQueryData(preferenceKeys.one(DIGEST_PREFERENCE), { enabled }),
  });
}
