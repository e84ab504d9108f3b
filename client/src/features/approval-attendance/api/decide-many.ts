import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { approvalAttendanceKeys } from '../realtime';
import { beginOwnDecision, endOwnDecision, removeFromLists } from '@/lib/live-queue';
import { showSuccess } from '@/lib/notifications';

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

export type BulkDecision =
  | { kind: 'approve'; ids: string[]; choices?: ApproveManyChoices }
  | { kind: 'reject'; ids: string[]; note: string }
  | { kind: 'lowRisk'; filters: Record<string, string | number>; limit: number }
  | { kind: 'undo'; batch: string };

/** One log's answer: decided; conflict (someone decided it first: `state` is how it is now); refused. */
export type BulkOutcome = Schema<'AttendanceLogBulkOutcome'>;

/** A bulk decision's answer; `batch` and `undo_until` say which decision undo_many takes back, and until when. */
export type BulkResult = Schema<'AttendanceLogBulkResult'>;

/** The approve_many body: an out-of-radius log takes its own choice, else the one for all, else its suggested placement. */
export function approveManyBody(ids: string[], choices?: ApproveManyChoices): Record<string, unknown> {
  const body: Record<string, unknown> = { ids };
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
export function lowRiskBody(filters: Record<string, string | number>, limit: number): Record<string, unknown> {
  const { search, ...rest } = filters;
  const body: Record<string, unknown> = { ...rest, limit };
  if (typeof search === 'string' && search) body.search = JSON.parse(search) as Record<string, string>;
  return body;
}

/**
 * `PATCH attendance_log/approve_many` {ids, near_man_power?, near_man_power_all?},
 * `reject_many` {ids, note}, `approve_low_risk` {…filters, limit}, `undo_many` {batch}.
 */
export function decideMany(decision: BulkDecision) {
  switch (decision.kind) {
    case 'approve':
      return api.patch<BulkResult>('attendance_log/approve_many', approveManyBody(decision.ids, decision.choices));
    case 'reject':
      return api.patch<BulkResult>('attendance_log/reject_many', { ids: decision.ids, note: decision.note });
    case 'lowRisk':
      return api.patch<BulkResult>('attendance_log/approve_low_risk', lowRiskBody(decision.filters, decision.limit));
    case 'undo':
      return api.patch<BulkResult>('attendance_log/undo_many', { batch: decision.batch });
  }
}

function decisionIds(decision: BulkDecision): string[] {
  return decision.kind === 'approve' || decision.kind === 'reject' ? decision.ids : [];
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
      for (const result of response.data.results) {
        if (result.outcome === 'decided') {
          removeFromLists(queryClient, approvalAttendanceKeys.lists(), result.hash_id);
        }
      }
    },
    onSettled: (_data, _error, decision) => {
      decisionIds(decision).forEach(endOwnDecision);
      void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.all });
    },
  });
}
