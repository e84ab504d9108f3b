import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export function signOut() {
  return api.post<null>('auth/logout', undefined, { errorPopup: false });
}

/** Revoke the token on the server, then forget the session locally whatever the server said. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
