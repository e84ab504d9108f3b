import { describe, expect, it } from 'vitest';
import type { EmployeeOption } from '@/components/employee-picker';
import { emptyManPower } from '@/components/man-power-cascade';
import type { AdjustmentRow } from '../api/attendance';
import { applyBulk, editRow, linesOf } from '../components/edits';
import { initialFilter, openSection, selectionErrorsOf, selectionLabel, selectionParamsOf } from '../components/selection';
import { clampRange } from '../pages/adjustment-report-page';
import { leaveYearShown } from '../pages/leave-adjustment-page';

const ani: EmployeeOption = { hash_id: 'a', employee_number_formatted: 'ANI-01', name: 'Ani', man_power_name: 'Kantor' };
const budi: EmployeeOption = { hash_id: 'b', employee_number_formatted: 'BDI-02', name: 'Budi', man_power_name: 'Kantor' };

function row(date: string, overrides: Partial<AdjustmentRow> = {}): AdjustmentRow {
  return {
    id: `ANI-01_${date}`,
    employee_number_formatted: 'ANI-01',
    employee_name: 'Ani',
    job_title: '',
    man_power_name: 'Kantor',
    man_power_team_name: '',
    man_power_group_name: '',
    date,
    check_in_time: '',
    check_out_time: '',
    keterangan: 'Hadir',
    lembur_type: 'Hari Kerja',
    lembur_workday: 2,
    lembur_aktual: 2,
    is_valid: 1,
    standby: 0,
    is_shift_off: 0,
    adjustment_id: '',
    sync_id: '',
    sync_status: 'Belum Sync',
    generated_status: 'Belum Generate',
    ...overrides,
  };
}

describe('selection', () => {
  const range = { start: '2026-03-01', end: '2026-03-05' };

  it('needs people or a man power type plus name and both dates, each named on its field', () => {
    // Inline messages on the fields (DESIGN §18), nothing sent.
    expect(selectionErrorsOf(initialFilter(range))).toEqual({ employees: 'Karyawan harus diisi' });
    expect(selectionParamsOf(initialFilter(range))).toBeNull();
    expect(selectionErrorsOf({ ...initialFilter({ start: '', end: '' }), employees: [ani] })).toEqual({
      start: 'Tanggal mulai harus diisi',
      end: 'Tanggal selesai harus diisi',
    });
    const manPower = { ...openSection(initialFilter(range), 'manPower'), manPower: { ...emptyManPower, type: 'site' } };
    expect(selectionErrorsOf(manPower)).toEqual({ manPowerName: 'Man Power harus diisi' });
    expect(selectionParamsOf(manPower)).toBeNull();
    const resigned = openSection(initialFilter(range), 'resigned');
    expect(selectionErrorsOf(resigned)).toEqual({ resigned: 'Karyawan Sudah Resign harus diisi' });
  });

  it('sends employee numbers as a JSON object keyed 1..n', () => {
    const params = selectionParamsOf({ ...initialFilter(range), employees: [ani, budi] });
    expect(params).toMatchObject({ employee_id: '{"1":"ANI-01","2":"BDI-02"}', man_power_name: '', start_date: '2026-03-01' });
  });

  it('sends the man power with the active toggle and empty strings for missing levels', () => {
    const filter = { ...openSection(initialFilter(range), 'manPower'), manPower: { ...emptyManPower, type: 'site', name: 'Site A' } };
    expect(selectionParamsOf(filter)).toMatchObject({ man_power_type: 'site', man_power_name: 'Site A', man_power_team_name: '', man_power: '1' });
  });

  it('opening a section clears the others', () => {
    const filter = openSection({ ...initialFilter(range), employees: [ani] }, 'resigned');
    expect(filter.employees).toEqual([]);
    expect(filter.section).toBe('resigned');
  });

  it('refuses more than 30 days and clamps the report range from the start', () => {
    const tooLong = { ...initialFilter({ start: '2026-03-01', end: '2026-04-01' }), employees: [ani] };
    expect(selectionErrorsOf(tooLong)).toEqual({ end: 'Rentang tanggal maksimal 30 hari.' });
    expect(selectionParamsOf(tooLong)).toBeNull();
    expect(clampRange({ start: '2026-03-01', end: '2026-05-01' })).toEqual({ start: '2026-03-01', end: '2026-03-31' });
  });

  it('labels the selection for the file name', () => {
    expect(selectionLabel({ ...initialFilter(range), employees: [ani] })).toBe('Ani');
    expect(selectionLabel({ ...initialFilter(range), employees: [ani, budi] })).toBe('Karyawan');
  });
});

describe('edits', () => {
  const rows = [row('2026-03-01'), row('2026-03-02'), row('2026-03-03')];

  it('the bulk replace overwrites the days in its range only, keeping standby', () => {
    const edited = editRow(rows[1], {}, { lembur_aktual: 5, standby: 1 });
    const bulk = applyBulk(rows, edited, { start: '2026-03-02', end: '2026-03-03', actualOvertime: 0, status: 0 });
    expect(bulk[rows[0].id]).toBeUndefined();
    expect(bulk[rows[1].id]).toEqual({ lembur_aktual: 0, is_valid: 0, standby: 1 });
    expect(bulk[rows[2].id]).toEqual({ lembur_aktual: 0, is_valid: 0, standby: 0 });
  });

  it('sends only the rows the user touched', () => {
    const edits = editRow(rows[2], {}, { is_valid: 0 });
    expect(linesOf(rows, edits)).toEqual([
      { employee_number_formatted: 'ANI-01', date: '2026-03-03', lembur_aktual: 2, is_valid: 0, standby: 0 },
    ]);
  });
});

describe('leave year', () => {
  it('is the previous year before 15 January', () => {
    expect(leaveYearShown('2027-01-14')).toBe(2026);
    expect(leaveYearShown('2027-01-15')).toBe(2027);
    expect(leaveYearShown('2026-12-31')).toBe(2026);
  });
});
