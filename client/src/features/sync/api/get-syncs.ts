import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { syncKeys } from './keys';

export type PayrollSyncRow = Schema<'PayrollSyncRow'>;

export type PayrollSyncDetailRow = Schema<'PayrollSyncDetailRow'>;

export const RECENT_SYNC_LIMIT = 5;

export const recentSyncsQuery = () =>
  queryOptions({
    queryKey: syncKeys.recent(),
    queryFn: async () =>
      (await api.get('penggajian/recent', { query: { limit: RECENT_SYNC_LIMIT } })).data ?? [],
  });

export const monthSyncsQuery = (year: number, month: number) =>
  queryOptions({
    queryKey: syncKeys.month(year, month),
    queryFn: async () =>
      (await api.get('penggajian/get_penggajian_sync_list', { query: { month, year } })).data ?? [],
  });

export const syncDetailQuery = (code: string) =>
  queryOptions({
    queryKey: syncKeys.detail(code),
    queryFn: async () => {
      const response = await api.get('penggajian/detail/{code}', { path: { code } });
      return response.data ?? [];
    },
  });

export const useRecentSyncs = () => useQuery(recentSyncsQuery());
export const useMonthSyncs = (year: number, month: number) => useQuery(monthSyncsQuery(year, month));
export const useSyncDetail = (code: string) => useQuery(syncDetailQuery(code));
