import { describe, expect, it } from 'vitest';
import { emptyManPower } from '@/components/man-power-cascade';
import { initialListState } from '@/lib/list';
import { localPage } from '@/lib/local-table';
import { syncErrorsOf, syncParamsOf, type SyncFilter } from '../pages/sync-attendance-page';

const employee = { hash_id: 'h1', employee_number_formatted: '2020.00001', name: 'Budi', man_power_name: 'Site' };

function filter(overrides: Partial<SyncFilter> = {}): SyncFilter {
  return {
    range: { start: '2026-03-01', end: '2026-03-31' },
    section: 'employees',
    employees: [],
    manPower: emptyManPower,
    resigned: [],
    ...overrides,
  };
}

describe('sync params of the filter', () => {
  it('needs both dates and a selection, each named on its field, and at most 30 days', () => {
    expect(syncErrorsOf(filter())).toEqual({ employees: 'Karyawan harus diisi' });
    expect(syncParamsOf(filter())).toBeNull();
    expect(syncErrorsOf(filter({ employees: [employee], range: { start: '2026-03-01', end: '' } }))).toEqual({
      end: 'Tanggal selesai harus diisi',
    });
    const tooLong = filter({ employees: [employee], range: { start: '2026-03-01', end: '2026-04-01' } });
    expect(syncErrorsOf(tooLong)).toEqual({ end: 'Rentang tanggal maksimal 30 hari.' });
    expect(syncParamsOf(tooLong)).toBeNull();
    expect(syncErrorsOf(filter({ section: 'manPower', manPower: { ...emptyManPower, type: 'site' } }))).toEqual({
      manPowerName: 'Man Power harus diisi',
    });
  });

  it('sends employees as default, resigned employees as resigned-payroll, man power by names', () => {
    expect(syncParamsOf(filter({ employees: [employee] }))).toMatchObject({ type: 'default', employee_id: '2020.00001' });
    expect(syncParamsOf(filter({ section: 'resigned', resigned: [employee] }))).toMatchObject({
      type: 'resigned-payroll',
      employee_id: '2020.00001',
    });
    expect(
      syncParamsOf(filter({ section: 'manPower', manPower: { type: 'site', name: 'Site A', team: '', group: '' } })),
    ).toMatchObject({ type: 'default', employee_id: '', man_power_name: 'Site A', man_power_team_name: '' });
  });
});

describe('client-side table', () => {
  const rows = [
    { name: 'Citra', hours: 2 },
    { name: 'adi', hours: 10 },
    { name: 'Budi', hours: 1 },
  ];
  const value = (row: (typeof rows)[number], column: string) => (column === 'hours' ? row.hours : row.name);

  it('sorts (a toggle flips the direction), searches and pages', () => {
    const asc = localPage(rows, initialListState({ sort: { column: 'name', dir: 'asc' } }), value, ['name']);
    expect(asc.rows.map((r) => r.name)).toEqual(['adi', 'Budi', 'Citra']);
    const desc = localPage(rows, initialListState({ sort: { column: 'hours', dir: 'desc' } }), value, ['name']);
    expect(desc.rows.map((r) => r.hours)).toEqual([10, 2, 1]);
    const found = localPage(rows, initialListState({ globalSearch: 'bu' }), value, ['name']);
    expect(found).toEqual({ rows: [{ name: 'Budi', hours: 1 }], total: 1 });
    const second = localPage(rows, initialListState({ page: 2, perPage: 2 }), value, ['name']);
    expect(second).toEqual({ rows: [{ name: 'Budi', hours: 1 }], total: 3 });
  });
});
