import { useQuery } from '@tanstack/react-query';
import { api, apiAt, type DataOf, type OperationOf, type PathsWith } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type PermissionCounts = Schema<'PermissionCounts'>;
export type OvertimeCounts = Schema<'OvertimeCounts'>;
export type UndisciplinedCard = Schema<'UndisciplinedCard'>;
export type PermissionType = Schema<'PermissionType'>;

export interface MonthYear {
  month: number;
  year: number;
}

function monthQuery<P extends PathsWith<'get'>>(path: P, { month, year }: MonthYear) {
  return {
    queryKey: ['report-panel', path, month, year],
    queryFn: async (): Promise<DataOf<OperationOf<P, 'get'>>> =>
      (await apiAt.get(path, { query: { month, year }, errorPopup: false })).data as DataOf<OperationOf<P, 'get'>>,
    staleTime: 60_000,
    retry: false,
  };
}

export const usePermissionCounts = (period: MonthYear) =>
  useQuery(monthQuery('report/count_permission', period));
export const useOvertimeCounts = (period: MonthYear) => useQuery(monthQuery('report/count_lembur', period));
export const useLateInCard = (period: MonthYear) =>
  useQuery(monthQuery('attendance_log/count_late_in', period));
export const useEarlyOutCard = (period: MonthYear) =>
  useQuery(monthQuery('attendance_log/count_early_out', period));

/** `GET permission/type_list`: the permission report's categories. */
export function usePermissionTypes() {
  return useQuery({
    queryKey: ['permission-types'],
    queryFn: async () => (await api.get('permission/type_list', { errorPopup: false })).data ?? [],
    staleTime: 5 * 60_000,
  });
}
