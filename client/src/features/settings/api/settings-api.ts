import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiAt, quiet, written, type DataOf, type OperationOf, type PathsWith, type WriteResult } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { getList, type ListPage, type ListParams, type ListPath, type RowOf } from '@/lib/list';
import { fetchRejectionNotes } from '@/components/attendance-log/rejection-notes';

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

type Written<P extends PathsWith<'post'> | PathsWith<'put'>, M extends 'post' | 'put'> = DataOf<OperationOf<P, M>>;

/** A settings write (no popup: the form shows its messages); the answer is the schema's. */
export async function write<M extends 'post' | 'put', P extends PathsWith<M>>(
  method: M,
  path: P,
  body: Record<string, unknown>,
): Promise<WriteResult<Written<P, M>>> {
  const answer =
    method === 'post' ? apiAt.post(path as PathsWith<'post'>, body, quiet) : apiAt.put(path as PathsWith<'put'>, body, quiet);
  return written(answer) as Promise<WriteResult<Written<P, M>>>;
}

/** DELETE of a settings path whose `{name}` segments `values` fill. */
export async function remove(path: PathsWith<'delete'>, values: Record<string, string | number>): Promise<WriteResult<null>> {
  const response = await apiAt.delete(path, { path: values, ...quiet });
  return { message: response.message, data: null };
}

/** The bases of the settings resources with the usual list and writes (by the schema). */
type CrudBase = {
  [B in PathsWith<'post'>]: `${B}/list` extends ListPath
    ? B extends PathsWith<'put'>
      ? `${B}/{hash_id}` extends PathsWith<'delete'>
        ? B
        : never
      : never
    : never;
}[PathsWith<'post'>];

/**
 * The list and writes of a settings resource at `base` (`<base>/list`, POST and PUT `<base>` with
 * `hash_id`, DELETE `<base>/<hash_id>`), all by the schema. `Row` may narrow the schema's list row
 * (a field the schema types looser than the server fills); `Input` is what the form sends.
 */
export function crudApi<B extends CrudBase, Input extends object, Row extends RowOf<`${B}/list`> = RowOf<`${B}/list`>>(
  base: B,
) {
  const listPath = `${base}/list` as `${B}/list` & ListPath;
  return {
    list: (params: ListParams, signal?: AbortSignal) => getList(listPath, params, signal) as Promise<ListPage<Row>>,
    create: (input: Input) => write('post', base, { hash_id: '', ...input }),
    update: (hashId: string, input: Input) => write('put', base, { hash_id: hashId, ...input }),
    remove: (hashId: string) => remove(`${base}/{hash_id}` as PathsWith<'delete'>, { hash_id: hashId }),
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

export const blacklistApi = crudApi<'blacklist_app', BlacklistAppInput>('blacklist_app');

/* ------------------------------------------------------------------ leave kinds and system trouble */

export type SpecialLeaveRow = Schema<'SpecialLeaveListRow'>;

export type AdditionalLeaveRow = Schema<'AdditionalLeaveListRow'>;

export type SystemTroubleRow = Schema<'SystemTroubleListRow'>;

type InputOf<Row> = Omit<Row, 'id' | 'hash_id'>;

export const specialLeaveApi = crudApi<'cuti_khusus', InputOf<SpecialLeaveRow>>('cuti_khusus');

export const additionalLeaveApi = crudApi<'cuti_tambahan', InputOf<AdditionalLeaveRow>>('cuti_tambahan');

export const systemTroubleApi = crudApi<'system_trouble', InputOf<SystemTroubleRow>>('system_trouble');

/* ------------------------------------------------------------------ shifts */

export type ShiftType = Schema<'ShiftTypeEnum'>;

/** The schema types `type` as a string; the server only writes these two. */
export type ShiftRow = Omit<Schema<'ShiftListRow'>, 'type'> & { type: ShiftType };

export type ShiftInput = Omit<Schema<'ShiftInputRequest'>, 'hash_id'>;

export const shiftApi = crudApi<'shift', ShiftInput, ShiftRow>('shift');

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
  ...crudApi<'shift_pattern', ShiftPatternInput>('shift_pattern'),
  detail: async (hashId: string, signal?: AbortSignal) =>
    (await api.get('shift_pattern/detail/{hash_id}', { path: { hash_id: hashId }, signal })).data,
  content: async (hashId: string, signal?: AbortSignal) =>
    (await api.get('shift_pattern/content/{hash_id}', { path: { hash_id: hashId }, signal })).data,
  addContent: async (patternHashId: string, shiftHashId: string) =>
    write('post', 'shift_pattern/content/', {
      shift_pattern_hash_id: patternHashId,
      shift_hash_id: shiftHashId,
    }),
  moveContent: (contentHashId: string, direction: 'up' | 'down') =>
    written(api.put(`shift_pattern/content_set_order_${direction}/{hash_id}`, undefined, { path: { hash_id: contentHashId }, ...quiet })),
  removeContent: (contentHashId: string) => remove('shift_pattern/content/{hash_id}', { hash_id: contentHashId }),
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
  list: (params: ListParams, signal?: AbortSignal) => getList('holiday/list', params, signal),
  year: async (year: number, signal?: AbortSignal) =>
    (await api.get('holiday/detail', { query: { year }, signal })).data,
  save: (year: number, hashId: string, input: HolidayInput) =>
    write('post', 'holiday', { hash_id: hashId, year, ...input }),
  remove: (hashId: string) => remove('holiday/{hash_id}', { hash_id: hashId }),
  removeYear: (year: number) => remove('holiday/year/{year}', { year }),
  duplicate: (year: number) => write('post', 'holiday/duplicate', { year }),
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
  get: async (signal?: AbortSignal) => (await api.get('setting/risk', { signal })).data,
  save: (input: RiskThresholds) => write('put', 'setting/risk', { ...input }),
  preview: async (input: RiskThresholds, signal?: AbortSignal) =>
    (await api.post('setting/risk/preview', input, { ...quiet, signal })).data,
};

export const riskSettingsKeys = {
  thresholds: [topics.risk, 'thresholds'] as const,
  preview: (asked: string) => [topics.risk, 'preview', asked] as const,
};

/** The factors' weights and floors (read only), from the thresholds' answer. */
export function useRiskRules() {
  return useQuery({
    queryKey: riskSettingsKeys.thresholds,
    queryFn: ({ signal }) => riskSettingsApi.get(signal),
    select: (settings: RiskSettings) => settings.rules,
  });
}

/** The counts of unsaved thresholds `asked` (their JSON; '' = none to ask yet), the last answer kept while the next comes. */
export function useRiskPreview(asked: string) {
  return useQuery({
    queryKey: riskSettingsKeys.preview(asked),
    queryFn: ({ signal }) => riskSettingsApi.preview(JSON.parse(asked) as RiskThresholds, signal),
    enabled: Boolean(asked),
    placeholderData: keepPreviousData,
  });
}

/* ------------------------------------------------------------------ preset rejection notes */

/** The server's limits (server/attendance/rejection_notes.py). */
export const REJECTION_NOTES_LIMITS = { maxNotes: 20, maxLength: 200 } as const;

export const rejectionNotesApi = {
  get: (signal?: AbortSignal) => fetchRejectionNotes(signal),
  save: (notes: string[]) => write('put', 'setting/rejection_notes', { notes }),
};

/* ------------------------------------------------------------------ queries of the settings' modals */

export const patternContentQuery = (hashId: string) => ({
  queryKey: [topics.shiftPattern, 'content', hashId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => shiftPatternApi.content(hashId, signal),
});

export const patternDetailQuery = (hashId: string) => ({
  queryKey: [topics.shiftPattern, 'detail', hashId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => shiftPatternApi.detail(hashId, signal),
});

export const holidayYearQuery = (year: number) => ({
  queryKey: [topics.holiday, 'year', year] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => holidayApi.year(year, signal),
});

/** Up to 100 shifts for the picker (doc3 §6: page 1, limit 100). */
export const shiftOptionsQuery = {
  queryKey: [topics.shift, 'options'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => shiftApi.list({ page: 1, per_page: 100, order: JSON.stringify({ column: 'code', dir: 'asc' }) }, signal),
};
