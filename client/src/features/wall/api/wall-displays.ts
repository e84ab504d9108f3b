import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getList, listQueryParams, type ListState } from '@/lib/list';
import { showSuccess } from '@/lib/notifications';

export interface WallDisplayRow {
  no: number;
  hash_id: string;
  name: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  created: string;
  created_by_name: string;
  /** 'YYYY-MM-DD HH:mm:ss' or '' */
  last_seen_at: string;
  revoked_at: string;
  is_active: 0 | 1;
}

export interface CreatedWallDisplay {
  hash_id: string;
  name: string;
  /** Shown once: the server keeps only its hash. */
  token: string;
}

const WALL_DISPLAYS = ['wall-displays'] as const;

export const wallDisplayListQuery = (state: ListState) =>
  queryOptions({
    queryKey: [...WALL_DISPLAYS, 'list', state],
    queryFn: ({ signal }) => getList<WallDisplayRow>('wall_display/list', listQueryParams(state), signal),
    placeholderData: keepPreviousData,
  });

export function useWallDisplays(state: ListState) {
  return useQuery(wallDisplayListQuery(state));
}

export function useCreateWallDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const response = await api.post<CreatedWallDisplay>('wall_display/', { name });
      return { display: response.data, message: response.message };
    },
    onSuccess: ({ message }) => {
      if (message) showSuccess(message);
      void queryClient.invalidateQueries({ queryKey: WALL_DISPLAYS });
    },
  });
}

export function useRevokeWallDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hashId: string) => (await api.delete<null>(`wall_display/${encodeURIComponent(hashId)}`)).message,
    onSuccess: (message) => {
      if (message) showSuccess(message);
      void queryClient.invalidateQueries({ queryKey: WALL_DISPLAYS });
    },
  });
}

/** The address a wall screen opens: `/wall?token=…` on this site. */
export function wallUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/wall?token=${encodeURIComponent(token)}`;
}
