import { generatePath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findRoute, protectedRoutes, type AppRoute } from '@/app/route-table';
import { auditText } from '@/i18n/audit.id';
import { terms } from '@/i18n/terms.id';
import { isLinkActive, sidebarMenu, type MenuGroup, type MenuLink } from '../sidebar-menu';

/** Every sidebar link with the group it sits in. */
const links: { link: MenuLink; group?: MenuGroup }[] = sidebarMenu.flatMap((item) =>
  item.kind === 'link' ? [{ link: item }] : item.children.map((link) => ({ link, group: item })),
);
const menuWords = new Set<string>(sidebarMenu.flatMap((item) => [item.label, ...(item.kind === 'group' ? item.children.map((c) => c.label) : [])]));

/** A concrete pathname of a route (its parameters filled in). */
function samplePath(route: AppRoute): string {
  const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((match) => [match[1], 'X1']));
  return generatePath(route.path, params);
}

/** The sidebar entry a pathname marks active (the longest match: the most specific entry). */
function entryFor(pathname: string) {
  return links
    .filter(({ link }) => isLinkActive(link, pathname))
    .sort((a, b) => b.link.to.length - a.link.to.length)[0];
}

describe('the term list in the menu, the titles and the breadcrumbs', () => {
  it('names every sidebar entry with a word of the term list', () => {
    const words = new Set<string>(Object.values(terms));
    expect([...menuWords].filter((label) => !words.has(label))).toEqual([]);
  });

  it.each(links.filter(({ link }) => !link.external).map(({ link, group }) => [link.label, link, group] as const))(
    "'%s' opens a page of the same title, under its group's name",
    (_label, link, group) => {
      const route = findRoute(link.to);
      expect(route, link.to).toBeDefined();
      expect(route?.title).toBe(link.label);
      expect(route?.breadcrumb ?? []).toEqual(group ? [group.label] : []);
    },
  );

  it('gives every page a breadcrumb of menu words that leads to its sidebar entry', () => {
    const problems: string[] = [];
    for (const route of protectedRoutes.filter((r) => r.page)) {
      const trail = route.breadcrumb ?? [];
      for (const crumb of trail) if (!menuWords.has(crumb)) problems.push(`${route.path}: '${crumb}' is no menu word`);
      const entry = entryFor(samplePath(route));
      if (!entry) continue;
      // The trail starts at the entry's group (or the entry itself, for a page under a top-level entry).
      const start = entry.group?.label ?? (entry.link.to === route.path ? undefined : entry.link.label);
      if (trail[0] !== start && !(entry.group && trail[0] === entry.link.label)) {
        problems.push(`${route.path}: breadcrumb [${trail.join(' > ')}] should start at '${start ?? '(none)'}'`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("names the audit's object types as the screens that hold them", () => {
    const types = auditText.objectTypes;
    expect({
      leave_adjustment: types.leave_adjustment,
      attendance_adjustment: types.attendance_adjustment,
      hr_sync: types.hr_sync,
      payroll_sync: types.payroll_sync,
      shift: types.shift,
      shift_pattern: types.shift_pattern,
      holiday: types.holiday,
      blacklist_app: types.blacklist_app,
      user_level: types.user_level,
      user_login: types.user_login,
      employee: types.employee,
      announcement: types.announcement,
      wall_display: types.wall_display,
    }).toEqual({
      leave_adjustment: terms.leaveManual,
      attendance_adjustment: terms.attendanceAdjustment,
      hr_sync: terms.syncEmployee,
      payroll_sync: terms.syncPayroll,
      shift: terms.shift,
      shift_pattern: terms.shiftPattern,
      holiday: terms.settingsHoliday,
      blacklist_app: terms.settingsBlacklist,
      user_level: terms.userLevel,
      user_login: terms.userLogin,
      employee: terms.employee,
      announcement: terms.announcement,
      wall_display: terms.wallDisplay,
    });
  });

  it('catches a page filed under the wrong group', () => {
    const route = findRoute('/sync');
    expect(route).toBeDefined();
    const entry = entryFor('/sync');
    expect(entry?.link.label).toBe(terms.sync);
    expect(entry?.group).toBeUndefined();
  });
});
