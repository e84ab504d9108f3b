import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, type ListPage, type ListParams } from '@/lib/list';

/**
 * The calls of the settings screens (doc3 §7.2-7.5). Each kind's queries start with its realtime
 * topic (`settings.<kind>`), so an event on the topic refetches them and a write invalidates them.
 * Writes ask for no error popup: a failed save shows its messages in the form.
 */

export const topics = {
  shift: 'settings.shift',
  shiftPattern: 'settings.shift_pattern',
  holiday: 'settings.holiday',
  blacklistApp: 'settings.blacklist_app',
  cutiKhusus: 'settings.cuti_khusus',
  cutiTambahan: 'settings.cuti_tambahan',
  systemTrouble: 'settings.system_trouble',
  risk: 'settings.risk',
} as const;

export interface WriteResult<T = unknown> {
  message: string;
  data: T;
}

const quiet = { errorPopup: false } as const;
const id = (hashId: string) => encodeURIComponent(hashId);

export async function write<T>(
  method: 'post' | 'put',
  path: string,
  body: Record<string, unknown>,
): Promise<WriteResult<T>> {
  const response = await api[method]<T>(path, body, quiet);
  return { message: response.message, data: response.data };
}

export async function remove(path: string): Promise<WriteResult<null>> {
  const response = await api.delete<null>(path, quiet);
  return { message: response.message, data: null };
}

export function listOf<Row>(path: string) {
  return (params: ListParams, signal?: AbortSignal): Promise<ListPage<Row>> => getList<Row>(path, params, signal);
}

export async function detailOf<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await api.get<T>(path, { signal })).data;
}

/* ------------------------------------------------------------------ blacklist app */

export interface BlacklistAppRow {
  no?: number;
  id: string;
  hash_id: string;
  name: string;
  package_id: string;
  /** 1: allowed (shown 'Tidak'), 0: blacklisted (shown 'Ya'). */
  is_allow: 0 | 1;
}

export interface BlacklistAppInput {
  name: string;
  package_id: string;
  is_allow: 0 | 1;
}

export const blacklistApi = {
  list: listOf<BlacklistAppRow>('blacklist_app/list'),
  create: (input: BlacklistAppInput) => write<BlacklistAppRow>('post', 'blacklist_app', { hash_id: '', ...input }),
  update: (hashId: string, input: BlacklistAppInput) =>
    write<BlacklistAppRow>('put', 'blacklist_app', { hash_id: hashId, ...input }),
  remove: (hashId: string) => remove(`blacklist_app/${id(hashId)}`),
};

/* ------------------------------------------------------------------ leave kinds and system trouble */

export interface SpecialLeaveRow {
  id: string;
  hash_id: string;
  name: string;
  code: string;
  jumlah_hari: number;
}

export interface AdditionalLeaveRow {
  id: string;
  hash_id: string;
  name: string;
  code: string;
}

export interface SystemTroubleRow {
  id: string;
  hash_id: string;
  /** YYYY-MM-DD */
  date: string;
  description: string;
}

export const specialLeaveApi = {
  list: listOf<SpecialLeaveRow>('cuti_khusus/list'),
  create: (input: Omit<SpecialLeaveRow, 'id' | 'hash_id'>) =>
    write<SpecialLeaveRow>('post', 'cuti_khusus', { hash_id: '', ...input }),
  update: (hashId: string, input: Omit<SpecialLeaveRow, 'id' | 'hash_id'>) =>
    write<SpecialLeaveRow>('put', 'cuti_khusus', { hash_id: hashId, ...input }),
  remove: (hashId: string) => remove(`cuti_khusus/${id(hashId)}`),
};

export const additionalLeaveApi = {
  list: listOf<AdditionalLeaveRow>('cuti_tambahan/list'),
  create: (input: Omit<AdditionalLeaveRow, 'id' | 'hash_id'>) =>
    write<AdditionalLeaveRow>('post', 'cuti_tambahan', { hash_id: '', ...input }),
  update: (hashId: string, input: Omit<AdditionalLeaveRow, 'id' | 'hash_id'>) =>
    write<AdditionalLeaveRow>('put', 'cuti_tambahan', { hash_id: hashId, ...input }),
  remove: (hashId: string) => remove(`cuti_tambahan/${id(hashId)}`),
};

export const systemTroubleApi = {
  list: listOf<SystemTroubleRow>('system_trouble/list'),
  create: (input: Omit<SystemTroubleRow, 'id' | 'hash_id'>) =>
    write<SystemTroubleRow>('post', 'system_trouble', { hash_id: '', ...input }),
  update: (hashId: string, input: Omit<SystemTroubleRow, 'id' | 'hash_id'>) =>
    write<SystemTroubleRow>('put', 'system_trouble', { hash_id: hashId, ...input }),
  remove: (hashId: string) => remove(`system_trouble/${id(hashId)}`),
};

/* ------------------------------------------------------------------ shifts */

export type ShiftType = 'working_shift' | 'non_working_shift';

export interface ShiftRow {
  id: string;
  hash_id: string;
  code: string;
  name: string;
  type: ShiftType;
  /** HH:mm:ss */
  time_in: string;
  time_out: string;
  break_start: string;
  break_end: string;
  late_in_minutes: number;
  early_out_minutes: number;
  /** Hours before time_in. */
  minimum_check_in_time: number;
  /** 'Mulai Check In', HH:mm:ss */
  check_in_start: string;
}

export interface ShiftInput {
  code: string;
  name: string;
  type: ShiftType;
  time_in: string;
  time_out: string;
  break_start: string;
  break_end: string;
  late_in_minutes: number;
  early_out_minutes: number;
  minimum_check_in_time: number;
}

export const shiftApi = {
  list: listOf<ShiftRow>('shift/list'),
  create: (input: ShiftInput) => write<ShiftRow>('post', 'shift', { hash_id: '', ...input }),
  update: (hashId: string, input: ShiftInput) => write<ShiftRow>('put', 'shift', { hash_id: hashId, ...input }),
  remove: (hashId: string) => remove(`shift/${id(hashId)}`),
};

/* ------------------------------------------------------------------ shift patterns */

export interface ShiftPatternRow {
  id: string;
  hash_id: string;
  code: string;
  name: string;
  type: string;
  /** YYYY-MM-DD */
  starting_date: string;
  day_circle_number: number;
}

export interface ShiftPatternDetail extends ShiftPatternRow {
  content_total: number;
  employee_total: number;
}

export interface ShiftPatternInput {
  code: string;
  name: string;
  type: string;
  starting_date: string;
  day_circle_number: number;
}

export interface PatternContentRow {
  id: string;
  hash_id: string;
  day_number: number;
  shift_hash_id: string;
  setting_shift_name: string;
  setting_shift_code: string;
  setting_shift_type: ShiftType;
  setting_shift_time_in: string;
  setting_shift_time_out: string;
  setting_shift_minimum_check_in_time: number;
  setting_shift_check_in_start: string;
  setting_shift_late_in: number;
  setting_shift_early_out: number;
}

export const shiftPatternApi = {
  list: listOf<ShiftPatternRow>('shift_pattern/list'),
  detail: (hashId: string, signal?: AbortSignal) =>
    detailOf<ShiftPatternDetail>(`shift_pattern/detail/${id(hashId)}`, signal),
  create: (input: ShiftPatternInput) =>
    write<ShiftPatternDetail>('post', 'shift_pattern', { hash_id: '', ...input }),
  update: (hashId: string, input: ShiftPatternInput) =>
    write<ShiftPatternDetail>('put', 'shift_pattern', { hash_id: hashId, ...input }),
  remove: (hashId: string) => remove(`shift_pattern/${id(hashId)}`),
  content: (hashId: string, signal?: AbortSignal) =>
    detailOf<PatternContentRow[]>(`shift_pattern/content/${id(hashId)}`, signal),
  addContent: async (patternHashId: string, shiftHashId: string) =>
    write<PatternContentRow[]>('post', 'shift_pattern/content/', {
      shift_pattern_hash_id: patternHashId,
      shift_hash_id: shiftHashId,
    }),
  moveContent: async (contentHashId: string, direction: 'up' | 'down') => {
    const response = await api.put<PatternContentRow[]>(
      `shift_pattern/content_set_order_${direction}/${id(contentHashId)}`,
      undefined,
      quiet,
    );
    return { message: response.message, data: response.data };
  },
  removeContent: (contentHashId: string) => remove(`shift_pattern/content/${id(contentHashId)}`),
};

/* ------------------------------------------------------------------ holidays */

export interface HolidayYearRow {
  year: number;
  count: number;
}

export interface LeaveFlag {
  /** YYYY-MM-DD */
  label: string;
  value: 0 | 1;
}

export interface HolidayItem {
  id: string;
  hash_id: string;
  name: string;
  /** [start, end] as YYYY-MM-DD */
  date: [string, string];
  leave: LeaveFlag[];
}

export interface HolidayYearDetail {
  year: number;
  count: number;
  holidays: HolidayItem[];
  collective_leave_dates: string[];
}

export interface HolidayInput {
  name: string;
  date: [string, string];
  leave: LeaveFlag[];
}

export const holidayApi = {
  list: listOf<HolidayYearRow>('holiday/list'),
  year: async (year: number, signal?: AbortSignal) =>
    (await api.get<HolidayYearDetail>('holiday/detail', { query: { year }, signal })).data,
  save: (year: number, hashId: string, input: HolidayInput) =>
    write<HolidayItem>('post', 'holiday', { hash_id: hashId, year, ...input }),
  remove: (hashId: string) => remove(`holiday/${id(hashId)}`),
  removeYear: (year: number) => remove(`holiday/year/${year}`),
  duplicate: (year: number) => write<HolidayYearDetail>('post', 'holiday/duplicate', { year }),
};

/* ------------------------------------------------------------------ risk thresholds */

/** The thresholds of the check-in risk (a system setting; the queue's risk levels follow them). */
export type RiskSettings = Schema<'RiskSettings'>;
export type RiskSettingsSaved = Schema<'RiskSettingsSaved'>;

export const riskSettingsApi = {
  get: (signal?: AbortSignal) => detailOf<RiskSettings>('setting/risk', signal),
  save: (input: RiskSettings) => write<RiskSettingsSaved>('put', 'setting/risk', { ...input }),
};
