import { describe, expect, it } from 'vitest';
import { attendanceScope } from '../components/approval-scope';

const counts = {
  attendance_types: ['office'],
  queue_month: { start: '2026-11-01', end: '2026-11-27' },
  attendance_waiting: 105,
  waiting_low_risk: 79,
};

describe('the scope of the dashboard attendance counts', () => {
  it('names the scoped approver’s types and opens the queue on exactly what each count counts', () => {
    const scope = attendanceScope(counts);
    expect(scope.types).toBe('untuk Office');
    expect(scope.monthLink).toBe('/approval/attendance?start=2026-11-01&end=2026-11-27');
    expect(scope.waiting).toEqual({
      label: '105 menunggu persetujuan · semua tanggal · untuk Office',
      link: '/approval/attendance?period=all',
      open: 'Buka antrean: 105 menunggu persetujuan · semua tanggal · untuk Office',
    });
    expect(scope.lowRisk.label).toBe('79 berisiko rendah · semua tanggal · untuk Office');
    expect(scope.lowRisk.link).toBe('/approval/attendance?period=all&risk=low');
  });

  it('says every type for a reader of every type', () => {
    const scope = attendanceScope({ ...counts, attendance_types: ['office', 'pool', 'site', 'tug_boat'], waiting_low_risk: 1234 });
    expect(scope.types).toBe('semua tipe man power');
    expect(scope.lowRisk.label).toBe('1.234 berisiko rendah · semua tanggal · semua tipe man power');
  });
});
