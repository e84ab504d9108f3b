import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, DASHBOARD_TOPIC } from '@/lib/realtime';
import { jsonResponse } from '@/test/fetch';
import { dashboardCountsQuery } from '../api/get-dashboard-counts';
import '../realtime';

function counts(overrides: Record<string, unknown> = {}) {
  return {
    date: '2025-06-14',
    month: 6,
    year: 2025,
    approval: {
      attendance: { waiting_approval: 3, approved: 40, manual_approval: 5, rejected: 1 },
      izin: { waiting_approval: 2, approved: 7, rejected: 0 },
    },
    late_in: { total_days: 10, total_employees: 6, total_minutes: 300 },
    early_out: { total_days: 4, total_employees: 3, total_minutes: 90 },
    checked_in_today: 120,
    ...overrides,
  };
}

function setup() {
  const queryClient = new QueryClient();
  const dispatcher = createDispatcher(queryClient);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const cached = () => queryClient.getQueryData<ReturnType<typeof counts>>([DASHBOARD_TOPIC, 'counts']);
  return { queryClient, dispatcher, invalidate, cached };
}

const invalidatedKeys = (invalidate: ReturnType<typeof setup>['invalidate']) =>
  invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));

describe('dashboard topic', () => {
  it('puts the snapshot where GET dashboard/counts is cached', () => {
    const { dispatcher, cached } = setup();
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts() });
    expect(cached()?.approval.attendance.waiting_approval).toBe(3);
  });

  it('replaces the counts with each pushed "counts" event', () => {
    const { dispatcher, cached } = setup();
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts() });
    const next = counts({ checked_in_today: 121 });
    next.approval.attendance.waiting_approval = 4;
    dispatcher.handle({ op: 'event', topic: DASHBOARD_TOPIC, version: 1, type: 'counts', data: next });
    expect(cached()?.approval.attendance.waiting_approval).toBe(4);
    expect(cached()?.checked_in_today).toBe(121);
  });

  it('refreshes the undisciplined top 10 only when the late or early-out totals change', () => {
    const { dispatcher, invalidate } = setup();
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts() });
    dispatcher.handle({ op: 'event', topic: DASHBOARD_TOPIC, version: 1, type: 'counts', data: counts({ checked_in_today: 130 }) });
    expect(invalidatedKeys(invalidate)).not.toContain(JSON.stringify([DASHBOARD_TOPIC, 'undisciplined']));
    dispatcher.handle({
      op: 'event',
      topic: DASHBOARD_TOPIC,
      version: 2,
      type: 'counts',
      data: counts({ late_in: { total_days: 11, total_employees: 7, total_minutes: 315 } }),
    });
    expect(invalidatedKeys(invalidate)).toContain(JSON.stringify([DASHBOARD_TOPIC, 'undisciplined']));
  });

  it('after a reconnect refetches every dashboard query and applies the fresh snapshot', () => {
    const { dispatcher, invalidate, cached } = setup();
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts() });
    expect(invalidatedKeys(invalidate)).not.toContain(JSON.stringify([DASHBOARD_TOPIC]));
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts({ checked_in_today: 150 }) });
    expect(invalidatedKeys(invalidate)).toContain(JSON.stringify([DASHBOARD_TOPIC]));
    expect(cached()?.checked_in_today).toBe(150);
  });

  it('ignores a stale push and refetches after a gap', () => {
    const { dispatcher, invalidate, cached } = setup();
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts() });
    dispatcher.handle({ op: 'event', topic: DASHBOARD_TOPIC, version: 1, type: 'counts', data: counts({ checked_in_today: 125 }) });
    dispatcher.handle({ op: 'event', topic: DASHBOARD_TOPIC, version: 1, type: 'counts', data: counts({ checked_in_today: 99 }) });
    expect(cached()?.checked_in_today).toBe(125);
    dispatcher.handle({ op: 'event', topic: DASHBOARD_TOPIC, version: 3, type: 'counts', data: counts({ checked_in_today: 127 }) });
    expect(invalidatedKeys(invalidate)).toContain(JSON.stringify([DASHBOARD_TOPIC]));
  });
});

describe('GET dashboard/counts and the socket', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a REST answer that arrives after the snapshot does not overwrite it', async () => {
    const { queryClient, dispatcher, cached } = setup();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const fetching = queryClient.fetchQuery(dashboardCountsQuery);
    dispatcher.handle({ op: 'subscribed', topic: DASHBOARD_TOPIC, version: 0, snapshot: counts({ checked_in_today: 200 }) });
    answer(jsonResponse({ http_status: 200, message: '', data: counts({ checked_in_today: 190 }) }));
    await fetching;
    expect(cached()?.checked_in_today).toBe(200);
  });

  it('a REST answer is used when the socket said nothing meanwhile', async () => {
    const { queryClient, cached } = setup();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ http_status: 200, message: '', data: counts({ checked_in_today: 190 }) })));
    await queryClient.fetchQuery(dashboardCountsQuery);
    expect(cached()?.checked_in_today).toBe(190);
  });
});
