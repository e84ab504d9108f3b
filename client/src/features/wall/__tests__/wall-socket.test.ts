import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  getConnectionState,
  startRealtime,
  stopRealtime,
  useTopic,
  WALL_TOPIC,
  type RealtimeOptions,
  type StopReason,
  type UnauthorizedOutcome,
} from '@/lib/realtime';
import { clearSession, saveSession } from '@/lib/session';
import '../realtime';

const { FakeSocket } = vi.hoisted(() => {
  /** A stand-in for partysocket's ReconnectingWebSocket that the test drives by hand. */
  class FakeSocket extends EventTarget {
    static instances: FakeSocket[] = [];
    readonly OPEN = 1;
    readyState = 0;
    retryCount = 0;
    closeCalls = 0;
    reconnectCalls = 0;
    sent: unknown[] = [];
    urls: string[] = [];
  
    constructor(
      readonly urlProvider: () => Promise<string>,
      _protocols: unknown,
      readonly options: { shouldReconnectOnClose: (event: { code: number }) => boolean },
    ) {
      super();
      FakeSocket.instances.push(this);
    }
  
    /** What partysocket does on each attempt: ask for a URL (errors end the attempt). */
    async attempt(): Promise<void> {
      try {
        this.urls.push(await this.urlProvider());
      } catch {
        this.dispatchEvent(new Event('error'));
      }
    }
  
    open(): void {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    }
  
    receive(message: unknown): void {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    }
  
    serverClose(code: number): void {
      this.readyState = 3;
      const event = new Event('close') as Event & { code: number };
      Object.defineProperty(event, 'code', { value: code });
      this.dispatchEvent(event);
    }
  
    send(data: string): void {
      this.sent.push(JSON.parse(data));
    }
  
    close(): void {
      this.closeCalls += 1;
      this.readyState = 3;
    }
  
    reconnect(): void {
      this.reconnectCalls += 1;
    }
  }
  return { FakeSocket };
});

vi.mock('partysocket/ws', () => ({ default: FakeSocket }));

const socket = () => FakeSocket.instances[FakeSocket.instances.length - 1];

function display(verify: () => Promise<UnauthorizedOutcome> = async () => 'stop') {
  const stops: StopReason[] = [];
  const ticket = vi.fn(async () => 'display-ticket');
  const verifyAfterUnauthorized = vi.fn(verify);
  const options: RealtimeOptions = { ticket, verifyAfterUnauthorized, onStop: (reason) => stops.push(reason) };
  startRealtime(new QueryClient(), options);
  return { stops, ticket, verifyAfterUnauthorized };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});

afterEach(() => {
  stopRealtime();
  vi.useRealTimers();
});

describe('display socket (wall)', () => {
  it('connects without a session, with tickets from its own provider, and subscribes to wall', async () => {
    const { ticket } = display();
    const { unmount } = renderHook(() => useTopic(WALL_TOPIC));
    await socket().attempt();
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(socket().urls[0]).toMatch(/\/ws\/v1\/\?ticket=display-ticket$/);
    socket().open();
    expect(getConnectionState()).toBe('open');
    expect(socket().sent).toContainEqual({ op: 'subscribe', topic: WALL_TOPIC });
    unmount();
  });

  it('a "revoked" event stops it for good: closed, told, and never verified or reconnected', async () => {
    const { stops, verifyAfterUnauthorized } = display();
    const ws = socket();
    await ws.attempt();
    ws.open();
    ws.receive({ op: 'subscribed', topic: WALL_TOPIC, version: 0, snapshot: {} });
    ws.receive({ op: 'event', topic: WALL_TOPIC, version: 0, type: 'revoked', data: {} });
    expect(stops).toEqual(['revoked']);
    expect(ws.closeCalls).toBe(1);
    expect(getConnectionState()).toBe('closed');

    ws.serverClose(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(verifyAfterUnauthorized).not.toHaveBeenCalled();
    expect(ws.reconnectCalls).toBe(0);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('a 4401 close without the event asks whether the token stands; "stop" ends it', async () => {
    const { stops, verifyAfterUnauthorized } = display(async () => 'stop');
    const ws = socket();
    await ws.attempt();
    ws.open();
    expect(ws.options.shouldReconnectOnClose({ code: 4401 })).toBe(false);
    ws.serverClose(4401);
    expect(getConnectionState()).toBe('closed');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(verifyAfterUnauthorized).toHaveBeenCalledTimes(1);
    expect(stops).toEqual(['unauthorized']);
    expect(ws.reconnectCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(verifyAfterUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reconnects when the token still stands, and keeps asking while the server is unreachable', async () => {
    const answers: UnauthorizedOutcome[] = ['retry', 'retry', 'reconnect'];
    const { stops, verifyAfterUnauthorized } = display(async () => answers.shift() ?? 'reconnect');
    const ws = socket();
    await ws.attempt();
    ws.open();
    ws.serverClose(4401);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(verifyAfterUnauthorized).toHaveBeenCalledTimes(3);
    expect(ws.reconnectCalls).toBe(1);
    expect(stops).toEqual([]);
  });

  it('other closes are left to the reconnecting socket (server restart, network drop, idle timeout)', async () => {
    const { verifyAfterUnauthorized, stops } = display();
    const ws = socket();
    await ws.attempt();
    ws.open();
    for (const code of [1006, 1001, 1011, 1000]) {
      expect(ws.options.shouldReconnectOnClose({ code })).toBe(true);
      ws.serverClose(code);
      expect(getConnectionState()).toBe('closed');
      ws.open();
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(verifyAfterUnauthorized).not.toHaveBeenCalled();
    expect(stops).toEqual([]);
  });

  it('a refused ticket pauses the retries and checks the token', async () => {
    const stops: StopReason[] = [];
    const verify = vi.fn(async (): Promise<UnauthorizedOutcome> => 'stop');
    startRealtime(new QueryClient(), {
      ticket: async () => {
        throw new ApiError(401, 'Tidak sah');
      },
      verifyAfterUnauthorized: verify,
      onStop: (reason) => stops.push(reason),
    });
    const ws = socket();
    await ws.attempt();
    expect(ws.closeCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(stops).toEqual(['unauthorized']);
  });

  it('is not stopped by the session of this browser signing out', async () => {
    saveSession({ token: 'user-token', profile: {}, access: {}, email: 'a@example.com', remember: false });
    const { stops } = display();
    await socket().attempt();
    socket().open();
    clearSession();
    expect(stops).toEqual([]);
    expect(socket().closeCalls).toBe(0);
  });
});

describe('user socket', () => {
  it('does not start without a session token or a ticket provider', () => {
    startRealtime(new QueryClient());
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
