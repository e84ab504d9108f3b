import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRow } from '@/components/audit-history/audit-api';
import { id as t } from '@/i18n/id';
import { createQueryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';
import { jsonResponse } from '@/test/fetch';
import { AuditPage } from '../pages/audit-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime')>()),
  useTopic: () => undefined,
}));

/**
 * The codes the server writes that the screen once showed raw (the sync jobs' pages and batches, the
 * password and schedule entries, the adjustment action); with every code the screen labels. The server
 * side checks that its whole catalogue is labelled in id.ts (server/audit/tests/test_labels.py).
 */
const WRITTEN = {
  actions: ['adjust', 'password_change'],
  objectTypes: ['sync_schedule'],
  fields: ['page', 'batch', 'employees', 'links', 'message', 'status', 'password', 'via', 'hr_pull_enabled', 'hr_pull_time'],
};
const ACTIONS = [...new Set([...Object.keys(t.audit.actions), ...WRITTEN.actions])];
const OBJECT_TYPES = [...new Set([...Object.keys(t.audit.objectTypes), ...WRITTEN.objectTypes])];
const FIELDS = [...new Set([...Object.keys(t.audit.fields), ...WRITTEN.fields])];

/** One row per action, object types and fields spread over them; the server's own labels left as the
 * codes (the screen must not depend on them). */
function rows(): AuditRow[] {
  const count = Math.max(ACTIONS.length, OBJECT_TYPES.length);
  return Array.from({ length: count }, (_, n) => ({
    no: n + 1,
    hash_id: `e${n}`,
    at: '2026-11-29 10:00:00',
    actor: 'Dewi',
    actor_name: 'Dewi',
    job_id: '',
    job_kind: '',
    action: ACTIONS[n % ACTIONS.length],
    action_label: ACTIONS[n % ACTIONS.length],
    object_type: OBJECT_TYPES[n % OBJECT_TYPES.length],
    object_type_label: OBJECT_TYPES[n % OBJECT_TYPES.length],
    object_id: `obj${n}`,
    object_label: `Data ${n}`,
    changes: FIELDS.filter((_, f) => f % count === n).map((field) => ({ field, before: 'lama', after: 'baru' })),
    request_id: '',
  }));
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  const data = rows();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('audit/list')) {
      return jsonResponse({ http_status: 200, message: '', data, recordsTotal: data.length, recordsFiltered: data.length, pagination: {} });
    }
    return jsonResponse({ http_status: 404, message: 'Tidak ditemukan.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('Audit screen labels', () => {
  it('shows every action, object type and changed field by its label, never its code', async () => {
    saveSession({ token: 'tok', profile: { fullname: 'Dewi' }, access: { allow_audit: 1 }, email: 'dewi@example.com', remember: false });
    render(
      <MemoryRouter initialEntries={['/system-admin/audit?per_page=100']}>
        <QueryClientProvider client={createQueryClient()}>
          <AuditPage title="Audit" breadcrumb={[]} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('Data 0');
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.trim() ?? '');
    const names = Array.from(table.querySelectorAll('.audit-changes .fw-semibold')).map((span) => span.textContent ?? '');
    expect(names).toHaveLength(FIELDS.length);
    const raw = [
      ...ACTIONS.filter((code) => cells.includes(code)),
      ...OBJECT_TYPES.filter((code) => cells.includes(code)),
      ...FIELDS.filter((code) => names.includes(code)),
    ];
    expect(raw).toEqual([]);
    for (const code of ACTIONS) expect(cells).toContain(t.audit.actions[code]);
    for (const code of OBJECT_TYPES) expect(cells).toContain(t.audit.objectTypes[code]);
    for (const code of FIELDS) expect(names).toContain(t.audit.fields[code]);
  });
});
