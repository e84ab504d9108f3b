import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showSuccess } from '@/lib/notifications';
import { ANNOUNCEMENT_TOPIC } from './types';

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hashId: string) =>
      (await api.delete('announcement/{hash_id}', { path: { hash_id: hashId } })).message,
    onSuccess: (message) => {
      if (message) showSuccess(message);
      void queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENT_TOPIC] });
    },
  });
}
