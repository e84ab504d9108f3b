import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placementTodayRange } from '@/lib/dates';
import { PREFERENCE_SAVE_DELAY_MS } from '@/lib/preferences';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { ApprovalAttendancePage } from '../pages/approval-attendance-page';
import {
  defaultQueueView,
  isDefaultQueueView,
  QUEUE_PREFERENCE_KEY,
  queueViewFromUrl,
  readStoredQueueView,
  storedQueueView,
} from '../lib/queue-view';

/** Issue 44: the queue remembers the approver's filters and order on the server; a link overrides them. */

const NOW = new Date('2026-11-27T05:00:00Z'); // 12.00 WIB
const TODAY = '2026-11-27';
const APPROVER = {
  allow_approved_attendance: 1,
  allow_approved_attendance_office: 1,
  allow_rejected_attendance: 1,
  allow_rejected_attendance_office: 1,
};
const PREFERENCE_URL = `/api/web/v1/preference/${QUEUE_PREFERENCE_KEY}`;

describe('the stored queue view', () => {
  it('keeps the default today as "today": the next day opens on that day', () => {
    const view = defaultQueueView(NOW);
    expect(view.filters.dates).toEqual({ start: TODAY, end: TODAY });
    const stored = storedQueueView(view, NOW);
    expect(stored.period).toBe('today');
    const tomorrow = new Date('2026-11-28T05:00:00Z');
    expect(readStoredQueueView(stored, tomorrow)?.filters.dates).toEqual({ start: '2026-11-28', end: '2026-11-28' });
    expect(isDefaultQueueView(view, NOW)).toBe(true);
  });

  it('reads back filters, order and page size; a range open to today stays open; every date stays every date', () => {
    const view = defaultQueueView(NOW);
    view.filters = { ...view.filters, dates: { start: '2026-11-20', end: TODAY }, risk: 'high', factor: 'face', logType: 'check_out' };
    view.sort = { column: 'reasons', dir: 'desc' };
    view.perPage = 50;
    const stored = JSON.parse(JSON.stringify(storedQueueView(view, NOW)));
    expect(stored).toMatchObject({ period: 'range', start: '2026-11-20', end: 'today' });
    const next = readStoredQueueView(stored, new Date('2026-11-29T05:00:00Z'));
    expect(next?.filters).toMatchObject({ dates: { start: '2026-11-20', end: '2026-11-29' }, risk: 'high', factor: 'face', logType: 'check_out' });
    expect(next?.sort).toEqual({ column: 'reasons', dir: 'desc' });
    expect(next?.perPage).toBe(50);
    expect(isDefaultQueueView(next!, NOW)).toBe(false);
    const all = { ...view, filters: { ...view.filters, dates: { start: '', end: '' } } };
    expect(readStoredQueueView(storedQueueView(all, NOW), NOW)?.filters.dates).toEqual({ start: '', end: '' });
  });

  it('never trusts what it reads: unknown values fall back to their defaults, old dates to the window', () => {
    expect(readStoredQueueView(null, NOW)).toBeNull();
    expect(readStoredQueueView([1], NOW)).toBeNull();
    const junk = readStoredQueueView(
      { period: 'range', start: '2020-01-01', end: '2026-11-25', risk: 'extreme', factor: 'aura', order: { column: 'salary', dir: 'up' }, perPage: 7, manPower: 'x' },
      NOW,
    );
    expect(junk?.filters.dates).toEqual({ start: '2026-09-27', end: '2026-11-25' });
    expect(junk?.filters.risk).toBe('');
    expect(junk?.filters.factor).toBe('');
    expect(junk?.sort).toBeNull();
    expect(junk?.perPage).toBe(10);
    expect(readStoredQueueView({ period: 'range', start: 'kemarin', end: '' }, NOW)?.filters.dates).toEqual(placementTodayRange(NOW));
  });

  it('a link with queue parameters is the view of that visit, the rest at their defaults', () => {
    expect(queueViewFromUrl(new URLSearchParams(''), NOW)).toBeNull();
    expect(queueViewFromUrl(new URLSearchParams('tab=1'), NOW)).toBeNull();
    const all = queueViewFromUrl(new URLSearchParams('period=all&risk=low&factor=distance'), NOW);
    expect(all?.filters).toMatchObject({ dates: { start: '', end: '' }, risk: 'low', factor: 'distance', logType: '' });
    const range = queueViewFromUrl(new URLSearchParams('start=2026-11-01&end=2026-11-03&risk=bogus'), NOW);
    expect(range?.filters.dates).toEqual({ start: '2026-11-01', end: '2026-11-03' });
    expect(range?.filters.risk).toBe('');
    expect(range?.sort).toBeNull();
  });
});

/* ----------------------------------------------------------------------------- the page */

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function server(options: { stored?: unknown; olderWaiting?: { count: number; since: string } | null } = {}) {
  const calls: Call[] = [];
  let stored: unknown = options.stored ?? null;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    if (url.pathname === PREFERENCE_URL) {
      if (method === 'PUT') stored = (body as { value: unknown }).value;
      if (method === 'DELETE') stored = null;
      return jsonResponse({ http_status: 200, message: '', data: { key: QUEUE_PREFERENCE_KEY, value: stored, updated_at: null } });
    }
    if (url.pathname.endsWith('/attendance_log/list')) {
      const dated = url.searchParams.has('start_date');
      return jsonResponse({
        http_status: 200,
        message: '',
        data: [],
        recordsTotal: 0,
        recordsFiltered: 0,
        older_waiting: dated ? (options.olderWaiting ?? null) : null,
      });
    }
    return jsonResponse({ http_status: 200, message: '', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    stored: () => stored,
    queueRequests: () => calls.filter((call) => call.path.endsWith('/attendance_log/list')).map((call) => call.query),
    writes: () => calls.filter((call) => call.path === PREFERENCE_URL && call.method !== 'GET'),
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderPage(url = '/approval/attendance') {
  saveSession({ token: 't', profile: {}, access: APPROVER, email: 'b@example.com', remember: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <ApprovalAttendancePage title="Persetujuan Kehadiran" breadcrumb={[]} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastQueue = (api: ReturnType<typeof server>) => api.queueRequests().at(-1)!;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the approval queue remembers the approver', () => {
  it('opens on the saved filters and order, saves a change (once, debounced) and resets to the default', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = server({
      stored: { version: 1, period: 'all', risk: 'high', factor: '', order: { column: 'risk', dir: 'desc' }, perPage: 25 },
    });
    renderPage();
    await waitFor(() => expect(api.queueRequests()).toHaveLength(1));
    // The saved view, not today: no dates, high risk, by risk descending, 25 a page.
    const first = lastQueue(api);
    expect(first.has('start_date')).toBe(false);
    expect(first.get('risk')).toBe('high');
    expect(JSON.parse(first.get('order')!)).toEqual({ column: 'risk', dir: 'desc' });
    expect(first.get('per_page')).toBe('25');
    // Opening saves nothing.
    expect(api.writes()).toHaveLength(0);

    const factor = await screen.findByRole('combobox', { name: 'Faktor risiko' });
    await user.selectOptions(factor, 'face');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Risiko' }), 'medium');
    await waitFor(() => expect(lastQueue(api).get('factor')).toBe('face'));
    // Two quick changes, one save after the pause, with both.
    await waitFor(() => expect(api.writes()).toHaveLength(1), { timeout: PREFERENCE_SAVE_DELAY_MS * 5 });
    expect(api.writes()[0].method).toBe('PUT');
    expect(api.stored()).toMatchObject({ period: 'all', risk: 'medium', factor: 'face', order: { column: 'risk', dir: 'desc' }, perPage: 25 });

    const reset = screen.getByRole('button', { name: 'Atur ulang' });
    expect(reset).toBeEnabled();
    await user.click(reset);
    await waitFor(() => expect(api.writes().at(-1)?.method).toBe('DELETE'));
    await waitFor(() => expect(lastQueue(api).get('start_date')).toBe(TODAY));
    const fresh = lastQueue(api);
    expect(fresh.get('end_date')).toBe('2026-11-27');
    expect(fresh.has('risk') || fresh.has('factor') || fresh.has('order')).toBe(false);
    expect(fresh.get('per_page')).toBe('10');
    expect(screen.getByRole('button', { name: 'Atur ulang' })).toBeDisabled();
    expect(api.stored()).toBeNull();
    // The reset is not followed by a save of the default.
    await act(() => vi.advanceTimersByTimeAsync(PREFERENCE_SAVE_DELAY_MS * 3));
    expect(api.writes().at(-1)?.method).toBe('DELETE');
  });

  it('a link overrides the saved view for its visit; the first change is saved and drops the link', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = server({ stored: { version: 1, period: 'today', risk: 'high', logType: 'check_out' } });
    renderPage('/approval/attendance?period=all&factor=distance');
    await waitFor(() => expect(api.queueRequests()).toHaveLength(1));
    const first = lastQueue(api);
    expect(first.has('start_date')).toBe(false);
    expect(first.get('factor')).toBe('distance');
    // The saved risk and log type are not applied on this visit.
    expect(first.has('risk') || first.has('log_type')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(PREFERENCE_SAVE_DELAY_MS * 3));
    expect(api.writes()).toHaveLength(0);
    expect(screen.getByTestId('where')).toHaveTextContent('/approval/attendance?period=all&factor=distance');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tipe Log' }), 'check_in');
    await waitFor(() => expect(api.writes()).toHaveLength(1), { timeout: PREFERENCE_SAVE_DELAY_MS * 5 });
    expect(api.stored()).toMatchObject({ period: 'all', factor: 'distance', logType: 'check_in', risk: '' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/approval\/attendance$/);
  });

  it('an empty today says how many wait since when, and one click shows them (every date)', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = server({ olderWaiting: { count: 105, since: '2026-11-20' } });
    renderPage();
    const show = await screen.findByRole('button', { name: 'Tampilkan 105 yang menunggu sejak 20 Nov 2026' });
    expect(screen.getByTestId('older-waiting')).toHaveTextContent('105 absen menunggu sejak 20 Nov 2026');
    expect(lastQueue(api).get('start_date')).toBe(TODAY);
    await user.click(show);
    await waitFor(() => expect(lastQueue(api).has('start_date')).toBe(false));
    expect(lastQueue(api).has('end_date')).toBe(false);
    await waitFor(() => expect(api.stored()).toMatchObject({ period: 'all' }), { timeout: PREFERENCE_SAVE_DELAY_MS * 5 });
  });

  it('a pending save is sent at once when the queue is left', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = server();
    const { unmount } = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Lokasi' }), '0');
    await waitFor(() => expect(lastQueue(api).get('location')).toBe('0'));
    expect(api.writes()).toHaveLength(0);
    unmount();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.stored()).toMatchObject({ location: '0', period: 'today' });
  });
});
