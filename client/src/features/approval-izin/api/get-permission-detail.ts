import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { approvalIzinKeys } from '../realtime';

export type RecentPermission = Schema<'PermissionRecent'>;

/** The row's columns and the detail (`attachment` is a signed, short-lived URL for this user or '', `attachment_name` its file name; `keterangan` the decision note). */
export type PermissionDetail = Schema<'PermissionDetail'>;

/** `GET permission/detail/{id}`. */
export async function getPermissionDetail(hashId: string, signal?: AbortSignal): Promise<PermissionDetail> {
  const response = await api.get('permission/detail/{hash_id}', { path: { hash_id: hashId }, signal });
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
