export const adjustmentKeys = {
  leave: ['adjustments', 'leave'] as const,
  leaveList: (params: Record<string, string | number>) => ['adjustments', 'leave', 'list', params] as const,
  leaveDetail: (key: string) => ['adjustments', 'leave', 'detail', key] as const,
  leaveHistory: (year: number, month: number) => ['adjustments', 'leave', 'history', year, month] as const,
  leaveYears: () => ['adjustments', 'leave', 'years'] as const,
  leavePreview: (employee: string, start: string, end: string) =>
    ['adjustments', 'leave', 'preview', employee, start, end] as const,
  attendance: ['adjustments', 'attendance'] as const,
  recent: () => ['adjustments', 'attendance', 'recent'] as const,
  month: (year: number, month: number) => ['adjustments', 'attendance', 'month', year, month] as const,
  detail: (code: string) => ['adjustments', 'attendance', 'detail', code] as const,
  report: (params: Record<string, string>) => ['adjustments', 'report', params] as const,
};
