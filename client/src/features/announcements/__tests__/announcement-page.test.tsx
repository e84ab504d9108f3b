import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { saveSession, type UserAccess } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import type { AnnouncementRow } from '../api/types';
import { AnnouncementPage } from '../pages/announcement-page';

vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime')>()),
  useTopic: () => undefined,
}));

const TAGS = [
  { id: 1, value: 'all', label: 'Semua' },
  { id: 2, value: 'office', label: 'Office' },
  { id: 3, value: 'pool', label: 'Pool' },
  { id: 4, value: 'site', label: 'Site' },
  { id: 5, value: 'tug_boat', label: 'Tug Boat' },
];

function row(overrides: Partial<AnnouncementRow>): AnnouncementRow {
  return {
    id: 'a1',
    hash_id: 'a1',
    title: 'Libur Nasional',
    snippet: 'Kantor tutup pada hari libur.',
    is_published: 1,
    is_important: 0,
    status: 'published',
    published_date: '2026-11-20 08:00:00',
    tag: ['office', 'pool'],
    url_title: '',
    url: '',
    attachment: '',
    attachment_name: '',
    created: '2026-11-19 10:15:00',
    creator_user_name: 'Admin',
    ...overrides,
  };
}

let listAnswer: () => Promise<Response>;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('announcement/tag')) return jsonResponse({ http_status: 200, message: '', data: TAGS });
    if (url.includes('announcement/list')) return listAnswer();
    return jsonResponse({ http_status: 404, message: 'Tidak ditemukan.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function listOf(rows: AnnouncementRow[], total = rows.length) {
  return jsonResponse({ http_status: 200, message: '', data: rows, recordsTotal: total, recordsFiltered: total });
}

function renderPage(access: UserAccess) {
  saveSession({ token: 'tok', profile: { fullname: 'Dewi' }, access, email: 'dewi@example.com', remember: false });
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <AnnouncementPage title="Pengumuman" breadcrumb={[]} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('AnnouncementPage', () => {
  it('shows 9 skeleton cards while loading, then the cards with their flags and tags', async () => {
    let answer: (response: Response) => void = () => undefined;
    listAnswer = () => new Promise((resolve) => (answer = resolve));
    renderPage({ allow_announcement: 1, allow_announcement_create: 1, allow_announcement_update: 1, allow_announcement_delete: 1 });
    const loading = await screen.findByRole('status', { name: 'Memuat…' });
    expect(loading.querySelectorAll('.placeholder-glow')).toHaveLength(9);

    answer(
      listOf(
        [
          row({ hash_id: 'd1', title: 'Rencana Outing', status: 'draft', is_published: 0, tag: ['all'] }),
          row({ hash_id: 'p1', is_important: 1 }),
          row({ hash_id: 's1', title: 'Jadwal Vaksin', status: 'scheduled', published_date: '2099-01-01 08:00:00' }),
        ],
        12,
      ),
    );
    const draft = await screen.findByRole('article', { name: 'Rencana Outing' });
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByText('Semua')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: 'Ubah Rencana Outing' })).toBeInTheDocument();

    // Scheduled, not yet published: editable as well as deletable (issue 28).
    const scheduled = screen.getByRole('article', { name: 'Jadwal Vaksin' });
    expect(within(scheduled).getByRole('button', { name: 'Ubah Jadwal Vaksin' })).toBeInTheDocument();
    expect(within(scheduled).getByRole('button', { name: 'Hapus Jadwal Vaksin' })).toBeInTheDocument();

    const published = screen.getByRole('article', { name: 'Libur Nasional' });
    expect(within(published).getByText('Terbit')).toBeInTheDocument();
    expect(within(published).getByText('Penting')).toBeInTheDocument();
    expect(within(published).getByText('Office')).toBeInTheDocument();
    expect(within(published).queryByRole('button', { name: /^Ubah/ })).not.toBeInTheDocument();
    expect(within(published).getByRole('button', { name: 'Hapus tanda penting Libur Nasional' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Menampilkan data 1 sampai 9 dari 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buat Pengumuman' })).toBeInTheDocument();
  });

  it('says when nothing is saved and hides what the flags do not allow', async () => {
    listAnswer = async () => listOf([]);
    renderPage({ allow_announcement: 1 });
    expect(await screen.findByText('Belum ada pengumuman disimpan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buat Pengumuman' })).not.toBeInTheDocument();
  });

  it('filters by tag and Penting from page 1', async () => {
    const user = userEvent.setup();
    listAnswer = async () => listOf([row({ hash_id: 'p1' })]);
    renderPage({ allow_announcement: 1 });
    await screen.findByRole('article', { name: 'Libur Nasional' });
    const filter = screen.getByRole('group', { name: 'Filter tag' });
    await user.click(within(filter).getByRole('button', { name: 'Site' }));
    await user.click(screen.getByRole('button', { name: 'Penting' }));
    await waitFor(() => {
      const last = String(fetchMock.mock.calls.at(-1)?.[0]);
      expect(last).toContain('tag=site');
      expect(last).toContain('important=1');
      expect(last).toContain('page=1');
      expect(last).toContain('per_page=9');
    });
    expect(within(filter).getByRole('button', { name: 'Site' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refetches when a scheduled announcement on screen reaches its published minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const due = new Date(Date.now() + 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const text = `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())} ${pad(due.getHours())}:${pad(due.getMinutes())}:${pad(due.getSeconds())}`;
      listAnswer = async () => listOf([row({ hash_id: 's1', status: 'scheduled', published_date: text })]);
      renderPage({ allow_announcement: 1 });
      await screen.findByRole('article', { name: 'Libur Nasional' });
      const listCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('announcement/list')).length;
      expect(listCalls()).toBe(1);
      await vi.advanceTimersByTimeAsync(62_000);
      await waitFor(() => expect(listCalls()).toBeGreaterThanOrEqual(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
