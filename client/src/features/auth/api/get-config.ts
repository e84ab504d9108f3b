import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type PublicConfig = Schema<'ClientConfig'>;

export async function getConfig(): Promise<PublicConfig> {
  const response = await api.get('config');
  return response.data;
}

export const configQuery = queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Infinity });

export function useConfig() {
  return useQuery(configQuery);
}
