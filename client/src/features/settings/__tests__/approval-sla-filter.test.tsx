import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { LeaveSettingsPage } from '../pages/leave-settings-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime')>()),
  useTopic: () => undefined,
}));

const USERS = [
  { hash_id: 'u1', fullname: 'Dewi Lestari', username: 'dewi' },
  { hash_id: 'u2', fullname: 'Budi Santoso', username: 'budi' },
];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('setting/approval_sla/users')) return jsonResponse({ http_status: 200, message: '', data: { users: USERS } });
    if (url.includes('setting/approval_sla') && init?.method === 'PUT') {
      return jsonResponse({ http_status: 200, message: 'Data berhasil diperbarui.', data: {} });
    }
    if (url.includes('setting/approval_sla')) {
      return jsonResponse({
        http_status: 200,
        message: '',
        data: { attendance_hours: 24, permission_hours: 48, escalate_to: [], escalate_to_users: [] },
      });
    }
    return jsonResponse({ http_status: 200, message: '', data: [], recordsTotal: 0, recordsFiltered: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('approval deadlines: the escalation users filter', () => {
  it('filters as one types; Enter in it never saves the form', async () => {
    saveSession({
      token: 'tok',
      profile: { fullname: 'Dewi' },
      access: { allow_system_trouble: 1, allow_system_trouble_update: 1 },
      email: 'dewi@example.com',
      remember: false,
    });
    render(
      <MemoryRouter initialEntries={['/settings/permission?tab=approval_sla']}>
        <QueryClientProvider client={createQueryClient()}>
          <LeaveSettingsPage title="Cuti & Gangguan Sistem" breadcrumb={[]} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const filter = await screen.findByRole('searchbox', { name: 'Cari pengguna' });
    const list = await screen.findByTestId('escalate-to');
    await within(list).findByRole('checkbox', { name: 'Budi Santoso (budi)' });
    await user.click(filter);
    await user.keyboard('budi{Enter}');
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });
});
