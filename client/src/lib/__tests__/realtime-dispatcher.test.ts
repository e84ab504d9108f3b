import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../navigation';
import { createDispatcher, topicRegistry, type TopicRegistry } from '../realtime';
import { getSession, saveSession } from '../session';

interface Row {
  id: string;
  status: string;
}

function setup() {
  const queryClient = new QueryClient();
  const registry: TopicRegistry = {
    'approval.attendance': {
      queryKeys: [['approval.attendance']],
      events: {
        removed: ({ queryClient: client, data }: { queryClient: QueryClient; data: { id: string } }) => {
          client.setQueryData<Row[]>(['approval.attendance', 'list'], (rows = []) =>
            rows.filter((row) => row.id !== data.id),
          );
        },
      },
    },
  };
  const dispatcher = createDispatcher(queryClient, registry);
  queryClient.setQueryData<Row[]>(['approval.attendance', 'list'], [
    { id: 'a', status: 'waiting' },
    { id: 'b', status: 'waiting' },
  ]);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  return { queryClient, dispatcher, invalidate };
}

const list = (queryClient: QueryClient) => queryClient.getQueryData<Row[]>(['approval.attendance', 'list']);

describe('realtime dispatcher', () => {
  it('applies an in-order event to the cache through its registered handler', () => {
    const { queryClient, dispatcher, invalidate } = setup();
    dispatcher.handle({ op: 'subscribed', topic: 'approval.attendance', version: 4, snapshot: {} });
    dispatcher.handle({ op: 'event', topic: 'approval.attendance', version: 5, type: 'removed', data: { id: 'a' } });
    expect(list(queryClient)).toEqual([{ id: 'b', status: 'waiting' }]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('invalidates the topic queries on a version gap instead of applying the event', () => {
    const { queryClient, dispatcher, invalidate } = setup();
    dispatcher.handle({ op: 'subscribed', topic: 'approval.attendance', version: 4 });
    dispatcher.handle({ op: 'event', topic: 'approval.attendance', version: 7, type: 'removed', data: { id: 'a' } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['approval.attendance'] });
    expect(list(queryClient)).toHaveLength(2);
    expect(queryClient.getQueryState(['approval.attendance', 'list'])?.isInvalidated).toBe(true);
  });

  it('continues from the new version after a gap and ignores stale duplicates', () => {
    const { queryClient, dispatcher, invalidate } = setup();
    dispatcher.handle({ op: 'subscribed', topic: 'approval.attendance', version: 1 });
    dispatcher.handle({ op: 'event', topic: 'approval.attendance', version: 3, type: 'removed', data: { id: 'a' } });
    invalidate.mockClear();
    dispatcher.handle({ op: 'event', topic: 'approval.attendance', version: 3, type: 'removed', data: { id: 'b' } });
    expect(list(queryClient)).toHaveLength(2);
    dispatcher.handle({ op: 'event', topic: 'approval.attendance', version: 4, type: 'removed', data: { id: 'b' } });
    expect(list(queryClient)).toEqual([{ id: 'a', status: 'waiting' }]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('invalidates on resubscribe (reconnect) but not on the first subscription', () => {
    const { dispatcher, invalidate } = setup();
    dispatcher.handle({ op: 'subscribed', topic: 'approval.attendance', version: 2 });
    expect(invalidate).not.toHaveBeenCalled();
    dispatcher.handle({ op: 'subscribed', topic: 'approval.attendance', version: 9 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['approval.attendance'] });
  });

  it('invalidates the topic for an event type without a handler', () => {
    const { dispatcher, invalidate } = setup();
    dispatcher.handle({ op: 'subscribed', topic: 'approval.attendance', version: 1 });
    dispatcher.handle({ op: 'event', topic: 'approval.attendance', version: 2, type: 'renamed', data: {} });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['approval.attendance'] });
  });
});

describe('session topic', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    setNavigator(navigate);
    saveSession({ token: 't', profile: { fullname: 'Citra' }, access: { allow_report: 1 }, email: 'c@x.id', remember: false });
  });
  afterEach(() => navigate.mockReset());

  it('stores new access flags live', () => {
    const dispatcher = createDispatcher(new QueryClient(), topicRegistry);
    dispatcher.handle({ op: 'subscribed', topic: 'session', version: 1 });
    dispatcher.handle({
      op: 'event',
      topic: 'session',
      version: 2,
      type: 'access',
      data: { user_access: { allow_report: 0, allow_employee: 1 } },
    });
    expect(getSession().access).toEqual({ allow_report: 0, allow_employee: 1 });
    expect(getSession().token).toBe('t');
  });

  it('logs the tab out when its token is revoked', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['profile'], { fullname: 'Citra' });
    const dispatcher = createDispatcher(queryClient, topicRegistry);
    dispatcher.handle({ op: 'subscribed', topic: 'session', version: 1 });
    // The server may send a revocation outside the subscription's sequence (an old version).
    dispatcher.handle({ op: 'event', topic: 'session', version: 1, type: 'revoked', data: {} });
    expect(getSession().token).toBeNull();
    expect(getSession().profile).toBeNull();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
