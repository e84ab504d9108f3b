import { describe, expect, it } from 'vitest';
import { attendanceTypesScope, attendanceWaitingLabel } from '../live-queue';

const rights = (types: string[]) =>
  Object.fromEntries([
    ['allow_approved_attendance', 1],
    ...types.map((type) => [`allow_approved_attendance_${type}`, 1] as const),
  ]);

describe('the scope of a waiting count', () => {
  it('names the period and the man power types the count covers', () => {
    expect(attendanceWaitingLabel(1387, rights(['office', 'pool', 'site', 'tug_boat']))).toBe(
      '1.387 menunggu persetujuan · semua tanggal · semua tipe man power',
    );
    expect(attendanceWaitingLabel(12, rights(['office', 'site']))).toBe(
      '12 menunggu persetujuan · semua tanggal · untuk Office, Site',
    );
  });

  it('says every type only when every type is covered', () => {
    expect(attendanceTypesScope(['office', 'pool', 'site', 'tug_boat'])).toBe('semua tipe man power');
    expect(attendanceTypesScope(['tug_boat'])).toBe('untuk Tug Boat');
  });
});
