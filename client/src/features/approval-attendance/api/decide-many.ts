import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { approvalAttendanceKeys } from '../realtime';
import { beginOwnDecision, endOwnDecision, removeFromLists } from '@/lib/live-queue';
import { showSuccess } from '@/lib/notifications';
import { applyJobRow } from '@/components/jobs/jobs-topic';
import { asJobRow } from '@/components/jobs/job-types';

/** The most logs one bulk decision takes (the server refuses more). */
export const BULK_LIMIT = 100;
/** The most logs 'Setujui semua risiko rendah' approves in one request. */
export const LOW_RISK_LIMIT = 500;

export interface ApproveManyChoices {
  /** Per out-of-radius log: the placement it is approved at (overrides `all`). */
  perRow: Record<string, string>;
  /** The placement for every out-of-radius log without its own choice; '' = each its suggested one. */
  all: string;
}

/**
 * A bulk approve carries the factors the approver left out (`excludeFactors`: the server leaves
 * those rows out too) and a key for this one confirm (`key`: a retry never runs it twice).
 */
/**
 * A risk factor whose rows a bulk approve leaves out. The screen takes the codes from the preview's
 * factors (plain strings in the schema), so they are read as the schema's codes where the body is built.
 */
type ExcludedFactor = NonNullable<Schema<'AttendanceLogApproveManyInputRequest'>['exclude_factors']>[number];

export type BulkDecision =
  | { kind: 'approve'; ids: string[]; choices?: ApproveManyChoices; excludeFactors?: string[]; key?: string }
  | { kind: 'reject'; ids: string[]; note: string }
  | { kind: 'lowRisk'; filters: Record<string, string | number>; ids: string[]; excludeFactors: string[]; key?: string }
  | { kind: 'undo'; batch: string };

/** What a bulk approve would approve: every row (risk, factors, placement) and the breakdown by factor. */
export type BulkPreview = Schema<'AttendanceLogBulkPreview'>;
export type BulkPreviewRow = Schema<'AttendanceLogBulkPreviewRow'>;
export type BulkFactor = Schema<'AttendanceLogBulkFactor'>;

/** `GET attendance_log/approve_many/preview?ids=…`: the selected waiting rows (ids repeated in the query). */
export async function getApproveManyPreview(ids: string[], signal?: AbortSignal): Promise<BulkPreview> {
  return (await api.get('attendance_log/approve_many/preview', { query: { ids }, signal })).data;
}

/** `GET attendance_log/approve_low_risk/preview?…filters`: the oldest 500 low-risk rows of the queue's filter. */
export async function getLowRiskPreview(filters: Record<string, string | number>, signal?: AbortSignal): Promise<BulkPreview> {
  return (await api.get('attendance_log/approve_low_risk/preview', { query: filters, signal })).data;
}

/** A long bulk approve answers the background job that runs it (202), else the bulk answer. */
/** A bulk preview is read fresh each time its dialog opens and forgotten when it closes. */
const PREVIEW_CACHE = { staleTime: 0, gcTime: 0 } as const;

/** The preview of approving the selected `ids` (asked while `enabled`). */
export function useApproveManyPreview(ids: string[], enabled: boolean) {
  return useQuery({
    queryKey: [...approvalAttendanceKeys.all, 'approve-many-preview', ids],
    queryFn: ({ signal }) => getApproveManyPreview(ids, signal),
    enabled,
    ...PREVIEW_CACHE,
  });
}

/** The preview of approving every low-risk log the queue's `filters` hold (asked while `enabled`). */
export function useLowRiskPreview(filters: Record<string, string | number>, enabled: boolean) {
  return useQuery({
    queryKey: [...approvalAttendanceKeys.all, 'low-risk-preview', filters],
    queryFn: ({ signal }) => getLowRiskPreview(filters, signal),
    enabled,
    ...PREVIEW_CACHE,
  });
}

export function isJobAnswer(data: BulkResult | Schema<'Job'>): data is Schema<'Job'> {
  return typeof (data as Schema<'Job'>).job === 'string';
}

/** One log's answer: decided; conflict (someone decided it first: `state` is how it is now); refused. */
export type BulkOutcome = Schema<'AttendanceLogBulkOutcome'>;

/** A bulk decision's answer; `batch` and `undo_until` say which decision undo_many takes back, and until when. */
export type BulkResult = Schema<'AttendanceLogBulkResult'>;

/** The approve_many body: an out-of-radius log takes its own choice, else the one for all, else its suggested placement. */
export function approveManyBody(ids: string[], choices?: ApproveManyChoices): Schema<'AttendanceLogApproveManyInputRequest'> {
  // near_man_power_all may be left out (none); the schema marks it required but nullable.
  const body = { ids } as Schema<'AttendanceLogApproveManyInputRequest'>;
  if (!choices) return body;
  const perRow = Object.fromEntries(Object.entries(choices.perRow).filter(([id, value]) => value && ids.includes(id)));
  if (Object.keys(perRow).length > 0) body.near_man_power = perRow;
  if (choices.all) body.near_man_power_all = choices.all;
  return body;
}

/**
 * The approve_low_risk body: the list's filters as the list takes them (its column searches, a JSON
 * text in the query string, as an object in the body) and the confirmed count.
 */
export function lowRiskBody(
  filters: Record<string, string | number>,
  ids: string[],
  excludeFactors: string[] = [],
): Schema<'AttendanceLogApproveLowRiskInputRequest'> {
  const { search, ...rest } = filters;
  // The list's paging and order say nothing about which rows: the ids the approver saw do.
  delete rest.page;
  delete rest.per_page;
  const body: Record<string, unknown> = { ...rest, ids, exclude_factors: excludeFactors };
  if (typeof search === 'string' && search) body.search = JSON.parse(search) as Record<string, string>;
  // The queue's filters are the list's own query parameters, which this body repeats (the server checks them).
  return body as Schema<'AttendanceLogApproveLowRiskInputRequest'>;
}

/**
 * `PATCH attendance_log/approve_many` {ids, near_man_power?, near_man_power_all?, exclude_factors?},
 * `reject_many` {ids, note}, `approve_low_risk` {…filters, ids, exclude_factors}, `undo_many` {batch}.
 * A bulk approve of more than 50 rows, and every low-risk one, answers its background job.
 */
export function decideMany(decision: BulkDecision) {
  switch (decision.kind) {
    case 'approve':
      return api.patch(
        'attendance_log/approve_many',
        { ...approveManyBody(decision.ids, decision.choices), exclude_factors: (decision.excludeFactors ?? []) as ExcludedFactor[] },
        { headers: decision.key ? { 'Idempotency-Key': decision.key } : undefined },
      );
    case 'reject':
      return api.patch('attendance_log/reject_many', { ids: decision.ids, note: decision.note });
    case 'lowRisk':
      return api.patch(
        'attendance_log/approve_low_risk',
        lowRiskBody(decision.filters, decision.ids, decision.excludeFactors),
        { headers: decision.key ? { 'Idempotency-Key': decision.key } : undefined },
      );
    case 'undo':
      return api.patch('attendance_log/undo_many', { batch: decision.batch });
  }
}

/** The rows of a bulk job this tab started, once the job ended. */
export function endOwnDecisions(ids: readonly string[]): void {
  ids.forEach(endOwnDecision);
}

function decisionIds(decision: BulkDecision): string[] {
  return decision.kind === 'undo' ? [] : decision.ids;
}

/**
 * Every bulk decision of the queue: one request; each log is decided once on the server and
 * reported on its own. The logs are this tab's own decisions, so their "left" events are not
 * reported back as someone else's; the decided ones leave this tab's lists at once and other
 * approvers see them leave live.
 */
export function useDecideMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideMany,
    onMutate: (decision) => decisionIds(decision).forEach(beginOwnDecision),
    onSuccess: (response, decision) => {
      showSuccess(response.message);
      if (decision.kind === 'undo') return;
      if (isJobAnswer(response.data)) {
        applyJobRow(queryClient, asJobRow(response.data));
        return;
      }
      for (const result of response.data.results) {
        if (result.outcome === 'decided') {
          removeFromLists(queryClient, approvalAttendanceKeys.lists(), result.hash_id);
        }
      }
    },
    onSettled: (response, _error, decision) => {
      // A job decides after this answer: its rows stay this tab's own until it ends (endOwnDecisions).
      if (!response || !isJobAnswer(response.data)) decisionIds(decision).forEach(endOwnDecision);
      void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.all });
    },
  });
}
