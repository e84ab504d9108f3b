import { describe, expect, it } from 'vitest';
import { sidebarMenu, visibleMenu, type MenuGroup, type MenuItem } from '@/features/shell/components/sidebar-menu';
import { paths } from '@/config/paths';
import { canAccessPath, findRoute, protectedRoutes, publicRoutes } from '../route-table';

const all = (...flags: string[]) => Object.fromEntries(flags.map((flag) => [flag, 1]));

describe('route guards', () => {
  it('lets everyone signed in open the dashboard and credits', () => {
    for (const path of ['/', '/credits', '/profile']) {
      expect(canAccessPath(path, {})).toBe(true);
    }
  });

  it('opens sync with either tile flag, the HR page with its own (no dead end)', () => {
    expect(canAccessPath('/sync', {})).toBe(false);
    expect(canAccessPath('/sync', all('allow_employee_update'))).toBe(true);
    expect(canAccessPath('/sync', all('allow_sync_penggajian'))).toBe(true);
    expect(canAccessPath('/sync/employee', all('allow_sync_penggajian'))).toBe(false);
    expect(canAccessPath('/sync/employee', all('allow_employee_update'))).toBe(true);
  });

  it('resolves the leave-balance path of doc1 §2.1 to the leave adjustment screen', () => {
    expect(findRoute('/adjustment/leave-balance')?.redirectTo).toBe('/adjustment/leave');
    expect(canAccessPath('/adjustment/leave-balance', all('allow_adjustment'))).toBe(true);
  });

  it('opens the adjustment report to the flags of the Laporan group only', () => {
    const path = '/report/attendance-adjustment';
    expect(canAccessPath(path, {})).toBe(false);
    expect(canAccessPath(path, all('allow_attendance_adjustment', 'allow_attendance_adjustment_create'))).toBe(false);
    expect(canAccessPath(path, all('allow_report'))).toBe(true);
    expect(canAccessPath(path, all('allow_reset_attendance'))).toBe(true);
  });

  it('needs the announcement and employee flags for their screens', () => {
    expect(canAccessPath('/announcement', {})).toBe(false);
    expect(canAccessPath('/announcement', all('allow_announcement'))).toBe(true);
    expect(canAccessPath('/employee', { allow_employee: 0 })).toBe(false);
    expect(canAccessPath('/employee', all('allow_employee'))).toBe(true);
  });

  it('opens attendance approval with either the approve or the reject flag (doc1 §6.1)', () => {
    expect(canAccessPath('/approval/attendance', {})).toBe(false);
    expect(canAccessPath('/approval/attendance', all('allow_approved_attendance'))).toBe(true);
    expect(canAccessPath('/approval/attendance', all('allow_rejected_attendance'))).toBe(true);
    expect(
      canAccessPath('/approval/attendance', all('allow_approved_attendance', 'allow_rejected_attendance')),
    ).toBe(true);
    expect(canAccessPath('/approval/permission', all('allow_permission'))).toBe(true);
  });

  it('matches parameterised paths through the route table', () => {
    expect(findRoute('/adjustment/leave/LA-2024-0001')?.path).toBe('/adjustment/leave/:leaveAdjustmentId');
    expect(canAccessPath('/adjustment/leave/LA-1', {})).toBe(false);
    expect(canAccessPath('/adjustment/leave/LA-1', all('allow_adjustment'))).toBe(true);
    expect(canAccessPath('/sync/attendance/detail/SYNC-9', all('allow_sync_penggajian'))).toBe(true);
    expect(canAccessPath('/adjustment/attendance/manual-upload/detail/7', all('allow_attendance_adjustment'))).toBe(
      false,
    );
    expect(canAccessPath('/adjustment/attendance/manual-upload/detail/7', all('allow_upload_manual'))).toBe(true);
  });

  it('accepts any of the alternative flags where the spec says "or"', () => {
    expect(canAccessPath('/settings/shift', all('allow_setting_shift_pattern'))).toBe(true);
    expect(canAccessPath('/settings/shift', all('allow_setting_holiday'))).toBe(false);
    expect(canAccessPath('/settings/permission', all('allow_system_trouble'))).toBe(true);
    expect(canAccessPath('/settings/permission', {})).toBe(false);
  });

  it('guards reports, the attendance log and system administration by their flags', () => {
    expect(canAccessPath('/report/attendance-detail/overtime', all('allow_report'))).toBe(true);
    expect(canAccessPath('/report/attendance-summary/doc', {})).toBe(false);
    expect(canAccessPath('/report/attendance-log', all('allow_report'))).toBe(false);
    expect(canAccessPath('/report/attendance-log', all('allow_reset_attendance'))).toBe(true);
    expect(canAccessPath('/system-admin/user-level', all('allow_user_login'))).toBe(false);
    expect(canAccessPath('/system-admin/user-login', all('allow_user_login'))).toBe(true);
  });

  it('lets unknown paths through to the 404 page', () => {
    expect(findRoute('/does-not-exist')).toBeUndefined();
    expect(canAccessPath('/does-not-exist', {})).toBe(true);
  });

  it('covers every route of doc1 §2.1', () => {
    const declared = [...publicRoutes, ...protectedRoutes].map((route) => route.path);
    expect(declared).toEqual(
      expect.arrayContaining([
        '/login',
        '/forgot-password',
        '/reset-password',
        '/mobile/reset-password',
        '/lock-screen',
        '/',
        '/announcement',
        '/employee',
        '/credits',
        '/sync/attendance/validation',
        '/adjustment/attendance/edit',
        '/report/absent-employees/doc',
        '/settings/blacklist-app',
        '/system-admin/user-login',
      ]),
    );
  });
});

const labels = (menu: MenuItem[]) =>
  menu.map((item) => (item.kind === 'group' ? `${item.label}:[${item.children.map((c) => c.label).join(',')}]` : item.label));

describe('sidebar visibility', () => {
  it('shows only the entries everyone gets to a user without flags', () => {
    expect(labels(visibleMenu({}))).toEqual(['Dashboard', 'Credits', 'Panduan']);
  });

  it('shows Sync to whoever holds a sync tile flag, not to viewers or approvers', () => {
    const viewer = all('allow_report', 'allow_employee', 'allow_permission', 'allow_approved_attendance');
    expect(visibleMenu(viewer).some((item) => item.key === 'sync')).toBe(false);
    expect(visibleMenu(all('allow_employee_update')).some((item) => item.key === 'sync')).toBe(true);
    expect(visibleMenu(all('allow_sync_penggajian')).some((item) => item.key === 'sync')).toBe(true);
  });

  it('shows attendance approval with either approve or reject (doc1 §6.1)', () => {
    expect(visibleMenu({}).some((item) => item.key === 'approval')).toBe(false);
    const approval = visibleMenu(all('allow_rejected_attendance')).find(
      (item) => item.key === 'approval',
    ) as MenuGroup;
    expect(approval.children.map((child) => child.key)).toEqual(['approval-attendance']);
  });

  it('never shows a link whose page the same flags deny', () => {
    const links = sidebarMenu.flatMap((item) => (item.kind === 'group' ? item.children : [item]));
    for (const link of links.filter((entry) => !entry.external)) {
      const rules = [link.access, findRoute(link.to)?.access];
      const flags = [...new Set(rules.flatMap((rule) => [...(rule?.all ?? []), ...(rule?.any ?? [])]))];
      // Every combination of the flags either rule mentions.
      for (let mask = 0; mask < 2 ** flags.length; mask += 1) {
        const access = all(...flags.filter((_, index) => mask & (2 ** index)));
        const shown = visibleMenu(access).some(
          (item) => item.key === link.key || (item.kind === 'group' && item.children.some((child) => child.key === link.key)),
        );
        // The same rule both ways: shown exactly when the route opens (no dead link, no hidden page).
        expect(shown, `${link.key} with ${JSON.stringify(access)}`).toBe(canAccessPath(link.to, access));
      }
    }
  });

  it('shows the Laporan group with allow_reset_attendance, always with the adjustment report', () => {
    const report = visibleMenu(all('allow_reset_attendance')).find((item) => item.key === 'report') as MenuGroup;
    expect(report.children.map((child) => child.key)).toEqual(['report-log', 'report-adjustment']);
    expect(visibleMenu(all('allow_employee')).some((item) => item.key === 'report')).toBe(false);
    const withReport = visibleMenu(all('allow_report')).find((item) => item.key === 'report') as MenuGroup;
    expect(withReport.children.map((child) => child.key)).toContain('report-adjustment');
    const adjuster = visibleMenu(all('allow_attendance_adjustment'));
    expect(adjuster.some((item) => item.kind === 'group' && item.children.some((c) => c.key === 'report-adjustment'))).toBe(false);
  });

  it('shows the permission settings entry with any of the leave or trouble flags', () => {
    const settings = visibleMenu(all('allow_cuti_tambahan')).find((item) => item.key === 'settings') as MenuGroup;
    expect(settings.children.map((child) => child.key)).toEqual(['settings-permission']);
  });
});

describe('in-app link targets', () => {
  const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'X1');

  it('every path the app links to resolves to a route (no link to a 404)', () => {
    for (const [name, path] of Object.entries(paths)) {
      expect(findRoute(sample(path)), `${name} ${path}`).toBeDefined();
    }
  });

  it('every menu entry points at a route', () => {
    const links = sidebarMenu.flatMap((item) => (item.kind === 'group' ? item.children : [item]));
    for (const link of links) {
      expect(findRoute(link.to), link.key).toBeDefined();
      for (const prefix of link.activeFor ?? []) expect(findRoute(prefix), `${link.key} ${prefix}`).toBeDefined();
    }
  });

  it('no source file links to a literal path outside the route table', () => {
    const sources = import.meta.glob(['/src/**/*.tsx', '/src/**/*.ts', '!/src/**/__tests__/**', '!/src/**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const literal = /(?:\bto|href|navigate\()\s*=?\s*\{?\s*['"`](\/[a-z][^'"`?#$]*)/g;
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(literal)) {
        expect(findRoute(match[1]), `${file}: ${match[1]}`).toBeDefined();
      }
    }
  });
});
