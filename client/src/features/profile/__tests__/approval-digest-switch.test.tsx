import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { ApprovalDigestSwitch } from '../components/approval-digest-switch';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ApprovalDigestSwitch', () => {
  it('is on by default and stores the opt-out as the approval.digest preference', async () => {
    const puts: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      expect(String(input)).toContain('preference/approval.digest');
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse({ http_status: 200, message: '', data: { key: 'approval.digest', value: { enabled: false } } });
      }
      return jsonResponse({ http_status: 200, message: '', data: { key: 'approval.digest', value: null, updated_at: null } });
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ApprovalDigestSwitch />
      </QueryClientProvider>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Kirim ringkasan harian ke email saya' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ value: { enabled: false } }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });
});
