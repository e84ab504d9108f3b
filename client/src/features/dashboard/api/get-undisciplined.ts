import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';

export type UndisciplinedType = 'terlambat' | 'pulang_cepat';

export const UNDISCIPLINED_LIMIT = 10;

export type UndisciplinedList = AnswerData<'dashboard/undisciplined_employee'>;

export type UndisciplinedRow = UndisciplinedList['rows'][number];

export interface UndisciplinedParams {
  type: UndisciplinedType;
  startDate: string;
  endDate: string;
}

export async function getUndisciplined({ type, startDate, endDate }: UndisciplinedParams): Promise<UndisciplinedList> {
  const response = await api.get('dashboard/undisciplined_employee', {
    query: { type, start_date: startDate, end_date: endDate, limit: UNDISCIPLINED_LIMIT },
  });
  return response.data;
}

export const undisciplinedQuery = (params: UndisciplinedParams) =>
  queryOptions({
    queryKey: ['dashboard', 'undisciplined', params],
    queryFn: () => getUndisciplined(params),
  });

export function useUndisciplined(params: UndisciplinedParams) {
  return useQuery(undisciplinedQuery(params));
}
