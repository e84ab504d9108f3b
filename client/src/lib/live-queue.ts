import { useSyncExternalStore } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { id as t } from '@/i18n/id';
import { hasFlag } from './access';
import { ApiError } from './api-client';
import type { TopicEventData, TopicSnapshotData } from './api-types';
import { withoutRow, type ListPage } from './list';
import { listenerSet } from './listeners';
import { showError, showNotice } from './notifications';
import type { UserAccess } from './session';

/**
 * What the live approval queues share across features (DESIGN §6): the topic names (the shell
 * subscribes to them for its badges), the waiting counts the sidebar, the dashboard and the queue
 * pages show, the briefly highlighted new rows, this tab's own decisions and the "decided elsewhere"
 * notices an open detail listens to. The topics' handlers and query keys live in their features
 * (`features/approval-attendance/realtime.ts`, `features/approval-izin/realtime.ts`), registered with
 * `registerTopic`; this module knows no feature.
 */

export const APPROVAL_ATTENDANCE_TOPIC = 'approval.attendance';
export const APPROVAL_IZIN_TOPIC = 'approval.izin';
export const MAN_POWER_TYPES = ['office', 'pool', 'site', 'tug_boat'] as const;

export type ListQueryParams = Record<string, string | number | undefined>;

/** Waiting logs by man power type (the `approval.attendance` snapshot and events). */
export type WaitingByType = TopicSnapshotData<typeof APPROVAL_ATTENDANCE_TOPIC>['waiting_by_type'];

/* ------------------------------------------------------------------ a tiny external store */

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = listenerSet();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}

/* ------------------------------------------------------------------ waiting counts */

interface WaitingState {
  attendanceByType: WaitingByType | null;
  izin: number | null;
}

const waitingStore = createStore<WaitingState>({ attendanceByType: null, izin: null });

export function setAttendanceWaiting(byType: WaitingByType | undefined): void {
  if (byType && typeof byType === 'object') waitingStore.set({ ...waitingStore.get(), attendanceByType: byType });
}

export function setIzinWaiting(count: number | undefined): void {
  if (typeof count === 'number') waitingStore.set({ ...waitingStore.get(), izin: count });
}

export function resetWaiting(): void {
  waitingStore.set({ attendanceByType: null, izin: null });
}

export function useWaitingState(): WaitingState {
  return useSyncExternalStore(waitingStore.subscribe, waitingStore.get, waitingStore.get);
}

/** The man power types whose waiting logs this user approves or rejects (base flag and type flag). */
export function attendanceApproverTypes(access: UserAccess): string[] {
  const holds = (base: string, type: string) => hasFlag(access, base) && hasFlag(access, `${base}_${type}`);
  return MAN_POWER_TYPES.filter(
    (type) => holds('allow_approved_attendance', type) || holds('allow_rejected_attendance', type),
  );
}

/** The live waiting count of a user: waiting logs summed over the types they hold (null = unknown yet). */
export function attendanceWaitingTotal(byType: WaitingByType | null, access: UserAccess): number | null {
  if (!byType) return null;
  return attendanceApproverTypes(access).reduce((sum, type) => sum + (Number(byType[type]) || 0), 0);
}

/**
 * The man power types a waiting count covers, in words: 'semua tipe man power' or 'untuk Office, Site'.
 * The queue and the dashboard name their counts' scope with it (and `t.approvalScope.waiting`).
 */
export function attendanceTypesScope(types: readonly string[]): string {
  if (MAN_POWER_TYPES.every((type) => types.includes(type))) return t.approvalScope.allTypes;
  return t.approvalScope.types(types.map((type) => t.attendanceLog.manPowerTypes[type] ?? type));
}

/** The scope of a user's live waiting count (all dates, the types they approve), as one label. */
export function attendanceWaitingLabel(count: number, access: UserAccess): string {
  return t.approvalScope.waiting(count, t.approvalScope.allDates, attendanceTypesScope(attendanceApproverTypes(access)));
}

/* ------------------------------------------------------------------ highlighted rows */

export const HIGHLIGHT_MS = 4000;

const highlightStore = createStore<ReadonlySet<string>>(new Set());
const highlightTimers = new Map<string, ReturnType<typeof setTimeout>>();

export function markHighlighted(hashId: string, ms = HIGHLIGHT_MS): void {
  clearTimeout(highlightTimers.get(hashId));
  highlightStore.set(new Set([...highlightStore.get(), hashId]));
  highlightTimers.set(
    hashId,
    setTimeout(() => {
      highlightTimers.delete(hashId);
      const next = new Set(highlightStore.get());
      next.delete(hashId);
      highlightStore.set(next);
    }, ms),
  );
}

export function getHighlighted(): ReadonlySet<string> {
  return highlightStore.get();
}

export function useHighlighted(): ReadonlySet<string> {
  return useSyncExternalStore(highlightStore.subscribe, highlightStore.get, highlightStore.get);
}

/* ------------------------------------------------------------------ my own decisions */

/** Logs and requests this tab is deciding right now (or just decided): their events are not news. */
const ownDecisions = new Map<string, ReturnType<typeof setTimeout> | null>();
const OWN_DECISION_GRACE_MS = 5000;

export function beginOwnDecision(hashId: string): void {
  const timer = ownDecisions.get(hashId);
  if (timer) clearTimeout(timer);
  ownDecisions.set(hashId, null);
}

/** The decision answered; its event may still be on the way, so it stays "mine" a little longer. */
export function endOwnDecision(hashId: string): void {
  const timer = ownDecisions.get(hashId);
  if (timer) clearTimeout(timer);
  ownDecisions.set(
    hashId,
    setTimeout(() => ownDecisions.delete(hashId), OWN_DECISION_GRACE_MS),
  );
}

export function isOwnDecision(hashId: string): boolean {
  return ownDecisions.has(hashId);
}

/* ------------------------------------------------------------------ decided elsewhere */

/** What a queue's "decided" event says about the record that left it (both queues say the same). */
export type DecidedEvent = Pick<
  TopicEventData<typeof APPROVAL_ATTENDANCE_TOPIC, 'left'> & TopicEventData<typeof APPROVAL_IZIN_TOPIC, 'decided'>,
  'hash_id' | 'status' | 'decided_by_name'
>;

export interface DecidedNotice extends DecidedEvent {
  topic: string;
}

const decidedListeners = listenerSet<[notice: DecidedNotice]>();

/** Listen to logs/requests decided while on screen (my own decisions included; see shouldCloseDetail). */
export const subscribeDecided = decidedListeners.subscribe;

/** Tell the listeners that a record of `topic`'s queue was decided (`event`'s other fields are left out). */
export function announceDecided(topic: string, { hash_id, status, decided_by_name }: DecidedEvent): void {
  const notice: DecidedNotice = { topic, hash_id, status, decided_by_name };
  decidedListeners.notify(notice);
}

/**
 * A decision that did not go through (its request made with `errorPopup: false`): a 409 (a colleague
 * decided first; the server's message names them) is a calm notice, not an alarm; a real failure is
 * the popup; a 401 has already signed out.
 */
export function reportDecisionFailure(error: unknown): void {
  if (!(error instanceof ApiError)) {
    showError(t.errors.generic);
  } else if (error.status === 409) {
    showNotice(error.message);
  } else if (error.status !== 401) {
    showError(error.message);
  }
}

/** Whether a detail open on `openHashId` must close because someone else decided it. */
export function shouldCloseDetail(
  openHashId: string | null | undefined,
  notice: Pick<DecidedNotice, 'hash_id'>,
  own: (hashId: string) => boolean = isOwnDecision,
): boolean {
  return Boolean(openHashId) && notice.hash_id === openHashId && !own(notice.hash_id);
}

/** Remove a row from every cached list page under `listsKey` at once; the pages then refill from the server. */
export function removeFromLists<Row extends { hash_id: string }>(
  queryClient: QueryClient,
  listsKey: QueryKey,
  hashId: string,
): void {
  const affected: QueryKey[] = [];
  for (const [queryKey, page] of queryClient.getQueriesData<ListPage<Row>>({ queryKey: listsKey })) {
    if (!page?.rows?.some((row) => row.hash_id === hashId)) continue;
    queryClient.setQueryData<ListPage<Row>>(
      queryKey,
      withoutRow(page, (row) => row.hash_id === hashId),
    );
    affected.push(queryKey);
  }
  for (const queryKey of affected) void queryClient.invalidateQueries({ queryKey, exact: true });
}
