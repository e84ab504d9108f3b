import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showSuccess } from '@/lib/notifications';
import { ANNOUNCEMENT_TOPIC } from './types';

export function useSetAnnouncementImportant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ hashId, important }: { hashId: string; important: boolean }) => {
      const response = await api.patch('announcement/important', {
        id: hashId,
        important: important ? 1 : 0,
      });
      return response.message;
    },
    onSuccess: (message) => {
      if (message) showSuccess(message);
      void queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENT_TOPIC] });
    },
  });
}
