import { useSyncExternalStore } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { hasFlag } from './access';
import { withoutRow, type ListPage } from './list';
import type { HandlerContext, TopicSpec } from './realtime';
import type { UserAccess } from './session';

/**
 * The live approval queues on the client (DESIGN §6): the query keys the approval screens use, the
 * cache updates of the `approval.attendance` and `approval.izin` events (registered in realtime.ts's
 * topicRegistry), the waiting counts the sidebar badges show, the briefly highlighted new rows and
 * the "decided elsewhere" notices an open detail listens to.
 *
 * Queue lists are cached under `[topic, 'list', params]` where params are the request's query
 * parameters, so a handler can tell whether a new row may belong to a cached list.
 */

export const APPROVAL_ATTENDANCE_TOPIC = 'approval.attendance';
export const APPROVAL_IZIN_TOPIC = 'approval.izin';
export const MAN_POWER_TYPES = ['office', 'pool', 'site', 'tug_boat'] as const;

export type ListQueryParams = Record<string, string | number | undefined>;

export const approvalAttendanceKeys = {
  all: [APPROVAL_ATTENDANCE_TOPIC] as const,
  lists: () => [APPROVAL_ATTENDANCE_TOPIC, 'list'] as const,
  list: (params: ListQueryParams) => [APPROVAL_ATTENDANCE_TOPIC, 'list', params] as const,
  detail: (hashId: string) => [APPROVAL_ATTENDANCE_TOPIC, 'detail', hashId] as const,
};

export const approvalIzinKeys = {
  all: [APPROVAL_IZIN_TOPIC] as const,
  lists: () => [APPROVAL_IZIN_TOPIC, 'list'] as const,
  list: (params: ListQueryParams) => [APPROVAL_IZIN_TOPIC, 'list', params] as const,
  detail: (hashId: string) => [APPROVAL_IZIN_TOPIC, 'detail', hashId] as const,
  count: (month: number, year: number) => [APPROVAL_IZIN_TOPIC, 'count', month, year] as const,
};

/* ------------------------------------------------------------------ rows and events */

export interface AttendanceQueueRow {
  hash_id: string;
  employee_number_formatted: string;
  employee_name: string;
  /** 'YYYY-MM-DD HH:mm:ss', local time of the placement. */
  log_datetime: string;
  employee_photo_url: string;
  log_photo: string;
  log_type: string;
  location: number;
  fr_accuracy: number;
  man_power_type: string;
  man_power_name: string;
}

export type WaitingByType = Record<string, number>;

export interface AttendanceEnteredEvent {
  row: AttendanceQueueRow;
  waiting_by_type?: WaitingByType;
}

export interface AttendanceLeftEvent {
  hash_id: string;
  status: string;
  decided_by_name: string;
  waiting_by_type?: WaitingByType;
}

export interface IzinRow {
  hash_id: string;
  name: string;
  employee_number_formatted: string;
  label: string;
  date_formatted: string;
  total_days: number;
  approval_user_name: string;
  status: string;
}

export interface IzinCreatedEvent {
  row: IzinRow;
  waiting?: number;
}

export interface IzinDecidedEvent {
  hash_id: string;
  status: string;
  decided_by_name: string;
  row?: IzinRow;
  waiting?: number;
}

/* ------------------------------------------------------------------ a tiny external store */

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
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

export interface DecidedNotice {
  topic: string;
  hash_id: string;
  status: string;
  decided_by_name: string;
}

const decidedListeners = new Set<(notice: DecidedNotice) => void>();

/** Listen to logs/requests decided while on screen (my own decisions included; see shouldCloseDetail). */
export function subscribeDecided(listener: (notice: DecidedNotice) => void): () => void {
  decidedListeners.add(listener);
  return () => {
    decidedListeners.delete(listener);
  };
}

function announceDecided(notice: DecidedNotice): void {
  decidedListeners.forEach((listener) => listener(notice));
}

/** Whether a detail open on `openHashId` must close because someone else decided it. */
export function shouldCloseDetail(
  openHashId: string | null | undefined,
  notice: Pick<DecidedNotice, 'hash_id'>,
  own: (hashId: string) => boolean = isOwnDecision,
): boolean {
  return Boolean(openHashId) && notice.hash_id === openHashId && !own(notice.hash_id);
}

/* ------------------------------------------------------------------ attendance handlers */

function listParams(queryKey: QueryKey): ListQueryParams {
  const params = queryKey[2];
  return params && typeof params === 'object' ? (params as ListQueryParams) : {};
}

/**
 * Whether `row` may belong to a list fetched with `params`. Only the filters the row shows are
 * checked; anything else (dates, searches, the other columns) is left to the refetch.
 */
export function queueRowMayMatch(params: ListQueryParams, row: AttendanceQueueRow): boolean {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  if (text(params.status) && text(params.status) !== 'waiting_approval') return false;
  if (text(params.log_type) && text(params.log_type) !== row.log_type) return false;
  if (text(params.location) && Number(params.location) !== Number(row.location)) return false;
  if (text(params.man_power_type) && text(params.man_power_type) !== row.man_power_type) return false;
  if (text(params.man_power_name) && text(params.man_power_name) !== row.man_power_name) return false;
  return true;
}

export function attendanceEntered({ queryClient, data }: HandlerContext<AttendanceEnteredEvent>): void {
  setAttendanceWaiting(data?.waiting_by_type);
  const row = data?.row;
  if (!row?.hash_id) {
    void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.lists() });
    return;
  }
  markHighlighted(row.hash_id);
  // The server knows the sort and the page the row belongs to: refetch every list it may join.
  for (const query of queryClient.getQueryCache().findAll({ queryKey: approvalAttendanceKeys.lists() })) {
    if (queueRowMayMatch(listParams(query.queryKey), row)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.detail(row.hash_id), exact: true });
}

function removeFromLists<Row extends { hash_id: string }>(
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
  // Gone at once; the page then refills from the server in the background.
  for (const queryKey of affected) void queryClient.invalidateQueries({ queryKey, exact: true });
}

export function attendanceLeft({ queryClient, data }: HandlerContext<AttendanceLeftEvent>): void {
  setAttendanceWaiting(data?.waiting_by_type);
  if (!data?.hash_id) {
    void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.lists() });
    return;
  }
  removeFromLists<AttendanceQueueRow>(queryClient, approvalAttendanceKeys.lists(), data.hash_id);
  void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.detail(data.hash_id), exact: true });
  announceDecided({
    topic: APPROVAL_ATTENDANCE_TOPIC,
    hash_id: data.hash_id,
    status: data.status,
    decided_by_name: data.decided_by_name,
  });
}

export const approvalAttendanceTopic: TopicSpec = {
  queryKeys: [approvalAttendanceKeys.all],
  snapshot: ({ data }: HandlerContext<{ waiting_by_type?: WaitingByType } | undefined>) =>
    setAttendanceWaiting(data?.waiting_by_type),
  events: { entered: attendanceEntered, left: attendanceLeft },
};

/* ------------------------------------------------------------------ izin handlers */

export function izinCreated({ queryClient, data }: HandlerContext<IzinCreatedEvent>): void {
  setIzinWaiting(data?.waiting);
  if (data?.row?.hash_id) markHighlighted(data.row.hash_id);
  void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: [APPROVAL_IZIN_TOPIC, 'count'] });
}

export function izinDecided({ queryClient, data }: HandlerContext<IzinDecidedEvent>): void {
  setIzinWaiting(data?.waiting);
  void queryClient.invalidateQueries({ queryKey: [APPROVAL_IZIN_TOPIC, 'count'] });
  if (!data?.hash_id) {
    void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.lists() });
    return;
  }
  // The list shows every status: the row changes in place.
  const row = data.row;
  for (const [queryKey, page] of queryClient.getQueriesData<ListPage<IzinRow>>({
    queryKey: approvalIzinKeys.lists(),
  })) {
    if (!page?.rows?.some((item) => item.hash_id === data.hash_id)) continue;
    queryClient.setQueryData<ListPage<IzinRow>>(queryKey, {
      ...page,
      rows: page.rows.map((item) =>
        item.hash_id === data.hash_id ? { ...item, ...(row ?? {}), status: data.status } : item,
      ),
    });
  }
  void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.detail(data.hash_id), exact: true });
  announceDecided({
    topic: APPROVAL_IZIN_TOPIC,
    hash_id: data.hash_id,
    status: data.status,
    decided_by_name: data.decided_by_name,
  });
}

export const approvalIzinTopic: TopicSpec = {
  queryKeys: [approvalIzinKeys.all],
  snapshot: ({ data }: HandlerContext<{ waiting?: number } | undefined>) => setIzinWaiting(data?.waiting),
  events: { created: izinCreated, decided: izinDecided },
};
