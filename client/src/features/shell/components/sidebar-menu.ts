import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { satisfies, syncAccess, type AccessRule } from '@/lib/access';
import type { UserAccess } from '@/lib/session';

export interface MenuLink {
  kind: 'link';
  key: string;
  label: string;
  to: string;
  icon: string;
  access?: AccessRule;
  /** Other path prefixes that mark this entry active. */
  activeFor?: readonly string[];
  external?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  label: string;
  icon: string;
  children: MenuLink[];
  /** Overrides "shown when any child is shown". */
  visible?: (access: UserAccess) => boolean;
}

export type MenuItem = MenuLink | MenuGroup;

const m = t.shell.menu;

/** The Laporan group shows with either flag (doc1 §6.1). */
const reportGroup: AccessRule = { any: ['allow_report', 'allow_reset_attendance'] };

function link(key: string, label: string, to: string, icon: string, extra: Partial<MenuLink> = {}): MenuLink {
  return { kind: 'link', key, label, to, icon, ...extra };
}

/** Sidebar entries and their visibility flags (doc1 §2.7, §6.1). */
export const sidebarMenu: MenuItem[] = [
  link('dashboard', m.dashboard, paths.dashboard, 'bi-speedometer2'),
  link('announcement', m.announcement, paths.announcement, 'bi-megaphone', { access: { all: ['allow_announcement'] } }),
  link('employee', m.employee, paths.employee, 'bi-people', { access: { all: ['allow_employee'] } }),
  link('sync', m.sync, paths.sync, 'bi-arrow-repeat', { access: syncAccess }),
  {
    kind: 'group',
    key: 'adjustment',
    label: m.adjustment,
    icon: 'bi-sliders',
    children: [
      link('leave-adjustment', m.leaveAdjustment, paths.leaveAdjustment, 'bi-calendar-minus', {
        access: { all: ['allow_adjustment'] },
        activeFor: [paths.leaveBalance, paths.leaveAdjustmentLegacy],
      }),
      link('attendance-adjustment', m.attendanceAdjustment, paths.attendanceAdjustment, 'bi-clock-history', {
        access: { all: ['allow_attendance_adjustment'] },
      }),
    ],
  },
  {
    kind: 'group',
    key: 'approval',
    label: m.approval,
    icon: 'bi-check2-square',
    children: [
      // doc1 §6.1: the entry shows with either flag; the route takes either too (README "Flag
      // decisions"): the screen offers Setujui and Tolak per flag and the server checks each.
      link('approval-attendance', m.approvalAttendance, paths.approvalAttendance, 'bi-person-check', {
        access: { any: ['allow_approved_attendance', 'allow_rejected_attendance'] },
      }),
      link('approval-permission', m.approvalPermission, paths.approvalPermission, 'bi-envelope-check', {
        access: { all: ['allow_permission'] },
      }),
    ],
  },
  {
    kind: 'group',
    key: 'report',
    label: m.report,
    icon: 'bi-file-earmark-bar-graph',
    visible: (access) => satisfies(access, reportGroup),
    children: [
      link('report-detail', m.reportDetail, paths.reportDetail, 'bi-list-columns', { access: { all: ['allow_report'] } }),
      link('report-summary', m.reportSummary, paths.reportSummary, 'bi-clipboard-data', {
        access: { all: ['allow_report'] },
        activeFor: [paths.reportSummaryOvertime, paths.reportSummaryPermission, paths.reportSummaryUndisciplined],
      }),
      link('report-log', m.reportLog, paths.reportLog, 'bi-journal-text', { access: { all: ['allow_reset_attendance'] } }),
      // Always shown inside the group (doc1 §6.1): the group's own flags, which its route and API need.
      link('report-adjustment', m.reportAdjustment, paths.reportAdjustment, 'bi-journal-check', { access: reportGroup }),
    ],
  },
  {
    kind: 'group',
    key: 'settings',
    label: m.settings,
    icon: 'bi-gear',
    children: [
      link('settings-holiday', m.settingsHoliday, paths.settingsHoliday, 'bi-calendar-event', {
        access: { all: ['allow_setting_holiday'] },
      }),
      link('settings-shift', m.settingsShift, paths.settingsShift, 'bi-calendar-week', {
        access: { any: ['allow_setting_shift', 'allow_setting_shift_pattern'] },
      }),
      link('settings-blacklist', m.settingsBlacklist, paths.settingsBlacklist, 'bi-slash-circle', {
        access: { all: ['allow_blacklist_app'] },
      }),
      link('settings-permission', m.settingsPermission, paths.settingsPermission, 'bi-calendar2-x', {
        access: { any: ['allow_cuti_khusus', 'allow_cuti_tambahan', 'allow_system_trouble'] },
      }),
    ],
  },
  {
    kind: 'group',
    key: 'system-admin',
    label: m.systemAdmin,
    icon: 'bi-shield-lock',
    children: [
      link('user-level', m.userLevel, paths.userLevel, 'bi-diagram-3', { access: { all: ['allow_user_level'] } }),
      link('user-login', m.userLogin, paths.userLogin, 'bi-person-badge', { access: { all: ['allow_user_login'] } }),
      link('wall-display', m.wallDisplay, paths.wallDisplay, 'bi-display', { access: { all: ['allow_user_login'] } }),
      link('audit', m.audit, paths.audit, 'bi-clock-history', { access: { all: ['allow_audit'] } }),
    ],
  },
  link('credits', m.credits, paths.credits, 'bi-award'),
  link('guide', m.guide, paths.guide, 'bi-book', { external: true }),
];

/** The menu as this user sees it: hidden entries and empty groups removed. */
export function visibleMenu(access: UserAccess, menu: MenuItem[] = sidebarMenu): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of menu) {
    if (item.kind === 'link') {
      if (satisfies(access, item.access)) result.push(item);
      continue;
    }
    const children = item.children.filter((child) => satisfies(access, child.access));
    const shown = item.visible ? item.visible(access) : children.length > 0;
    if (shown && children.length > 0) result.push({ ...item, children });
  }
  return result;
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isLinkActive(item: MenuLink, pathname: string): boolean {
  if (item.external) return false;
  return [item.to, ...(item.activeFor ?? [])].some((prefix) => matchesPrefix(pathname, prefix));
}
