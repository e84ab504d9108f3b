import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PermissionCounts {
  cuti: number;
  cuti_tidak_berbayar: number;
  lupa_absen_datang: number;
  lupa_absen_pulang: number;
}

export interface OvertimeCounts {
  workday: number;
  holiday: number;
  workday_minutes: number;
  holiday_minutes: number;
}

export interface UndisciplinedCard {
  total_days: number;
  total_employees: number;
  total_minutes: number;
  total: number;
  percentage: number;
}

export interface PermissionType {
  hash_id: string;
  code: string;
  name: string;
}

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
