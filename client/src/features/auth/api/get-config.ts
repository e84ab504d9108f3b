import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PublicConfig {
  product_name: string;
  guide_url: string;
  tile_url?: string;
}

export async function getConfig(): Promise<PublicConfig> {
  const response = await api.get<PublicConfig>('config');
  return response.data;
}

export const configQuery = queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Infinity });

export function useConfig() {
  return useQuery(configQuery);
}
