import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { beginLogout, clearSession } from '@/lib/session';

export function signOut() {
  return api.post('auth/logout', undefined, { errorPopup: false });
}

/** Revoke the token on the server, then forget the session locally whatever the server said. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onMutate: beginLogout,
    onSettled: () => {
      clearSession({ deliberate: true });
      queryClient.clear();
    },
  });
}
