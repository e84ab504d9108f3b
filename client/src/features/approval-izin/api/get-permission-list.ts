import { useQuery } from '@tanstack/react-query';
import { approvalIzinKeys } from '../realtime';
import { type ListQueryParams } from '@/lib/live-queue';
import { getList } from '@/lib/list';
import { listQuery } from '@/lib/list-query';

/** `GET permission/list` (page, per_page, search, order, global_search, year): doc2 §7. */
export function getPermissionList(params: ListQueryParams, signal?: AbortSignal) {
  return getList('permission/list', params, signal);
}

export function usePermissionList(params: ListQueryParams) {
  return useQuery(listQuery(approvalIzinKeys.list(params), getPermissionList, params));
}
