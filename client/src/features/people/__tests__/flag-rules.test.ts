import { describe, expect, it } from 'vitest';
import {
  childDisabled,
  SPECIAL_RIGHTS,
  toChecks,
  toFlags,
  toggleParent,
  toggleRight,
} from '../components/flag-rules';

const announcement = {
  flag: 'allow_announcement',
  children: [{ flag: 'allow_announcement_create' }, { flag: 'allow_announcement_update' }, { flag: 'allow_announcement_delete' }],
};

describe('level matrix rules', () => {
  it('turning a list flag off clears its children', () => {
    const values = { allow_announcement: true, allow_announcement_create: true, allow_announcement_delete: true, allow_report: true };
    expect(toggleParent(values, announcement, false)).toEqual({
      allow_announcement: false,
      allow_announcement_create: false,
      allow_announcement_update: false,
      allow_announcement_delete: false,
      allow_report: true,
    });
  });

  it('ticking a list flag keeps its children as they were', () => {
    expect(toggleParent({ allow_announcement: false }, announcement, true)).toEqual({ allow_announcement: true });
  });

  it('a child is editable only in edit mode with its parent on', () => {
    expect(childDisabled(true, true)).toBe(false);
    expect(childDisabled(true, false)).toBe(true);
    expect(childDisabled(false, true)).toBe(true);
  });
});

describe('special rights', () => {
  it('unticking approve clears its four man power sub-flags only', () => {
    const values = toChecks(
      { allow_approved_attendance: 1, allow_approved_attendance_site: 1, allow_rejected_attendance: 1, allow_rejected_attendance_pool: 1 },
      SPECIAL_RIGHTS,
    );
    const next = toggleRight(values, 'allow_approved_attendance', false);
    expect(next.allow_approved_attendance_site).toBe(false);
    expect(next.allow_rejected_attendance_pool).toBe(true);
    expect(Object.keys(next)).toHaveLength(SPECIAL_RIGHTS.length);
  });

  it('converts between API flags and form checks', () => {
    expect(toChecks({ a: 1, b: 0 }, ['a', 'b', 'c'])).toEqual({ a: true, b: false, c: false });
    expect(toFlags({ a: true, b: false })).toEqual({ a: 1, b: 0 });
  });
});
