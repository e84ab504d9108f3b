import { listKeys } from '@/lib/list-query';

export const attendanceHistoryKeys = {
  ...listKeys('attendance-log'),
  count: (month: number, year: number) => ['attendance-log', 'count', month, year] as const,
  manPower: () => ['attendance-log', 'man-power'] as const,
};
