import type { Schema } from '@/lib/api-types';
import { getList, type ListPage, type ListParams } from '@/lib/list';

/**
 * The audit trail's calls (DESIGN §17): the list protocol on `audit/list` (the Audit screen), one
 * object's history (the 'Riwayat' panels) and the export. Every query starts with the `audit` topic,
 * so an event on it (a new entry anywhere) refetches them.
 */

export const AUDIT_TOPIC = 'audit';
export const AUDIT_FLAG = 'allow_audit';

export type AuditRow = Schema<'AuditListRow'>;
export type AuditChange = Schema<'AuditChange'>;

/** The object types whose history a 'Riwayat' panel shows. */
export type AuditObjectType =
  | 'attendance_log'
  | 'izin'
  | 'employee'
  | 'shift'
  | 'shift_pattern'
  | 'user_level'
  | 'user_login'
  | 'announcement';

export const auditKeys = {
  all: [AUDIT_TOPIC] as const,
  list: (params: ListParams) => [AUDIT_TOPIC, 'list', params] as const,
  history: (objectType: string, objectId: string) => [AUDIT_TOPIC, 'history', objectType, objectId] as const,
};

export const HISTORY_ROWS = 50;

export const auditApi = {
  list: (params: ListParams, signal?: AbortSignal): Promise<ListPage<AuditRow>> => getList('audit/list', params, signal),
  history: (objectType: string, objectId: string, signal?: AbortSignal): Promise<ListPage<AuditRow>> =>
    getList(
      'audit/list',
      { object_type: objectType, object_id: objectId, per_page: HISTORY_ROWS, order: JSON.stringify({ column: 'at', dir: 'desc' }) },
      signal,
    ),
};
