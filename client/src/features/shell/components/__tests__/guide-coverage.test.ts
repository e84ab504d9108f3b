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

  it("names menu paths ('Group > Entry') as the sidebar shows them", () => {
    const text = guide.sections.flatMap((section) => section.paragraphs).join('\n');
    const problems: string[] = [];
    for (const group of sidebarMenu) {
      if (group.kind !== 'group') continue;
      for (const match of text.matchAll(new RegExp(`${group.label} > ([^\\n]{0,60})`, 'g'))) {
        if (!group.children.some((child) => match[1].startsWith(child.label))) problems.push(match[0]);
      }
    }
    expect(text).toContain('Persetujuan > ');
    expect(problems).toEqual([]);
  });
});
