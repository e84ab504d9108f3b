export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  mobileResetPassword: '/mobile/reset-password',
  guide: '/panduan',
  lockScreen: '/lock-screen',

  dashboard: '/',
  announcement: '/announcement',
  employee: '/employee',
  credits: '/credits',
  profile: '/profile',

  sync: '/sync',
  syncEmployee: '/sync/employee',
  syncAttendance: '/sync/attendance',
  syncAttendanceList: '/sync/attendance/list',
  syncAttendanceValidation: '/sync/attendance/validation',
  syncAttendanceDetail: '/sync/attendance/detail/:attendanceSyncId',

  leaveAdjustment: '/adjustment/leave',
  leaveAdjustmentDetail: '/adjustment/leave/:leaveAdjustmentId',
  leaveAdjustmentLegacy: '/leave-adjustment',
  leaveBalance: '/adjustment/leave-balance',
  attendanceAdjustment: '/adjustment/attendance',
  attendanceAdjustmentEdit: '/adjustment/attendance/edit',
  attendanceAdjustmentList: '/adjustment/attendance/list',
  attendanceAdjustmentDetail: '/adjustment/attendance/detail/:attendanceAdjustmentId',
  manualUpload: '/adjustment/attendance/manual-upload',
  manualUploadDetail: '/adjustment/attendance/manual-upload/detail/:manualAdjustmentId',

  approvalAttendance: '/approval/attendance',
  approvalPermission: '/approval/permission',
  approvalLink: '/approval-link/:token',

  reportDetail: '/report/attendance-detail',
  reportDetailDoc: '/report/attendance-detail/doc',
  reportDetailOvertime: '/report/attendance-detail/overtime',
  reportDetailPermission: '/report/attendance-detail/permission',
  reportDetailUndisciplined: '/report/attendance-detail/undisciplined',
  reportSummary: '/report/attendance-summary',
  reportSummaryDoc: '/report/attendance-summary/doc',
  reportSummaryOvertime: '/report/attendance-summary/overtime',
  reportSummaryPermission: '/report/attendance-summary/permission',
  reportSummaryUndisciplined: '/report/attendance-summary/undisciplined',
  reportLog: '/report/attendance-log',
  reportAdjustment: '/report/attendance-adjustment',
  reportAbsentDoc: '/report/absent-employees/doc',

  settingsShift: '/settings/shift',
  settingsHoliday: '/settings/holiday',
  settingsBlacklist: '/settings/blacklist-app',
  settingsPermission: '/settings/permission',

  userLevel: '/system-admin/user-level',
  userLogin: '/system-admin/user-login',
  wallDisplay: '/system-admin/wall-display',
  audit: '/system-admin/audit',

  wall: '/wall',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
