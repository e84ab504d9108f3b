import { api, pathId, quiet, written, type WriteResult } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, type ListPage, type ListParams } from '@/lib/list';
import { fetchRejectionNotes, type RejectionNotes } from '@/components/attendance-log/rejection-notes';

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

export async function write<T>(
  method: 'post' | 'put',
  path: string,
  body: Record<string, unknown>,
): Promise<WriteResult<T>> {
  return written(api[method]<T>(path, body, quiet));
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

/**
 * The list and writes of a settings resource at `base` (`<base>/list`, POST and PUT `<base>` with
 * `hash_id`, DELETE `<base>/<hash_id>`). `Saved` is what a write answers (default the list row).
 */
export function crudApi<Row, Input extends object, Saved = Row>(base: string) {
  return {
    list: listOf<Row>(`${base}/list`),
    create: (input: Input) => write<Saved>('post', base, { hash_id: '', ...input }),
    update: (hashId: string, input: Input) => write<Saved>('put', base, { hash_id: hashId, ...input }),
    remove: (hashId: string) => remove(`${base}/${pathId(hashId)}`),
  };
}

/* ------------------------------------------------------------------ blacklist app */

/** `is_allow` 1: allowed (shown 'Tidak'), 0: blacklisted (shown 'Ya'). */
export type BlacklistAppRow = Schema<'BlacklistAppListRow'>;

export interface BlacklistAppInput {
  name: string;
  package_id: string;
  is_allow: 0 | 1;
}

export const blacklistApi = crudApi<BlacklistAppRow, BlacklistAppInput, Schema<'BlacklistAppOutput'>>('blacklist_app');

/* ------------------------------------------------------------------ leave kinds and system trouble */

export type SpecialLeaveRow = Schema<'SpecialLeaveListRow'>;

export type AdditionalLeaveRow = Schema<'AdditionalLeaveListRow'>;

export type SystemTroubleRow = Schema<'SystemTroubleListRow'>;

type InputOf<Row> = Omit<Row, 'id' | 'hash_id'>;

export const specialLeaveApi = crudApi<SpecialLeaveRow, InputOf<SpecialLeaveRow>>('cuti_khusus');

export const additionalLeaveApi = crudApi<AdditionalLeaveRow, InputOf<AdditionalLeaveRow>>('cuti_tambahan');

export const systemTroubleApi = crudApi<SystemTroubleRow, InputOf<SystemTroubleRow>>('system_trouble');

/* ------------------------------------------------------------------ shifts */

export type ShiftType = Schema<'ShiftTypeEnum'>;

/** The schema types `type` as a string; the server only writes these two. */
export type ShiftRow = Omit<Schema<'ShiftListRow'>, 'type'> & { type: ShiftType };

export type ShiftInput = Omit<Schema<'ShiftInputRequest'>, 'hash_id'>;

export const shiftApi = crudApi<ShiftRow, ShiftInput, Schema<'ShiftOutput'>>('shift');

/* ------------------------------------------------------------------ shift patterns */

export type ShiftPatternRow = Schema<'ShiftPatternListRow'>;

export type ShiftPatternDetail = Schema<'ShiftPatternDetailOutput'>;

export interface ShiftPatternInput {
  code: string;
  name: string;
  type: string;
  starting_date: string;
  day_circle_number: number;
}

export type PatternContentRow = Schema<'ShiftPatternContentItem'>;

export const shiftPatternApi = {
  ...crudApi<ShiftPatternRow, ShiftPatternInput, ShiftPatternDetail>('shift_pattern'),
  detail: (hashId: string, signal?: AbortSignal) =>
    detailOf<ShiftPatternDetail>(`shift_pattern/detail/${pathId(hashId)}`, signal),
  content: (hashId: string, signal?: AbortSignal) =>
    detailOf<PatternContentRow[]>(`shift_pattern/content/${pathId(hashId)}`, signal),
  addContent: async (patternHashId: string, shiftHashId: string) =>
    write<PatternContentRow[]>('post', 'shift_pattern/content/', {
      shift_pattern_hash_id: patternHashId,
      shift_hash_id: shiftHashId,
    }),
  moveContent: (contentHashId: string, direction: 'up' | 'down') =>
    written(api.put<PatternContentRow[]>(`shift_pattern/content_set_order_${direction}/${pathId(contentHashId)}`, undefined, quiet)),
  removeContent: (contentHashId: string) => remove(`shift_pattern/content/${pathId(contentHashId)}`),
};

/* ------------------------------------------------------------------ holidays */

export type HolidayYearRow = Schema<'HolidayListRow'>;

/** A day of a holiday (`label` YYYY-MM-DD) and whether it is collective leave (`value` 1). */
export type LeaveFlag = Schema<'HolidayLeaveFlag'>;

/** `date` is [start, end] as YYYY-MM-DD. */
export type HolidayItem = Schema<'HolidayItem'>;

export type HolidayYearDetail = Schema<'HolidayDetailOutput'>;

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
  remove: (hashId: string) => remove(`holiday/${pathId(hashId)}`),
  removeYear: (year: number) => remove(`holiday/year/${year}`),
  duplicate: (year: number) => write<HolidayYearDetail>('post', 'holiday/duplicate', { year }),
};

/* ------------------------------------------------------------------ risk thresholds */

/** The thresholds of the check-in risk (a system setting; the queue's risk levels follow them), read
 * with the rules they feed (each factor's weight and floor in words). */
export type RiskSettings = Schema<'RiskSettings'>;
export type RiskThresholds = Schema<'RiskSettingsInputRequest'>;
export type RiskRule = Schema<'RiskRule'>;
export type RiskSettingsSaved = Schema<'RiskSettingsSaved'>;
/** How many waiting logs each level would hold under unsaved thresholds. */
export type RiskPreview = Schema<'RiskPreview'>;

export const riskSettingsApi = {
  get: (signal?: AbortSignal) => detailOf<RiskSettings>('setting/risk', signal),
  save: (input: RiskThresholds) => write<RiskSettingsSaved>('put', 'setting/risk', { ...input }),
  preview: async (input: RiskThresholds, signal?: AbortSignal) =>
    (await api.post<RiskPreview>('setting/risk/preview', input, { ...quiet, signal })).data,
};

/* ------------------------------------------------------------------ preset rejection notes */

/** The server's limits (server/attendance/rejection_notes.py). */
export const REJECTION_NOTES_LIMITS = { maxNotes: 20, maxLength: 200 } as const;

export const rejectionNotesApi = {
  get: (signal?: AbortSignal) => fetchRejectionNotes(signal),
  save: (notes: string[]) => write<RejectionNotes>('put', 'setting/rejection_notes', { notes }),
};
