import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { syncKeys } from './keys';

export type SyncSchedule = Schema<'SyncSchedule'>;

export const scheduleKey = [...syncKeys.all, 'schedule'] as const;

/** `setting/sync_schedule`: the scheduled HR pull (off by default; a time of day, server time). */
export async function getSyncSchedule(signal?: AbortSignal): Promise<SyncSchedule> {
  return (await api.get('setting/sync_schedule', { signal })).data;
}

export async function saveSyncSchedule(input: SyncSchedule): Promise<{ data: SyncSchedule; message: string }> {
  const response = await api.put('setting/sync_schedule', input);
  return { data: response.data, message: response.message };
}
