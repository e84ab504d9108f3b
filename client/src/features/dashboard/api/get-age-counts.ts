import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AgeCounts {
  employee_20: number;
  employee_20_30: number;
  employee_30: number;
}

export async function getAgeCounts(): Promise<AgeCounts> {
  return (await api.get('employee/count')).data;
}

export const ageCountsQuery = queryOptions({ queryKey: ['dashboard', 'age'], queryFn: getAgeCounts });

export function useAgeCounts() {
  return useQuery(ageCountsQuery);
}
