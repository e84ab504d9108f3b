import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalIzinKeys, type IzinRow } from '../realtime';

export interface RecentPermission {
  id: string;
  hash_id: string;
  label: string;
  date_formatted: string;
  status: string;
}

export interface PermissionDetail extends IzinRow {
  employee_id: string;
  permission_type_code: string;
  permission_type_name: string;
  start_date: string;
  end_date: string;
  description: string;
  /** Signed, short-lived URL of the attachment, for this user only ('' when none). */
  attachment: string;
  /** The attachment's file name ('' when none). */
  attachment_name: string;
  /** The decision note. */
  keterangan: string;
  decided_by_name: string;
  decided_at: string;
  created: string;
  recent_permission: RecentPermission[];
}

/** `GET permission/detail/{id}`. */
export async function getPermissionDetail(hashId: string, signal?: AbortSignal): Promise<PermissionDetail> {
  const response = await api.get<PermissionDetail>(`permission/detail/${encodeURIComponent(hashId)}`, { signal });
  return response.data;
}

export function permissionDetailQuery(hashId: string) {
  return queryOptions({
    queryKey: approvalIzinKeys.detail(hashId),
    queryFn: ({ signal }) => getPermissionDetail(hashId, signal),
    staleTime: 0,
  });
}

export function usePermissionDetail(hashId: string | null) {
  return useQuery({ ...permissionDetailQuery(hashId ?? ''), enabled: Boolean(hashId) });
}
