import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { approvalLink as approvalLinkText } from '@/i18n/approval-link.id';
import { id as t } from '@/i18n/id';
import { satisfies, syncAccess, type AccessRule } from '@/lib/access';
import type { UserAccess } from '@/lib/session';


/** A lazily loaded page; `preload` starts fetching its chunk before React asks for it (router.tsx). */
type Page = LazyExoticComponent<ComponentType<RoutePageProps>> & { preload: () => Promise<unknown> };

export interface AppRoute {
  path: string;
  title: string;
  breadcrumb?: readonly string[];
  access?: AccessRule;
  page?: Page;
  /** Render a plain redirect to this path instead of a page. */
  redirectTo?: string;
}

function page<K extends string>(load: () => Promise<Record<K, ComponentType<RoutePageProps>>>, name: K): Page {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: module[name] }))),
    { preload: load },
  );
}

const LoginPage = page(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = page(() => import('@/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const MobileResetPasswordPage = page(
  () => import('@/features/auth/pages/mobile-reset-password-page'),
  'MobileResetPasswordPage',
);
const LockScreenPage = page(() => import('@/features/auth/pages/lock-screen-page'), 'LockScreenPage');
const GuidePage = page(() => import('@/features/auth/pages/guide-page'), 'GuidePage');
const CreditsPage = page(() => import('@/features/credits/pages/credits-page'), 'CreditsPage');
const ProfilePage = page(() => import('@/features/profile/pages/profile-page'), 'ProfilePage');
const ApprovalAttendancePage = page(
  () => import('@/features/approval-attendance/pages/approval-attendance-page'),
  'ApprovalAttendancePage',
);
const ApprovalPermissionPage = page(
  () => import('@/features/approval-izin/pages/approval-permission-page'),
  'ApprovalPermissionPage',
);
const AttendanceHistoryPage = page(
  () => import('@/features/attendance-history/pages/attendance-history-page'),
  'AttendanceHistoryPage',
);
const DashboardPage = page(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage');
const LeaveAdjustmentPage = page(() => import('@/features/adjustments/pages/leave-adjustment-page'), 'LeaveAdjustmentPage');
const LeaveAdjustmentDetailPage = page(
  () => import('@/features/adjustments/pages/leave-adjustment-detail-page'),
  'LeaveAdjustmentDetailPage',
);
const AttendanceAdjustmentPage = page(
  () => import('@/features/adjustments/pages/attendance-adjustment-page'),
  'AttendanceAdjustmentPage',
);
const AttendanceAdjustmentEditPage = page(
  () => import('@/features/adjustments/pages/attendance-adjustment-edit-page'),
  'AttendanceAdjustmentEditPage',
);
const AttendanceAdjustmentListPage = page(
  () => import('@/features/adjustments/pages/attendance-adjustment-list-page'),
  'AttendanceAdjustmentListPage',
);
const AttendanceAdjustmentDetailPage = page(
  () => import('@/features/adjustments/pages/attendance-adjustment-detail-page'),
  'AttendanceAdjustmentDetailPage',
);
const AdjustmentReportPage = page(() => import('@/features/adjustments/pages/adjustment-report-page'), 'AdjustmentReportPage');
const AbsentReportPage = page(() => import('@/features/reports/pages/absent-report-page'), 'AbsentReportPage');
const reportForms = () => import('@/features/reports/pages/report-form-pages');
const reportDocuments = () => import('@/features/reports/pages/report-document-pages');
const DetailReportFormPage = page(reportForms, 'DetailReportFormPage');
const OvertimeReportFormPage = page(reportForms, 'OvertimeReportFormPage');
const PermissionReportFormPage = page(reportForms, 'PermissionReportFormPage');
const UndisciplinedReportFormPage = page(reportForms, 'UndisciplinedReportFormPage');
const SummaryReportFormPage = page(reportForms, 'SummaryReportFormPage');
const SummaryOvertimeFormPage = page(reportForms, 'SummaryOvertimeFormPage');
const SummaryPermissionFormPage = page(reportForms, 'SummaryPermissionFormPage');
const SummaryUndisciplinedFormPage = page(reportForms, 'SummaryUndisciplinedFormPage');
const DetailDocumentPage = page(reportDocuments, 'DetailDocumentPage');
const SummaryDocumentPage = page(reportDocuments, 'SummaryDocumentPage');
const ApprovalLinkPage = page(() => import('@/features/approval-link/pages/approval-link-page'), 'ApprovalLinkPage');
const WallPage = page(() => import('@/features/wall/pages/wall-page'), 'WallPage');
const SyncPage = page(() => import('@/features/sync/pages/sync-page'), 'SyncPage');
const SyncEmployeePage = page(() => import('@/features/sync/pages/sync-employee-page'), 'SyncEmployeePage');
const SyncAttendancePage = page(() => import('@/features/sync/pages/sync-attendance-page'), 'SyncAttendancePage');
const SyncAttendanceListPage = page(
  () => import('@/features/sync/pages/sync-attendance-list-page'),
  'SyncAttendanceListPage',
);
const SyncAttendanceValidationPage = page(
  () => import('@/features/sync/pages/sync-attendance-validation-page'),
  'SyncAttendanceValidationPage',
);
const SyncAttendanceDetailPage = page(
  () => import('@/features/sync/pages/sync-attendance-detail-page'),
  'SyncAttendanceDetailPage',
);
const ManualUploadPage = page(() => import('@/features/manual-upload/pages/manual-upload-page'), 'ManualUploadPage');
const ManualUploadDetailPage = page(
  () => import('@/features/manual-upload/pages/manual-upload-detail-page'),
  'ManualUploadDetailPage',
);
const AnnouncementPage = page(() => import('@/features/announcements/pages/announcement-page'), 'AnnouncementPage');
const BlacklistAppPage = page(() => import('@/features/settings/pages/blacklist-app-page'), 'BlacklistAppPage');
const LeaveSettingsPage = page(() => import('@/features/settings/pages/leave-settings-page'), 'LeaveSettingsPage');
const HolidayPage = page(() => import('@/features/settings/pages/holiday-page'), 'HolidayPage');
const WorkSchedulePage = page(() => import('@/features/settings/pages/work-schedule-page'), 'WorkSchedulePage');
const EmployeePage = page(() => import('@/features/people/pages/employee-page'), 'EmployeePage');
const UserLevelPage = page(() => import('@/features/people/pages/user-level-page'), 'UserLevelPage');
const UserLoginPage = page(() => import('@/features/people/pages/user-login-page'), 'UserLoginPage');
const AuditPage = page(() => import('@/features/audit/pages/audit-page'), 'AuditPage');
const WallDisplayAdminPage = page(
  () => import('@/features/wall/pages/wall-display-admin-page'),
  'WallDisplayAdminPage',
);

const flags = {
  report: { all: ['allow_report'] },
  // The adjustment report: exactly who sees its entry, always shown in the Laporan group (doc1 §6.1).
  reportGroup: { any: ['allow_report', 'allow_reset_attendance'] },
  leave: { all: ['allow_adjustment'] },
  attendanceAdjustment: { all: ['allow_attendance_adjustment'] },
  manualUpload: { all: ['allow_upload_manual'] },
  payrollSync: { all: ['allow_sync_penggajian'] },
  // The sync entry, page and the server's jobs topic (sync/jobs.py SYNC_FLAGS): either tile's flag.
  sync: syncAccess,
  hrSync: { all: ['allow_employee_update'] },
} satisfies Record<string, AccessRule>;

const b = t.breadcrumbs;
const p = t.pages;

/** Public routes: a visitor holding a session token is sent to /. */
export const publicRoutes: AppRoute[] = [
  { path: paths.login, title: t.auth.login.title, page: LoginPage },
  { path: paths.forgotPassword, title: t.auth.forgot.title, page: ForgotPasswordPage },
  { path: paths.resetPassword, title: t.auth.reset.title, page: ResetPasswordPage },
  { path: paths.mobileResetPassword, title: t.auth.mobileReset.title, page: MobileResetPasswordPage },
  { path: paths.lockScreen, title: t.auth.lock.title, page: LockScreenPage },
];

/** The guide: built in, or a forward to GUIDE_URL; open to everyone, signed in users open it from the sidebar. */
export const guideRoute: AppRoute = { path: paths.guide, title: t.auth.guide.title, page: GuidePage };

/** The wall display: opened with a display token, never a session; no shell, no redirect. */
export const wallRoute: AppRoute = { path: paths.wall, title: p.wall, page: WallPage };

/** An e-mailed approval link: its token is the credential, signed in or not; no shell, no redirect. */
export const approvalLinkRoute: AppRoute = { path: paths.approvalLink, title: approvalLinkText.title, page: ApprovalLinkPage };

/** Routes that need a session; `access` lists the flags each one needs (doc1 §6.2, doc3 §6). */
export const protectedRoutes: AppRoute[] = [
  { path: paths.dashboard, title: p.dashboard, page: DashboardPage },
  { path: paths.announcement, title: p.announcement, access: { all: ['allow_announcement'] }, page: AnnouncementPage },
  { path: paths.employee, title: p.employee, access: { all: ['allow_employee'] }, page: EmployeePage },
  { path: paths.credits, title: p.credits, page: CreditsPage },
  { path: paths.profile, title: p.profile, page: ProfilePage },

  // doc2 §2.12 puts the hub under 'Laporan'; it is its own sidebar entry (terms.id.ts).
  { path: paths.sync, title: p.sync, access: flags.sync, page: SyncPage },
  { path: paths.syncEmployee, title: p.syncEmployee, breadcrumb: [b.sync], access: flags.hrSync, page: SyncEmployeePage },
  { path: paths.syncAttendance, title: p.syncAttendance, breadcrumb: [b.sync], access: flags.payrollSync, page: SyncAttendancePage },
  { path: paths.syncAttendanceList, title: p.syncAttendanceList, breadcrumb: [b.sync], access: flags.payrollSync, page: SyncAttendanceListPage },
  {
    path: paths.syncAttendanceValidation,
    title: p.syncAttendanceValidation,
    breadcrumb: [b.sync],
    access: flags.payrollSync,
    page: SyncAttendanceValidationPage,
  },
  { path: paths.syncAttendanceDetail, title: p.syncAttendanceDetail, breadcrumb: [b.sync], access: flags.payrollSync, page: SyncAttendanceDetailPage },

  { path: paths.leaveAdjustment, title: p.leaveAdjustment, breadcrumb: [b.adjustment], access: flags.leave, page: LeaveAdjustmentPage },
  { path: paths.leaveAdjustmentDetail, title: p.leaveAdjustmentDetail, breadcrumb: [b.adjustment], access: flags.leave, page: LeaveAdjustmentDetailPage },
  { path: paths.leaveAdjustmentLegacy, title: p.leaveAdjustment, access: flags.leave, redirectTo: paths.leaveAdjustment },
  // doc1 §2.1 names it only to mark the Penyesuaian Cuti entry active: the balances live on that screen.
  { path: paths.leaveBalance, title: p.leaveAdjustment, access: flags.leave, redirectTo: paths.leaveAdjustment },
  { path: paths.attendanceAdjustment, title: p.attendanceAdjustment, breadcrumb: [b.adjustment], access: flags.attendanceAdjustment, page: AttendanceAdjustmentPage },
  { path: paths.attendanceAdjustmentEdit, title: p.attendanceAdjustmentEdit, breadcrumb: [b.adjustment], access: flags.attendanceAdjustment, page: AttendanceAdjustmentEditPage },
  { path: paths.attendanceAdjustmentList, title: p.attendanceAdjustmentList, breadcrumb: [b.adjustment], access: flags.attendanceAdjustment, page: AttendanceAdjustmentListPage },
  { path: paths.attendanceAdjustmentDetail, title: p.attendanceAdjustmentDetail, breadcrumb: [b.adjustment], access: flags.attendanceAdjustment, page: AttendanceAdjustmentDetailPage },
  { path: paths.manualUpload, title: p.manualUpload, breadcrumb: [b.attendanceAdjustment], access: flags.manualUpload, page: ManualUploadPage },
  { path: paths.manualUploadDetail, title: p.manualUploadDetail, breadcrumb: [b.adjustment], access: flags.manualUpload, page: ManualUploadDetailPage },

  {
    path: paths.approvalAttendance,
    title: p.approvalAttendance,
    breadcrumb: [b.approval],
    access: { any: ['allow_approved_attendance', 'allow_rejected_attendance'] },
    page: ApprovalAttendancePage,
  },
  {
    path: paths.approvalPermission,
    title: p.approvalPermission,
    breadcrumb: [b.approval],
    access: { all: ['allow_permission'] },
    page: ApprovalPermissionPage,
  },

  { path: paths.reportDetail, title: p.reportDetail, breadcrumb: [b.report], access: flags.report, page: DetailReportFormPage },
  { path: paths.reportDetailDoc, title: p.reportDetailDoc, breadcrumb: [b.report], access: flags.report, page: DetailDocumentPage },
  { path: paths.reportDetailOvertime, title: p.reportDetailOvertime, breadcrumb: [b.report], access: flags.report, page: OvertimeReportFormPage },
  { path: paths.reportDetailPermission, title: p.reportDetailPermission, breadcrumb: [b.report], access: flags.report, page: PermissionReportFormPage },
  { path: paths.reportDetailUndisciplined, title: p.reportDetailUndisciplined, breadcrumb: [b.report], access: flags.report, page: UndisciplinedReportFormPage },
  { path: paths.reportSummary, title: p.reportSummary, breadcrumb: [b.report], access: flags.report, page: SummaryReportFormPage },
  { path: paths.reportSummaryOvertime, title: p.reportSummaryOvertime, breadcrumb: [b.report], access: flags.report, page: SummaryOvertimeFormPage },
  { path: paths.reportSummaryPermission, title: p.reportSummaryPermission, breadcrumb: [b.report], access: flags.report, page: SummaryPermissionFormPage },
  { path: paths.reportSummaryUndisciplined, title: p.reportSummaryUndisciplined, breadcrumb: [b.report], access: flags.report, page: SummaryUndisciplinedFormPage },
  { path: paths.reportSummaryDoc, title: p.reportSummaryDoc, breadcrumb: [b.report], access: flags.report, page: SummaryDocumentPage },
  {
    path: paths.reportLog,
    title: p.reportLog,
    breadcrumb: [b.report],
    access: { all: ['allow_reset_attendance'] },
    page: AttendanceHistoryPage,
  },
  { path: paths.reportAdjustment, title: p.reportAdjustment, breadcrumb: [b.report], access: flags.reportGroup, page: AdjustmentReportPage },
  { path: paths.reportAbsentDoc, title: p.reportAbsent, breadcrumb: [b.report], access: flags.report, page: AbsentReportPage },

  {
    path: paths.settingsShift,
    title: p.settingsShift,
    breadcrumb: [b.settings],
    access: { any: ['allow_setting_shift', 'allow_setting_shift_pattern'] },
    page: WorkSchedulePage,
  },
  { path: paths.settingsHoliday, title: p.settingsHoliday, breadcrumb: [b.settings], access: { all: ['allow_setting_holiday'] }, page: HolidayPage },
  { path: paths.settingsBlacklist, title: p.settingsBlacklist, breadcrumb: [b.settings], access: { all: ['allow_blacklist_app'] }, page: BlacklistAppPage },
  {
    path: paths.settingsPermission,
    title: p.settingsPermission,
    breadcrumb: [b.settings],
    access: { any: ['allow_cuti_khusus', 'allow_cuti_tambahan', 'allow_system_trouble'] },
    page: LeaveSettingsPage,
  },

  { path: paths.userLevel, title: p.userLevel, breadcrumb: [b.systemAdmin], access: { all: ['allow_user_level'] }, page: UserLevelPage },
  { path: paths.userLogin, title: p.userLogin, breadcrumb: [b.systemAdmin], access: { all: ['allow_user_login'] }, page: UserLoginPage },
  {
    path: paths.wallDisplay,
    title: p.wallDisplay,
    breadcrumb: [b.systemAdmin],
    access: { all: ['allow_user_login'] },
    page: WallDisplayAdminPage,
  },
  { path: paths.audit, title: p.audit, breadcrumb: [b.systemAdmin], access: { all: ['allow_audit'] }, page: AuditPage },
];

const allRoutes = [...publicRoutes, guideRoute, wallRoute, approvalLinkRoute, ...protectedRoutes];

/** The route a pathname resolves to, matched through the route table (never by route name). */
export function findRoute(pathname: string): AppRoute | undefined {
  return allRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** Whether the flags allow opening a pathname. Unknown paths are allowed (they show the 404 page). */
export function canAccessPath(pathname: string, access: UserAccess): boolean {
  return satisfies(access, findRoute(pathname)?.access);
}
