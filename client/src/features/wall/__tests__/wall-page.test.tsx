import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stopRealtime } from '@/lib/realtime';
import { jsonResponse } from '@/test/fetch';
import { WallPage } from '../pages/wall-page';
import '../realtime';

const { FakeSocket } = vi.hoisted(() => {
  class FakeSocket extends EventTarget {
    static instances: FakeSocket[] = [];
    readonly OPEN = 1;
    readyState = 0;
    retryCount = 0;
    closeCalls = 0;
    constructor(readonly urlProvider: () => Promise<string>) {
      super();
      FakeSocket.instances.push(this);
    }
    receive(message: unknown): void {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    }
    send(): void {}
    close(): void {
      this.closeCalls += 1;
    }
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
    checked_in_today: 126,
    checkins_received_today: 140,
    late_today: 9,
    early_out_today: 0,
    absent_today: 2,
    absence_today: { known: true, absent: 7, sites_known: 2, sites_total: 3 },
    attendance_waiting: 1280,
    izin_waiting: 50,
  },
  sites: [
    {
      id: 'a1',
      name: 'Site Sangatta',
      type: 'site',
      checked_in: 40,
      late: 3,
      absence_known: true,
      absent: 2,
      waiting: 12,
    },
  ],
  arrivals: [{ id: 'l1', name: 'Ani Lestari', site: 'Site Sangatta', time: '07:50:12', timezone: 'Asia/Makassar' }],
};

const fetchMock = vi.fn<typeof fetch>();

function renderWall(path: string) {
  const router = createMemoryRouter([{ path: '/wall', element: <WallPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stopRealtime();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('wall page', () => {
  it('shows the board of the display token, asking with "Display <token>"', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ http_status: 200, message: '', data: board }));
    renderWall('/wall?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' })).toBeInTheDocument();
    const checkedIn = screen.getByRole('region', { name: 'Check-in Hari Ini' });
    expect(checkedIn).toHaveTextContent('Check-in yang diterima hari ini, termasuk yang menunggu persetujuan');
    expect(within(checkedIn).getByRole('group', { name: 'Diterima' })).toHaveTextContent('140');
    expect(within(checkedIn).getByRole('group', { name: 'Sudah disetujui' })).toHaveTextContent('126');
    expect(screen.getByRole('group', { name: 'Kehadiran' })).toHaveTextContent('1.280');
    expect(screen.getByRole('group', { name: 'Izin' })).toHaveTextContent('50');
    expect(screen.getByRole('region', { name: 'Terlambat Hari Ini' })).toHaveTextContent('9');
    const absent = screen.getByRole('region', { name: 'Tidak Hadir Hari Ini' });
    expect(absent).toHaveTextContent('7');
    expect(absent).toHaveTextContent('2 dari 3 lokasi sudah lewat jam masuk');
    expect(screen.getByRole('timer', { name: 'Jam' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/wall_display\/snapshot$/);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Display abc');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('says the token is not valid without one, and opens no socket', async () => {
    renderWall('/wall');
    expect(await screen.findByRole('heading', { name: 'Token tampilan tidak valid' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('says the token is not valid when the server refuses it at once', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ http_status: 401, message: 'Tidak sah.' }, 401));
    renderWall('/wall?token=salah');
    expect(await screen.findByRole('heading', { name: 'Token tampilan tidak valid' })).toBeInTheDocument();
  });

  it('a revocation blanks the board and closes the socket for good', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ http_status: 200, message: '', data: board }));
    renderWall('/wall?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' });
    const socket = FakeSocket.instances[0];
    act(() => {
      socket.receive({ op: 'subscribed', topic: 'wall', version: 0, snapshot: board });
      socket.receive({ op: 'event', topic: 'wall', version: 0, type: 'revoked', data: {} });
    });
    expect(await screen.findByRole('heading', { name: 'Tampilan dicabut' })).toBeInTheDocument();
    expect(screen.queryByText('Lobi Kantor Pusat')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(socket.closeCalls).toBeGreaterThan(0);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('applies pushed counts to the board', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ http_status: 200, message: '', data: board }));
    renderWall('/wall?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Lobi Kantor Pusat' });
    const socket = FakeSocket.instances[0];
    act(() => {
      socket.receive({ op: 'subscribed', topic: 'wall', version: 0, snapshot: board });
      socket.receive({
        op: 'event',
        topic: 'wall',
        version: 1,
        type: 'counts',
        data: {
          counts: { ...board.counts, attendance_waiting: 1281 },
          sites: board.sites,
          arrivals: [
            { id: 'l2', name: 'Budi Santoso', site: 'Site Sangatta', time: '07:58:00', timezone: 'Asia/Makassar' },
            ...board.arrivals,
          ],
        },
      });
    });
    expect(await screen.findByText('1.281')).toBeInTheDocument();
    const arrivals = screen.getByRole('region', { name: 'Kedatangan Terbaru' });
    expect(within(arrivals).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Budi Santoso 07.58 WITA Site Sangatta',
      'Ani Lestari 07.50 WITA Site Sangatta',
    ]);
  });
});
