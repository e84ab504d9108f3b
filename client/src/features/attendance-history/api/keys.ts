import type { ListQueryParams } from '@/lib/live-queue';

export const attendanceHistoryKeys = {
  all: ['attendance-log'] as const,
  lists: () => ['attendance-log', 'list'] as const,
  list: (params: ListQueryParams) => ['attendance-log', 'list', params] as const,
  detail: (hashId: string) => ['attendance-log', 'detail', hashId] as const,
  count: (month: number, year: number) => ['attendance-log', 'count', month, year] as const,
  manPower: () => ['attendance-log', 'man-power'] as const,
};
