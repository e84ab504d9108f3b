import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelegationPanel } from '@/components/delegation/delegation-panel';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';

const fetchMock = vi.fn<typeof fetch>();

const CANDIDATES = [{ hash_id: 'u1', fullname: 'Sari Personalia', username: 'hr' }];
const GIVEN = {
  hash_id: 'd1',
  delegator: { hash_id: 'me', fullname: 'Budi Approver', username: 'approver.office' },
  delegate: CANDIDATES[0],
  start_date: '2026-11-29',
  end_date: '2026-12-01',
  note: 'Cuti',
  status: 'active',
  status_label: 'Aktif',
  rights: ['Persetujuan Izin'],
  created: '2026-11-29 09:00:00',
  creator_name: 'Budi Approver',
  ended_at: null,
  ended_by_name: '',
  can_end: true,
  no: 1,
};

function signIn(access: Record<string, number>) {
  saveSession({ token: 't', profile: {}, access, email: 'me@example.com', remember: false });
}

function answer(url: string, init?: RequestInit): Response {
  if (url.includes('delegation/candidates')) return jsonResponse({ http_status: 200, message: '', data: CANDIDATES, recordsTotal: 1 });
  if (url.includes('scope=given')) return jsonResponse({ http_status: 200, message: '', data: [GIVEN], recordsTotal: 1 });
  if (url.includes('delegation/list')) return jsonResponse({ http_status: 200, message: '', data: [], recordsTotal: 0 });
  if (init?.method === 'POST') return jsonResponse({ http_status: 201, message: 'Delegasi disimpan.', data: GIVEN }, 201);
  return jsonResponse({ http_status: 404, message: 'x', errors: {} }, 404);
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DelegationPanel />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearSession();
});

describe('DelegationPanel', () => {
  it('lists what I gave and received, with an end button named by its delegate', async () => {
    signIn({ allow_permission: 1 });
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    renderPanel();
    const given = await screen.findByRole('table', { name: 'Yang saya berikan' });
    expect(within(given).getByRole('cell', { name: 'Sari Personalia' })).toBeInTheDocument();
    expect(within(given).getByRole('button', { name: /^Akhiri delegasi ke Sari Personalia/ })).toBeInTheDocument();
    const received = await screen.findByRole('table', { name: 'Yang saya terima' });
    expect(within(received).getByText('Belum ada delegasi yang Anda terima.')).toBeInTheDocument();
  });

  it('offers no create form to a user without approval rights', async () => {
    signIn({ allow_report: 1 });
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    renderPanel();
    await screen.findByRole('table', { name: 'Yang saya berikan' });
    expect(screen.queryByRole('button', { name: 'Delegasikan' })).not.toBeInTheDocument();
  });

  it('asks for the delegate before it sends, then posts the delegate and the dates', async () => {
    signIn({ allow_permission: 1 });
    const posts: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)));
      return answer(String(input), init);
    });
    const user = userEvent.setup();
    renderPanel();
    const delegate = await screen.findByRole('combobox', { name: /Penerima delegasi/ });
    await waitFor(() => expect(within(delegate).getByRole('option', { name: 'Sari Personalia (hr)' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delegasikan' }));
    expect(await screen.findByText('Penerima delegasi harus diisi.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.selectOptions(delegate, 'u1');
    await user.type(screen.getByRole('textbox', { name: /Catatan/ }), 'Cuti');
    await user.click(screen.getByRole('button', { name: 'Delegasikan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ delegate: 'u1', delegator: '', note: 'Cuti' });
    const body = posts[0] as { start_date: string; end_date: string };
    expect(body.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.end_date).toBe(body.start_date);
  });
});
