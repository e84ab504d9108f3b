import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fetch';
import { notificationKeys, type NotificationRow } from '../api/notifications';
import { BROWSER_CONSENT_KEY } from '../browser';
import { NotificationBell } from '../components/notification-bell';
import { notificationCreated } from '../realtime';
import { titleWithCount, useWaitingTitle } from '../use-waiting-title';

function row(overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    hash_id: 'N1',
    kind: 'queue.new',
    title: '3 absen baru menunggu persetujuan',
    body: '',
    link: '/approval/attendance',
    data: {},
    count: 3,
    created: '2026-11-29 09:15:00',
    read: false,
    read_at: '',
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };

function stubApi(rows: NotificationRow[], unread: number) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'PATCH') return jsonResponse({ http_status: 200, message: '', data: { marked: 1, unread: 0 } });
      return jsonResponse({ http_status: 200, message: '', data: rows, recordsTotal: rows.length, recordsFiltered: rows.length, unread });
    }),
  );
  return calls;
}

function renderBell(client = new QueryClient({ defaultOptions: { queries: { retry: false } } }), path = '/') {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the tab title', () => {
  it('carries the waiting count in front of the page title, and drops it at 0', () => {
    expect(titleWithCount('Kehadiran | Persetujuan Absen', 12)).toBe('(12) Kehadiran | Persetujuan Absen');
    expect(titleWithCount('(12) Kehadiran | Persetujuan Absen', 1234)).toBe('(1.234) Kehadiran | Persetujuan Absen');
    expect(titleWithCount('(12) Kehadiran', 0)).toBe('Kehadiran');
    expect(titleWithCount('(12) Kehadiran', null)).toBe('Kehadiran');
  });

  it('puts the count back when the page sets its own title, and takes it away when unmounted', async () => {
    document.title = 'Kehadiran | Dashboard';
    const { rerender, unmount } = renderHook(({ count }) => useWaitingTitle(count), { initialProps: { count: 5 } });
    expect(document.title).toBe('(5) Kehadiran | Dashboard');
    document.title = 'Kehadiran | Persetujuan Absen';
    await waitFor(() => expect(document.title).toBe('(5) Kehadiran | Persetujuan Absen'));
    rerender({ count: 6 });
    expect(document.title).toBe('(6) Kehadiran | Persetujuan Absen');
    // A title of another purpose (the file name a printed report takes) is left alone.
    document.title = 'Laporan_Karyawan_Tidak_Hadir_2026-11-29';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Laporan_Karyawan_Tidak_Hadir_2026-11-29');
    document.title = 'Kehadiran | Persetujuan Absen';
    await waitFor(() => expect(document.title).toBe('(6) Kehadiran | Persetujuan Absen'));
    unmount();
    expect(document.title).toBe('Kehadiran | Persetujuan Absen');
  });
});

describe('the bell', () => {
  beforeEach(() => {
    document.title = 'Kehadiran';
  });

  it('shows the unread count, announces it, and lists the newest notifications in its panel', async () => {
    const calls = stubApi([row(), row({ hash_id: 'N2', kind: 'job.ended', title: 'Proses selesai.', link: '', read: true })], 1);
    const client = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifikasi, 1 belum dibaca' });
    expect(screen.getByText('1 notifikasi belum dibaca')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifikasi' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('link', { name: '3 absen baru menunggu persetujuan' })).toHaveAttribute('href', '/approval/attendance');
    expect(within(panel).getByText(/Proses latar belakang · 29 Nov 2026 09\.15/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Tandai semua dibaca' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ all: true });
    await waitFor(() => expect(client.getQueryData(notificationKeys.unread)).toBe(0));
    expect(screen.getByRole('button', { name: 'Notifikasi, tidak ada yang belum dibaca' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('says so when there is nothing yet, and offers the browser notifications', async () => {
    stubApi([], 0);
    const browser = {
      permission: 'default',
      async requestPermission() {
        browser.permission = 'granted';
        return 'granted';
      },
    };
    vi.stubGlobal('Notification', browser);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifikasi, tidak ada yang belum dibaca' }));
    expect(await screen.findByText('Belum ada notifikasi.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aktifkan notifikasi browser' }));
    expect(await screen.findByRole('button', { name: 'Matikan notifikasi browser' })).toBeInTheDocument();
    expect(window.localStorage.getItem(BROWSER_CONSENT_KEY)).toBe('on');
  });

  it('reads the queue.new rows of the queue the user opens', async () => {
    const calls = stubApi([row(), row({ hash_id: 'N9', link: '/approval/permission' })], 2);
    renderBell(undefined, '/approval/attendance');
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ids: ['N1'] });
  });
});

describe('a pushed notification', () => {
  it('sets the unread count, and a queue.new shows the browser notification only when consented and hidden', () => {
    const shown: Array<{ title: string; options: NotificationOptions }> = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const queryClient = new QueryClient();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => notificationCreated({ queryClient, topic: 'notifications', data: { notification: row(), unread: 4 } }));
    expect(queryClient.getQueryData(notificationKeys.unread)).toBe(4);
    expect(shown).toEqual([]); // no consent yet
    window.localStorage.setItem(BROWSER_CONSENT_KEY, 'on');
    notificationCreated({ queryClient, topic: 'notifications', data: { notification: row(), unread: 4 } });
    notificationCreated({ queryClient, topic: 'notifications', data: { notification: row({ kind: 'job.ended' }), unread: 5 } });
    expect(shown.map((item) => item.title)).toEqual(['3 absen baru menunggu persetujuan']);
    expect(shown[0].options.tag).toBe('kehadiran-queue.new-/approval/attendance');
    visibility.mockReturnValue('visible');
    notificationCreated({ queryClient, topic: 'notifications', data: { notification: row(), unread: 4 } });
    expect(shown).toHaveLength(1);
    visibility.mockRestore();
  });
});
