import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface EmployeeOption {
  hash_id: string;
  employee_number_formatted: string;
  name: string;
  man_power_name: string;
  cuti?: { saldo: number; terpakai: number; hutang: number };
}

/** `GET employee/search`: status '' for active employees, 'not_active' for resigned ones (doc2 §5). */
export const employeeSearchQuery = (text: string, resigned: boolean) =>
  queryOptions({
    queryKey: ['employee-search', resigned ? 'not_active' : '', text],
    queryFn: async () =>
      (
        await api.get<EmployeeOption[]>('employee/search', {
          query: { filters: text, status: resigned ? 'not_active' : '' },
          errorPopup: false,
        })
      ).data ?? [],
    staleTime: 60_000,
  });

export function useEmployeeSearch(text: string, resigned: boolean, fresh = false) {
  return useQuery({ ...employeeSearchQuery(text, resigned), enabled: text.trim() !== '', ...(fresh ? { staleTime: 0 } : {}) });
}
