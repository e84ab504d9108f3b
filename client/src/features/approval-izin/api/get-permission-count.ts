import { api } from '@/lib/api-client';
import { useMonthQuery } from '@/lib/month-query';
import { approvalIzinKeys } from '../realtime';

/** `GET permission/count?month&year`: requests waiting for approval submitted in that month. */
export async function getPermissionCount(month: number, year: number): Promise<number> {
  const response = await api.get('permission/count', { query: { month, year }, errorPopup: false });
  return response.data?.count ?? 0;
}

export function usePermissionCount(month: number, year: number) {
  return useMonthQuery(approvalIzinKeys.count, getPermissionCount, month, year);
}
