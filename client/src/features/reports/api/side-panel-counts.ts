import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type PermissionCounts = Schema<'PermissionCounts'>;
export type OvertimeCounts = Schema<'OvertimeCounts'>;
export type UndisciplinedCard = Schema<'UndisciplinedCard'>;
export type PermissionType = Schema<'PermissionType'>;

export interface MonthYear {
  month: number;
  year: number;
}

function monthQuery<T>(path: string, { month, year }: MonthYear) {
  return {
    queryKey: ['report-panel', path, month, year],
    queryFn: async () => (await api.get<T>(path, { query: { month, year }, errorPopup: false })).data,
    staleTime: 60_000,
    retry: false,
  };
}

export const usePermissionCounts = (period: MonthYear) =>
  useQuery(monthQuery<PermissionCounts>('report/count_permission', period));
export const useOvertimeCounts = (period: MonthYear) => useQuery(monthQuery<OvertimeCounts>('report/count_lembur', period));
export const useLateInCard = (period: MonthYear) =>
  useQuery(monthQuery<UndisciplinedCard>('attendance_log/count_late_in', period));
export const useEarlyOutCard = (period: MonthYear) =>
  useQuery(monthQuery<UndisciplinedCard>('attendance_log/count_early_out', period));

/** `GET permission/type_list`: the permission report's categories. */
export function usePermissionTypes() {
  return useQuery({
    queryKey: ['permission-types'],
    queryFn: async () => (await api.get<PermissionType[]>('permission/type_list', { errorPopup: false })).data ?? [],
    staleTime: 5 * 60_000,
  });
}
