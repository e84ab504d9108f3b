import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, listQueryParams, type ListParams, type ListState } from '@/lib/list';
import { listQuery } from '@/lib/list-query';
import { downloadFile } from '@/lib/download';
import { adjustmentKeys } from './keys';

/** doc2 §3 leave adjustment: one form's row (the list rows, the detail and the create answer share it). */
export type LeaveAdjustment = Schema<'LeaveAdjustmentItem'>;

/**
 * The balance before the adjustment, net of the debt of that time (the one notation, issue 28). The
 * record stores the saldo before without its debt (`current_cuti_saldo`) and the net balance after
 * (`new_cuti_saldo`); an adjustment takes exactly its days off the net balance (server/leave/services.py
 * `_apply`: what the saldo cannot cover becomes hutang), so the net before is the net after plus them.
 */
export function netBalanceBefore(record: Pick<LeaveAdjustment, 'new_cuti_saldo' | 'jumlah_hari_cuti'>): number {
  return record.new_cuti_saldo + record.jumlah_hari_cuti;
}

export type LeaveHistoryItem = Schema<'LeaveAdjustmentHistoryRow'>;

const fetchLeaveList = (params: ListParams, signal: AbortSignal) => getList('adjustment/list', params, signal);

/** `GET adjustment/list`: the yearly list (`year`) or one form (`form_number`). */
export function useLeaveList(state: ListState, filter: { year?: number; formNumber?: string }) {
  const params: Record<string, string | number> = { ...listQueryParams(state) };
  if (filter.year) params.year = filter.year;
  if (filter.formNumber) params.form_number = filter.formNumber;
  return useQuery(listQuery(adjustmentKeys.leaveList(params), fetchLeaveList, params));
}

export const leaveDetailQuery = (key: string) =>
  queryOptions({
    queryKey: adjustmentKeys.leaveDetail(key),
    queryFn: async () => (await api.get('adjustment/detail/{hash_id}', { path: { hash_id: key } })).data,
  });

export function useLeaveHistory(year: number, month: number) {
  return useQuery({
    queryKey: adjustmentKeys.leaveHistory(year, month),
    queryFn: async () => (await api.get('adjustment/history', { query: { year, month } })).data ?? [],
  });
}

export function useLeaveYears() {
  return useQuery({
    queryKey: adjustmentKeys.leaveYears(),
    queryFn: async () => (await api.get('adjustment/year_list')).data ?? [],
  });
}

export type LeavePreview = Schema<'LeaveAdjustmentPreview'>;

/** The balance the employee has, and what it becomes with the chosen dates (server-computed working days). */
export function useLeavePreview(employee: string, start: string, end: string) {
  return useQuery({
    queryKey: adjustmentKeys.leavePreview(employee, start, end),
    queryFn: async () =>
      (
        await api.get('adjustment/preview', {
          query: { employee_number_formatted: employee, start_date: start, end_date: end },
          errorPopup: false,
        })
      ).data,
    enabled: Boolean(employee && start && end && end >= start),
    retry: false,
    staleTime: 0,
  });
}

export interface LeaveCreateValues {
  employeeNumber: string;
  start: string;
  end: string;
  requestDate: string;
  description: string;
  attachment: File;
}

/** `POST adjustment` (multipart, doc2 §7). */
export async function createLeaveAdjustment(values: LeaveCreateValues) {
  const body = new FormData();
  body.set('hash_id', '');
  body.set('employee_number_formatted', values.employeeNumber);
  body.set('start_date', values.start);
  body.set('end_date', values.end);
  body.set('request_date', values.requestDate);
  body.set('description', values.description);
  body.set('attachment', values.attachment);
  return api.post('adjustment', body);
}

/** 'Penyesuaian Cuti {month} {year}.xlsx' or 'Penyesuaian Cuti {year|code}.xlsx', built by the server. */
export function downloadLeaveReport(query: { month?: number; year?: number; id?: string }, label: string) {
  const params: Record<string, string> = {};
  if (query.month) params.month = String(query.month);
  if (query.year) params.year = String(query.year);
  if (query.id) params.id = query.id;
  return downloadFile('adjustment/report/export', params, `Penyesuaian Cuti ${label}.xlsx`);
}
