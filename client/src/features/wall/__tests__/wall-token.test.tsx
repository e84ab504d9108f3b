/**
 * Issue 39, finding 5: the display token travels in the URL fragment (`/wall#token=…`), which the
 * browser never sends to a server or a proxy; an old `/wall?token=…` link still opens the board and
 * is rewritten in place to the fragment form.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stopRealtime } from '@/lib/realtime';
import { jsonResponse } from '@/test/fetch';
import { wallUrl } from '../api/wall-displays';
import { pageLoad, wallTokenOf } from '../api/wall-token';
import { WallPage } from '../pages/wall-page';
import '../realtime';

const { FakeSocket } = vi.hoisted(() => {
  class FakeSocket extends EventTarget {
    static instances: FakeSocket[] = [];
    readonly OPEN = 1;
    readyState = 0;
    retryCount = 0;
    constructor(readonly urlProvider: () => Promise<string>) {
      super();
      FakeSocket.instances.push(this);
    }
    send(): void {}
    close(): void {}
    reconnect(): void {}
  }
  return { FakeSocket };
});

vi.mock('partysocket/ws', () => ({ default: FakeSocket }));

const board = {
  display_name: 'Lobi Kantor Pusat',
  server_time: '2025-06-14T08:30:00+07:00',
  counts: {
    date: '2025-06-14',
    checked_in_today: 1,
    checkins_received_today: 1,
    late_today: 0,
    early_out_today: 0,
    absent_today: 0,
    absence_today: { known: true, absent: 0, sites_known: 1, sites_total: 1 },
    attendance_waiting: 0,
    izin_waiting: 0,
  },
};

const TOKEN = 'Ab-_9xYzTokenOfADisplay0123456789abcdefghi';
const fetchMock = vi.fn<typeof fetch>();

function renderWall(path: string) {
  const router = createMemoryRouter([{ path: '/wall', element: <WallPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(jsonResponse({ http_status: 200, message: '', data: board }));
});

afterEach(() => {
  stopRealtime();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the wall link', () => {
  it('the admin screen gives the fragment form', () => {
    expect(wallUrl(TOKEN, 'https://absen.example.com')).toBe(`https://absen.example.com/wall#token=${TOKEN}`);
    expect(wallUrl('a b&c', 'https://absen.example.com')).toBe('https://absen.example.com/wall#token=a%20b%26c');
  });

  it('reads the token from the fragment, then the old query, never both', () => {
    expect(wallTokenOf('#token=abc', '')).toEqual({ token: 'abc', rewrite: null });
    expect(wallTokenOf('#token=a%20b%26c', '')).toEqual({ token: 'a b&c', rewrite: null });
    expect(wallTokenOf('', '?token=abc')).toEqual({ token: 'abc', rewrite: { search: '', hash: '#token=abc' } });
    // Another query parameter stays; the token leaves the query.
    expect(wallTokenOf('', '?lang=id&token=abc')).toEqual({ token: 'abc', rewrite: { search: '?lang=id', hash: '#token=abc' } });
    // Both: the fragment wins and the query's copy is dropped.
    expect(wallTokenOf('#token=new', '?token=old')).toEqual({ token: 'new', rewrite: { search: '', hash: '#token=new' } });
    expect(wallTokenOf('', '')).toEqual({ token: null, rewrite: null });
    expect(wallTokenOf('#token=', '?token=')).toEqual({ token: null, rewrite: null });
  });
});

describe('wall page and its token', () => {
  it('opens the board from /wall#token=…, the token only in the Authorization header', async () => {
    const router = renderWall(`/wall#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).not.toContain(TOKEN);
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Display ${TOKEN}`);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe(`#token=${TOKEN}`);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('an old /wall?token=… link still opens the board, and its address becomes /wall#token=…', async () => {
    const router = renderWall(`/wall?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wall');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe(`#token=${TOKEN}`);
    // Replaced, not pushed: Back does not return to the query form.
    expect(router.state.historyAction).toBe('REPLACE');
    for (const [url] of fetchMock.mock.calls) expect(String(url)).not.toContain(TOKEN);
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe(`Display ${TOKEN}`);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('another token put into the fragment of an open wall reloads the page; the same token does not', async () => {
    const reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => {});
    const router = renderWall(`/wall#token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' });
    await act(() => router.navigate(`/wall#token=${TOKEN}`));
    expect(reload).not.toHaveBeenCalled();
    await act(() => router.navigate('/wall#token=lain'));
    expect(reload).toHaveBeenCalledTimes(1);
    // Until the page reloads, the board keeps the token it opened with: nothing is sent with the new one.
    for (const [, init] of fetchMock.mock.calls) {
      expect((init?.headers as Record<string, string>).Authorization).toBe(`Display ${TOKEN}`);
    }
  });

  it('an old link rewritten to the fragment does not reload the page', async () => {
    const reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => {});
    const router = renderWall(`/wall?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' });
    expect(router.state.location.hash).toBe(`#token=${TOKEN}`);
    expect(reload).not.toHaveBeenCalled();
  });

  it('without a token in either place it says the token is not valid', async () => {
    renderWall('/wall#other=1');
    expect(await screen.findByRole('heading', { name: 'Token tampilan tidak valid' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
