import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnswerData } from '@/lib/api-types';

export type AgeCounts = AnswerData<'employee/count'>;

export async function getAgeCounts(): Promise<AgeCounts> {
  return (await api.get('employee/count')).data;
}

export const ageCountsQuery = queryOptions({ queryKey: ['dashboard', 'age'], queryFn: getAgeCounts });

export function useAgeCounts() {
  return useQuery(ageCountsQuery);
}
