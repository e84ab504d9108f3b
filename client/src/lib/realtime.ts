import { useEffect, useSyncExternalStore } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import type { QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { websocketUrl } from '@/config/env';
import { paths } from '@/config/paths';
import { api, ApiError } from './api-client';
import type { TopicEventData, TopicSnapshotData } from './api-types';
import { noteServerBuild } from './build-version';
import { listenerSet } from './listeners';
import { navigateTo } from './navigation';
import { queryClient as appQueryClient } from './query-client';
import { clearSession, getToken, subscribeSession, updateAccess } from './session';

/* ------------------------------------------------------------------ protocol */

export type ServerMessage =
  | { op: 'subscribed'; topic: string; version: number; snapshot?: unknown; build?: string }
  | { op: 'event'; topic: string; version: number; type: string; data?: unknown }
  | { op: 'error'; topic?: string; code: string }
  | { op: 'pong' };

export const UNAUTHORIZED_CLOSE_CODE = 4401;
export const HEARTBEAT_INTERVAL_MS = 15_000;
export const PONG_TIMEOUT_MS = 10_000;

/* ------------------------------------------------------------------ dispatcher */

export interface HandlerContext<T = unknown> {
  queryClient: QueryClient;
  topic: string;
  data: T;
}

/**
 * How a topic's snapshot and events update the query cache. Their data are typed by the server's
 * schema (`TopicEventData`, `TopicSnapshotData`: the payloads each topic declares on the server), so a
 * handler names no payload type of its own.
 */
export interface TopicSpec<Topic extends string = string, Events extends string = string> {
  /** Queries refetched when this topic's stream can no longer be trusted (gap, reconnect, resubscribe). */
  queryKeys: QueryKey[];
  /** Event type → cache update. An event type missing here invalidates the topic's queries. */
  events: { [Event in Events]: (context: HandlerContext<TopicEventData<Topic, Event>>) => void };
  snapshot?: (context: HandlerContext<TopicSnapshotData<Topic>>) => void;
  /** Event types applied whatever their version (the server may send them outside the topic's sequence). */
  alwaysApply?: readonly NoInfer<Events>[];
}

/** A registered topic as the dispatcher holds it (the data arrive as the server sent them). */
interface RegisteredTopic {
  queryKeys: QueryKey[];
  events: Record<string, (context: HandlerContext<never>) => void>;
  snapshot?: (context: HandlerContext<never>) => void;
  alwaysApply?: readonly string[];
}

export type TopicRegistry = Record<string, RegisteredTopic>;

export const SESSION_TOPIC = 'session';
export const DASHBOARD_TOPIC = 'dashboard';
export const WALL_TOPIC = 'wall';

const sessionTopic: TopicSpec<typeof SESSION_TOPIC, 'revoked' | 'access'> = {
  queryKeys: [['profile']],
  alwaysApply: ['revoked'],
  events: {
    revoked: ({ queryClient }) => {
      clearSession();
      queryClient.clear();
      navigateTo(paths.login, { replace: true });
    },
    access: ({ queryClient, data }) => {
      if (data?.user_access) updateAccess(data.user_access);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  },
  snapshot: ({ data }) => {
    if (data?.user_access) updateAccess(data.user_access);
  },
};

/**
 * The one registry of realtime topics. The realtime module knows only its own `session` topic; each
 * feature registers the handlers of its topics with `registerTopic` (DESIGN §3), and
 * `app/realtime-topics.ts` loads those registrations at start, so a new topic never edits lib/.
 * Queries fed by a topic put the topic name first in their query key so the default invalidation
 * reaches them.
 */
export const topicRegistry: TopicRegistry = { [SESSION_TOPIC]: sessionTopic };

/** Register (or replace) the handlers of `topic`: how its snapshot and events update the query cache. */
export function registerTopic<Topic extends string, Events extends string>(
  topic: Topic,
  spec: TopicSpec<Topic, Events>,
): void {
  topicRegistry[topic] = spec;
}

/**
 * The queryFn of a query the socket also writes (snapshot, pushed data). A REST answer that comes
 * back after the socket set that query keeps the socket's data: it is newer than the request.
 */
export function socketAwareQueryFn<T>(fetch: (context: QueryFunctionContext) => Promise<T>) {
  return async (context: QueryFunctionContext): Promise<T> => {
    const started = Date.now();
    const answer = await fetch(context);
    const state = context.client.getQueryState<T>(context.queryKey);
    return state?.data !== undefined && state.dataUpdatedAt >= started ? state.data : answer;
  };
}

export interface Dispatcher {
  handle(message: ServerMessage): void;
  /** Forget the version of a topic that is no longer subscribed. */
  forget(topic: string): void;
}

export function createDispatcher(queryClient: QueryClient, registry: TopicRegistry = topicRegistry): Dispatcher {
  const versions = new Map<string, number>();
  const everSubscribed = new Set<string>();

  const invalidate = (topic: string) => {
    const keys = registry[topic]?.queryKeys ?? [[topic]];
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  return {
    handle(message) {
      if (message.op === 'subscribed') {
        const { topic } = message;
        // A second "subscribed" for a topic means a reconnect or resubscribe: events may have been missed.
        if (everSubscribed.has(topic)) invalidate(topic);
        everSubscribed.add(topic);
        versions.set(topic, message.version);
        if (message.snapshot !== undefined) {
          registry[topic]?.snapshot?.({ queryClient, topic, data: message.snapshot as never });
        }
        return;
      }
      if (message.op !== 'event') return;
      const { topic, version } = message;
      const spec = registry[topic];
      if (spec?.alwaysApply?.includes(message.type)) {
        spec.events[message.type]?.({ queryClient, topic, data: message.data as never });
        return;
      }
      const known = versions.get(topic);
      if (typeof version === 'number' && known !== undefined) {
        if (version <= known) return;
        versions.set(topic, version);
        if (version !== known + 1) {
          invalidate(topic);
          return;
        }
      } else if (typeof version === 'number') {
        versions.set(topic, version);
      }
      const handler = spec?.events[message.type];
      if (handler) handler({ queryClient, topic, data: message.data as never });
      else invalidate(topic);
    },
    forget(topic) {
      versions.delete(topic);
    },
  };
}

/* ------------------------------------------------------------------ connection state */

export type ConnectionState = 'connecting' | 'open' | 'closed';

let connectionState: ConnectionState = 'closed';
const stateListeners = listenerSet();

function setConnectionState(next: ConnectionState): void {
  if (next === connectionState) return;
  connectionState = next;
  stateListeners.notify();
}

export function getConnectionState(): ConnectionState {
  return connectionState;
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    stateListeners.subscribe,
    getConnectionState,
    getConnectionState,
  );
}

/* ------------------------------------------------------------------ connection */

/** What to do after the server refused the socket (close 4401) or its ticket (401). */
export type UnauthorizedOutcome = 'reconnect' | 'stop' | 'retry';

/** Why a socket stopped for good: stopRealtime() was called, or the server refused it. */
export type StopReason = 'stopped' | 'unauthorized' | 'revoked';

/**
 * A socket that belongs to something other than the signed-in session (a wall display) brings its
 * own ticket and its own answer to a refusal; without options the socket is the user session's.
 */
export interface RealtimeOptions {
  /** A fresh one-time ticket for each connection attempt. */
  ticket?: () => Promise<string>;
  /** Asked after a refusal whether the credentials still stand. */
  verifyAfterUnauthorized?: () => Promise<UnauthorizedOutcome>;
  /** Told once when the socket stops for good. */
  onStop?: (reason: StopReason) => void;
}

const topicCounts = new Map<string, number>();
let socket: ReconnectingWebSocket | null = null;
let dispatcher: Dispatcher | null = null;
let heartbeat: ReturnType<typeof setInterval> | undefined;
let pongDeadline: ReturnType<typeof setTimeout> | undefined;
let sessionCheck: ReturnType<typeof setTimeout> | undefined;
let unauthorizedStreak = 0;
let options: RealtimeOptions = {};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (ms: number) => Math.round(Math.random() * ms);

function send(message: Record<string, string>): void {
  if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function stopHeartbeat(): void {
  clearInterval(heartbeat);
  clearTimeout(pongDeadline);
  heartbeat = undefined;
  pongDeadline = undefined;
}

function startHeartbeat(): void {
  stopHeartbeat();
  heartbeat = setInterval(() => {
    send({ op: 'ping' });
    if (pongDeadline === undefined) {
      // No pong in time: the socket is half-open, start over.
      pongDeadline = setTimeout(() => {
        pongDeadline = undefined;
        socket?.reconnect();
      }, PONG_TIMEOUT_MS);
    }
  }, HEARTBEAT_INTERVAL_MS);
}

async function sessionTicket(): Promise<string> {
  const response = await api.post('realtime/ticket', undefined, { errorPopup: false });
  return response.data.ticket;
}

async function ticketUrl(): Promise<string> {
  setConnectionState('connecting');
  const ws = socket;
  // partysocket's own backoff is deterministic; a per-attempt random pause spreads reconnect storms.
  if (ws && ws.retryCount > 0) await sleep(jitter(1_500));
  try {
    return websocketUrl(await (options.ticket ?? sessionTicket)());
  } catch (error) {
    // A refused ticket is a refused socket: pause the retries until the credentials are checked.
    if (error instanceof ApiError && error.status === 401 && ws && socket === ws) {
      ws.close();
      verifyThenReconnect();
    }
    throw error;
  }
}

async function verifySession(): Promise<UnauthorizedOutcome> {
  if (!getToken()) return 'stop';
  try {
    await api.get('profile', { errorPopup: false });
    return 'reconnect';
  } catch (error) {
    // A 401 has already logged the user out (and stopped the socket); anything else: try again later.
    return error instanceof ApiError && error.status === 401 ? 'stop' : 'retry';
  }
}

/** After a refusal, ask REST whether the credentials still stand before connecting again. */
function verifyThenReconnect(): void {
  unauthorizedStreak += 1;
  const delay = Math.min(30_000, 1_000 * 2 ** (unauthorizedStreak - 1)) + jitter(1_000);
  const ws = socket;
  const verify = options.verifyAfterUnauthorized ?? verifySession;
  clearTimeout(sessionCheck);
  sessionCheck = setTimeout(async () => {
    if (!ws || socket !== ws) return;
    const outcome = await verify();
    if (socket !== ws) return;
    if (outcome === 'reconnect') ws.reconnect();
    else if (outcome === 'retry') verifyThenReconnect();
    else stopRealtime('unauthorized');
  }, delay);
}

function onMessage(event: MessageEvent): void {
  let message: ServerMessage;
  try {
    message = JSON.parse(String(event.data)) as ServerMessage;
  } catch {
    return;
  }
  if (message.op === 'pong') {
    clearTimeout(pongDeadline);
    pongDeadline = undefined;
    return;
  }
  // A socket with its own ticket is a display (the wall): it reloads for a new build at once.
  if (message.op === 'subscribed') noteServerBuild(message.build, { display: Boolean(options.ticket) });
  dispatcher?.handle(message);
}

function onOnline(): void {
  if (socket && socket.readyState !== socket.OPEN) socket.reconnect();
}

/**
 * Open the one socket of this tab. Without options it belongs to the signed-in session (and needs
 * one); with a ticket provider it belongs to whatever that provider authenticates.
 */
export function startRealtime(queryClient: QueryClient = appQueryClient, realtimeOptions: RealtimeOptions = {}): void {
  if (socket || (!realtimeOptions.ticket && !getToken())) return;
  options = realtimeOptions;
  dispatcher ??= createDispatcher(queryClient);
  unauthorizedStreak = 0;
  const ws = new ReconnectingWebSocket(ticketUrl, undefined, {
    minReconnectionDelay: 1_000 + jitter(2_000),
    maxReconnectionDelay: 20_000,
    reconnectionDelayGrowFactor: 1.6,
    connectionTimeout: 8_000,
    shouldReconnectOnClose: (event) => event.code !== UNAUTHORIZED_CLOSE_CODE,
  });
  ws.addEventListener('open', () => {
    unauthorizedStreak = 0;
    setConnectionState('open');
    startHeartbeat();
    for (const topic of topicCounts.keys()) send({ op: 'subscribe', topic });
  });
  ws.addEventListener('message', onMessage);
  ws.addEventListener('error', () => {
    if (socket === ws && ws.readyState !== ws.OPEN) setConnectionState('closed');
  });
  ws.addEventListener('close', (event) => {
    stopHeartbeat();
    if (socket !== ws) return;
    setConnectionState('closed');
    if (event.code === UNAUTHORIZED_CLOSE_CODE) verifyThenReconnect();
  });
  socket = ws;
  window.addEventListener('online', onOnline);
}

export function stopRealtime(reason: StopReason = 'stopped'): void {
  const ws = socket;
  const { onStop } = options;
  socket = null;
  dispatcher = null;
  options = {};
  stopHeartbeat();
  clearTimeout(sessionCheck);
  window.removeEventListener('online', onOnline);
  ws?.close();
  setConnectionState('closed');
  if (ws) onStop?.(reason);
}

function acquireTopic(topic: string): void {
  const count = topicCounts.get(topic) ?? 0;
  topicCounts.set(topic, count + 1);
  if (count === 0) send({ op: 'subscribe', topic });
}

function releaseTopic(topic: string): void {
  const count = topicCounts.get(topic) ?? 0;
  if (count <= 1) {
    topicCounts.delete(topic);
    send({ op: 'unsubscribe', topic });
    dispatcher?.forget(topic);
  } else {
    topicCounts.set(topic, count - 1);
  }
}

/** Subscribe to a topic for the lifetime of the calling component (ref-counted across components). */
export function useTopic(topic: string | null | undefined): void {
  useEffect(() => {
    if (!topic) return;
    acquireTopic(topic);
    return () => releaseTopic(topic);
  }, [topic]);
}

/** Keep one socket open while signed in, subscribed to the session topic. */
export function useRealtimeSession(): void {
  useEffect(() => {
    startRealtime();
    acquireTopic(SESSION_TOPIC);
    return () => releaseTopic(SESSION_TOPIC);
  }, []);
}

subscribeSession(() => {
  if (!getToken() && socket && !options.ticket) stopRealtime();
});
