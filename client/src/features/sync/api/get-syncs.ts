import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncKeys } from './keys';

export interface PayrollSyncRow {
  id: string;
  sync_code: string;
  sync_date: string;
  sync_user: string;
  jumlah_data: number;
  type: string;
  start_date: string;
  end_date: string;
}

export interface PayrollSyncDetailRow {
  employee_number_formatted: string;
  employee_name: string;
  man_power_name: string;
  man_power_group_name: string;
  man_power_team_name: string;
  date: string;
  attendance_adjustment_code: string;
  is_update: boolean;
  sync_user: string;
  sync_date: string;
}

export const RECENT_SYNC_LIMIT = 5;

export const recentSyncsQuery = () =>
  queryOptions({
    queryKey: syncKeys.recent(),
    queryFn: async () =>
      (await api.get<PayrollSyncRow[]>('penggajian/recent', { query: { limit: RECENT_SYNC_LIMIT } })).data ?? [],
  });

export const monthSyncsQuery = (year: number, month: number) =>
  queryOptions({
    queryKey: syncKeys.month(year, month),
    queryFn: async () =>
      (await api.get<PayrollSyncRow[]>('penggajian/get_penggajian_sync_list', { query: { month, year } })).data ?? [],
  });

export const syncDetailQuery = (code: string) =>
  queryOptions({
    queryKey: syncKeys.detail(code),
    queryFn: async () => {
      const response = await api.get<PayrollSyncDetailRow[]>(`penggajian/detail/${encodeURIComponent(code)}`);
      return response.data ?? [];
    },
  });

export const useRecentSyncs = () => useQuery(recentSyncsQuery());
export const useMonthSyncs = (year: number, month: number) => useQuery(monthSyncsQuery(year, month));
export const useSyncDetail = (code: string) => useQuery(syncDetailQuery(code));
