export const syncKeys = {
  all: ['sync'] as const,
  recent: () => ['sync', 'recent'] as const,
  month: (year: number, month: number) => ['sync', 'month', year, month] as const,
  detail: (code: string) => ['sync', 'detail', code] as const,
};

export const HR_PULL_KIND = 'sync.hr_pull';
export const PAYROLL_PUSH_KIND = 'sync.payroll_push';
