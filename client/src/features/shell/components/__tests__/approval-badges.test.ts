import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApprovalBadges } from '../../api/use-approval-badges';
import { resetWaiting, setAttendanceWaiting, setIzinWaiting } from '@/lib/live-queue';

const OFFICE_APPROVER = {
  allow_approved_attendance: 1,
  allow_approved_attendance_office: 1,
  allow_rejected_attendance: 1,
  allow_rejected_attendance_office: 1,
  allow_permission: 1,
};

beforeEach(() => resetWaiting());

describe('useApprovalBadges', () => {
  it('follows the live counts, summing the attendance queue over the types the user holds', () => {
    const { result } = renderHook(() => useApprovalBadges(OFFICE_APPROVER));
    expect(result.current).toEqual({ attendance: null, izin: null });
    act(() => {
      setAttendanceWaiting({ office: 4, site: 30 });
      setIzinWaiting(2);
    });
    // The badge says what it counts: the office approver's types, every date.
    expect(result.current).toEqual({
      attendance: { count: 4, label: '4 menunggu persetujuan · semua tanggal · untuk Office' },
      izin: { count: 2, label: '2 menunggu persetujuan (semua tanggal)' },
    });
    act(() => setAttendanceWaiting({ office: 3, site: 31 }));
    expect(result.current.attendance).toEqual({ count: 3, label: '3 menunggu persetujuan · semua tanggal · untuk Office' });
  });

  it('shows nothing for queues the user cannot work on', () => {
    act(() => {
      setAttendanceWaiting({ office: 4 });
      setIzinWaiting(2);
    });
    const { result } = renderHook(() => useApprovalBadges({ allow_report: 1 }));
    expect(result.current).toEqual({ attendance: null, izin: null });
  });
});
