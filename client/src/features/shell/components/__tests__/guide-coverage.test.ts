import { describe, expect, it } from 'vitest';
import { guide } from '@/i18n/guide.id';
import { sidebarMenu } from '../sidebar-menu';

describe('the in-app guide (/panduan)', () => {
  it('has a section for every area of the menu', () => {
    const covered = new Set(guide.sections.flatMap((section) => section.areas ?? []));
    const areas = sidebarMenu.map((item) => item.key).filter((key) => key !== 'credits' && key !== 'guide');
    expect(areas).toEqual(
      expect.arrayContaining(['dashboard', 'announcement', 'employee', 'sync', 'adjustment', 'approval', 'report', 'settings', 'system-admin']),
    );
    expect(areas.filter((key) => !covered.has(key))).toEqual([]);
  });

  it('names only areas the menu has, and ids are unique anchors', () => {
    const keys = new Set(sidebarMenu.map((item) => item.key));
    for (const section of guide.sections) for (const area of section.areas ?? []) expect(keys.has(area), area).toBe(true);
    const ids = guide.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
