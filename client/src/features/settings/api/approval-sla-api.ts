import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { write } from './settings-api';

/** The approval deadlines (server/schedules/sla.py): topic, limits and calls. */
export const APPROVAL_SLA_TOPIC = 'settings.approval_sla';
export const APPROVAL_SLA_LIMITS = { minHours: 1, maxHours: 720, maxUsers: 20 } as const;

export type ApprovalSla = Schema<'ApprovalSla'>;
export type ApprovalSlaUser = Schema<'ApprovalSlaUser'>;

export const approvalSlaKeys = {
  setting: [APPROVAL_SLA_TOPIC, 'setting'] as const,
  users: [APPROVAL_SLA_TOPIC, 'users'] as const,
};

export const approvalSlaApi = {
  get: async (signal?: AbortSignal) => (await api.get('setting/approval_sla', { signal })).data,
  users: async (signal?: AbortSignal) => (await api.get('setting/approval_sla/users', { signal })).data.users,
  save: (input: { attendance_hours: number; permission_hours: number; escalate_to: string[] }) =>
    write('put', 'setting/approval_sla', { ...input }),
};
