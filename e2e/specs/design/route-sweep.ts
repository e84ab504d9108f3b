import type { APIRequestContext, Page } from '@playwright/test';
import { DashboardApi } from '../../fixtures/dashboard-api';
import { daysAgo, previousMonth, ReportsApi, type DetailReport, type SummaryReport } from '../../fixtures/reports-api';
import { demoUsers } from '../../fixtures/users';
import { expect } from '../../fixtures/test';
import { DataTable } from '../../pages/data-table';
import { hexTag } from '../../fixtures/tags';

/**
 * The route sweep: every built screen of the client's route table, how to wait for its data, and
 * each of its modals and drawers. The accessibility spec scans each with axe (DESIGN §8); the formats
 * spec reads each one's text against DESIGN §18.
 */

export type Open = (page: Page) => Promise<void>;

export interface Screen {
  name: string;
  path: string | ((request: APIRequestContext) => Promise<string>);
  /** Waits until the screen shows its data. */
  ready: Open;
  /** Each opens one modal and leaves it open for the scan; on a freshly loaded screen (reloaded before each but the first). */
  modals?: Record<string, Open>;
  /** Opens the filter drawer (phone only: on a laptop the filters are a card). */
  drawer?: Open;
  /** Runs once before the first visit (e.g. leaves a locked session in storage). */
  prepare?: Open;
  /** The route table paths this screen is (for a computed `path`). */
  covers?: string[];
}

export async function heading(page: Page, name: string, level = 1): Promise<void> {
  // A screen is a lazy chunk: on a loaded machine it may take longer than the default 7 s.
  await expect(page.getByRole('heading', { level, name, exact: true })).toBeVisible({ timeout: 20_000 });
}

/** A screen's h1 and no part of it still loading. */
export async function screenLoaded(page: Page, title: string): Promise<void> {
  await heading(page, title);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

export async function tableLoaded(page: Page, title: string): Promise<DataTable> {
  const table = new DataTable(page, title);
  await expect(table.table).toBeVisible();
  await table.loaded();
  return table;
}

export async function dialogLoaded(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Memuat…' })).toHaveCount(0);
  // Let the opening transition finish: axe reads the colours as they end up.
  await expect(dialog).toHaveCSS('opacity', '1');
}

export function rowDetail(table: string, dialog: string): Open {
  return async (page) => {
    // A cell with nothing to press in it: the row's middle can be its photo's 'Perbesar foto' button (a
    // long employee ID widens the first columns), which opens the photo, not the row's detail.
    const row = (await tableLoaded(page, table)).rows.first();
    await row.getByRole('cell').filter({ hasNot: page.locator('button, a, input, select') }).first().click();
    await dialogLoaded(page, dialog);
    // The click scrolled the row into view: a control of the page left straddling the top of the
    // viewport sticks out of the modal that covers the rest of it, and axe measures that sliver as a
    // touch target too small (target-size). The scan is of the modal: the page behind it as loaded.
    await page.evaluate(() => window.scrollTo(0, 0));
  };
}

export async function openFilterDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Filter/ }).click();
  await dialogLoaded(page, 'Filter');
}

/**
 * The last seven days: a week always holds working days with absences in the seed (about a hundred
 * lines, where the year so far is about three hundred: axe's cost grows with the rows, its findings do
 * not, every row being the same markup).
 */
function absentReportPath(): string {
  return `/report/absent-employees/doc?s=${daysAgo(6)}&e=${daysAgo(0)}`;
}

/** The placement whose seeded days fill the report documents (the report specs read the same). */
const REPORT_PLACEMENT = { man_power: 'office', man_power_name: 'Kantor Pusat Jakarta' };
const REPORT_TEAM = 'Keuangan';

/**
 * A report document's address (kind detail, lembur, permission, late or summary), on the seeded team
 * when it has lines of that kind, else on the whole placement; never an empty document: the scan is
 * of the tables with their data.
 */
function reportDocumentPath(kind: 'detail' | 'lembur' | 'permission' | 'late' | 'summary') {
  const monthly = kind === 'permission' || kind === 'late' || kind === 'summary';
  const last = previousMonth();
  // Three seeded days for the daily documents: their rows are the same markup, and axe's cost grows with them.
  const range = monthly ? { start: last.start, end: last.end } : { start: daysAgo(5), end: daysAgo(3) };
  const endpoint = { detail: 'report', lembur: 'report/lembur', permission: 'report/permission', late: 'report/late', summary: 'report/report_summary' }[kind];
  return async (request: APIRequestContext): Promise<string> => {
    const api = await new ReportsApi(request).signIn();
    let team = REPORT_TEAM;
    for (const tried of [REPORT_TEAM, '']) {
      team = tried;
      const params = {
        ...REPORT_PLACEMENT,
        man_power_team_name: tried,
        start_date: range.start,
        end_date: range.end,
        ...(kind === 'summary' || kind === 'detail' ? {} : { category: 'all' }),
      };
      const report = await api.get<DetailReport & SummaryReport>(endpoint, params);
      if ((kind === 'summary' ? report.rows : report.employees).length > 0) break;
      expect(tried, `the ${kind} report of ${REPORT_PLACEMENT.man_power_name} has no lines`).not.toBe('');
    }
    const base = kind === 'summary' ? '/report/attendance-summary/doc' : '/report/attendance-detail/doc';
    const search = new URLSearchParams({ kind, mpt: REPORT_PLACEMENT.man_power, mpn: REPORT_PLACEMENT.man_power_name });
    if (team) search.set('mpm', team);
    search.set('s', range.start);
    search.set('e', range.end);
    if (kind !== 'summary' && kind !== 'detail') search.set('cat', 'all');
    return `${base}?${search.toString()}`;
  };
}

/** A report document with its data shown (its body no longer busy, at least one table row). */
async function reportDocumentLoaded(page: Page, title: string): Promise<void> {
  await heading(page, title, 2);
  const body = page.locator('article.report-document div[aria-busy]');
  await expect(body).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(body.locator('tbody tr').first()).toBeVisible();
}

async function wallPath(request: APIRequestContext): Promise<string> {
  const api = await new DashboardApi(request).signIn();
  const display = await api.createDisplay(`Layar Aksesibilitas ${hexTag()}`);
  return `/wall#token=${encodeURIComponent(display.token)}`;
}

/**
 * Routes whose screen needs a record or a previous step: scanned by the spec named, the record's
 * detail pages at both viewports (expectWellFormedAtBothViewports), right after the flow that made it.
 */
export const SCANNED_ELSEWHERE: Record<string, string> = {
  '/adjustment/leave/:leaveAdjustmentId': 'specs/adjustment/leave-adjustment.spec.ts (leave adjustment detail, both viewports)',
  '/adjustment/attendance/edit': 'specs/adjustment/attendance-adjustment.spec.ts (reached from the filter)',
  '/adjustment/attendance/detail/:attendanceAdjustmentId': 'specs/adjustment/attendance-adjustment.spec.ts (attendance adjustment detail, both viewports)',
  '/adjustment/attendance/manual-upload/detail/:manualAdjustmentId': 'specs/upload/manual-upload.spec.ts (manual upload detail, both viewports)',
  '/sync/attendance/validation': 'specs/sync/sync-attendance.spec.ts (needs a preview; else back to the filter)',
  '/sync/attendance/detail/:attendanceSyncId': 'specs/sync/sync-attendance.spec.ts (payroll sync detail, both viewports)',
  '/adjustment/leave-balance': 'a redirect to /adjustment/leave',
  '/leave-adjustment': 'a redirect to /adjustment/leave',
  '/approval-link/:token': 'specs/approval-link/approval-link.spec.ts (needs a mailed token; axe on the page)',
};

export function routeOf(address: string): string {
  return address.split('?')[0];
}
/** The screens signed out (the wall display among them). */
export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'login', path: '/login', ready: (page) => heading(page, 'Masuk ke Kehadiran') },
  { name: 'forgot password', path: '/forgot-password', ready: (page) => heading(page, 'Lupa Password') },
  { name: 'reset password', path: '/reset-password', ready: (page) => heading(page, 'Reset Password') },
  {
    name: 'mobile reset password',
    path: '/mobile/reset-password?email=karyawan%40example.com&code=ABC123',
    ready: (page) => heading(page, 'Reset Password Aplikasi Mobile'),
  },
  { name: 'guide', path: '/panduan', ready: (page) => heading(page, 'Panduan Kehadiran') },
  {
    name: 'lock screen',
    path: '/lock-screen',
    // What Lock Screen leaves behind: the profile and email, no token.
    prepare: async (page) => {
      await page.goto('/login');
      await page.evaluate((user) => {
        window.localStorage.setItem('permanentData', 'true');
        window.localStorage.setItem('userEmail', user.email);
        window.localStorage.setItem('userProfile', JSON.stringify({ fullname: user.fullname }));
      }, demoUsers.admin);
    },
    ready: (page) => heading(page, 'Layar Terkunci'),
  },
  { name: 'not found', path: '/tidak-ada', ready: (page) => heading(page, 'Halaman yang Anda cari tidak ada.') },
  {
    name: 'wall display',
    path: wallPath,
    covers: ['/wall'],
    ready: async (page) => {
      await expect(page.getByRole('timer', { name: 'Jam' })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Terhubung', exact: true })).toBeVisible({ timeout: 15_000 });
    },
  },
];

/** The screens signed in as the admin (every permission), on the seeded data. */
export const ADMIN_SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: '/',
    ready: async (page) => {
      await heading(page, 'Dashboard');
      await expect(page.getByRole('region', { name: 'Ringkasan Persetujuan' }).locator('[aria-busy="true"]')).toHaveCount(0);
    },
    modals: {
      'absent report range': async (page) => {
        await page.getByRole('button', { name: 'Pilih Periode Laporan' }).click();
        await dialogLoaded(page, 'Laporan Karyawan Tidak Hadir');
      },
    },
  },
  {
    name: 'attendance approval',
    path: '/approval/attendance',
    ready: async (page) => {
      await heading(page, 'Persetujuan Kehadiran');
      await tableLoaded(page, 'Kehadiran menunggu persetujuan');
    },
    modals: {
      'log detail': rowDetail('Kehadiran menunggu persetujuan', 'Detail Kehadiran'),
      'cockpit keys': async (page) => {
        await page.getByRole('button', { name: 'Pintasan keyboard' }).click();
        await dialogLoaded(page, 'Pintasan keyboard');
      },
      'bulk approve confirm': async (page) => {
        const table = await tableLoaded(page, 'Kehadiran menunggu persetujuan');
        await table.rows.first().getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Setujui terpilih' }).click();
        await dialogLoaded(page, 'Setujui 1 absen terpilih');
      },
      'low-risk confirm': async (page) => {
        await page.getByRole('button', { name: 'Setujui semua risiko rendah' }).click();
        await dialogLoaded(page, 'Setujui semua risiko rendah');
        await expect(page.getByRole('dialog').locator('.placeholder-glow')).toHaveCount(0);
      },
    },
    drawer: openFilterDrawer,
  },
  {
    name: 'izin approval',
    path: '/approval/permission',
    ready: async (page) => {
      await heading(page, 'Persetujuan Izin');
      await tableLoaded(page, 'Daftar Izin');
    },
    modals: { 'izin detail': rowDetail('Daftar Izin', 'Detail Izin') },
  },
  {
    name: 'attendance history',
    path: '/report/attendance-log',
    ready: async (page) => {
      await heading(page, 'Riwayat Kehadiran');
      await tableLoaded(page, 'Riwayat Kehadiran');
    },
    modals: {
      'log detail': rowDetail('Riwayat Kehadiran', 'Detail Kehadiran'),
      // The app's date input (DESIGN §18): its calendar dialog over the filters (on a phone, in the drawer).
      calendar: async (page) => {
        const phone = (page.viewportSize()?.width ?? 0) < 992;
        if (phone) await openFilterDrawer(page);
        const filters = phone ? page.getByRole('dialog', { name: 'Filter' }) : page.getByRole('region', { name: 'Filter' });
        await filters.getByRole('button', { name: 'Pilih tanggal dari kalender' }).first().click();
        await expect(page.getByRole('dialog', { name: /^Kalender / })).toBeVisible();
      },
    },
    drawer: openFilterDrawer,
  },
  {
    name: 'absent employees report',
    path: absentReportPath(),
    ready: async (page) => {
      await heading(page, 'Laporan Karyawan Tidak Hadir', 2);
      await expect(page.locator('tbody tr.absent-skeleton-row')).toHaveCount(0);
      // Scanned with its lines, never the empty message.
      await expect(page.locator('tbody td:not([colspan])').first()).toBeVisible();
    },
  },
  ...(
    [
      ['detail report document', 'detail', 'Laporan Detail Kehadiran'],
      ['overtime report document', 'lembur', 'Laporan Detail Lembur'],
      ['permission report document', 'permission', 'Laporan Detail Izin'],
      ['undisciplined report document', 'late', 'Laporan Detail Tidak Disiplin'],
      ['summary report document', 'summary', 'Laporan Rangkuman Kehadiran'],
    ] as const
  ).map(([name, kind, title]) => ({
    name,
    path: reportDocumentPath(kind),
    covers: [kind === 'summary' ? '/report/attendance-summary/doc' : '/report/attendance-detail/doc'],
    ready: (page: Page) => reportDocumentLoaded(page, title),
  })),
  { name: 'credits', path: '/credits', ready: (page) => heading(page, 'Credits') },
  {
    name: 'profile',
    path: '/profile',
    ready: async (page) => {
      await heading(page, 'Profil Saya');
      await expect(page.getByRole('list', { name: 'Hak akses' })).toBeVisible();
    },
    modals: {
      'change password': async (page) => {
        await page.getByRole('main').getByRole('button', { name: 'Ubah Kata Sandi' }).click();
        await dialogLoaded(page, 'Ubah Kata Sandi');
      },
    },
  },
  {
    name: 'wall display admin',
    path: '/system-admin/wall-display',
    ready: async (page) => {
      await heading(page, 'Tampilan Dinding');
      await expect(page.getByRole('table', { name: 'Daftar tampilan dinding' })).toBeVisible();
    },
  },
  {
    name: 'employee directory',
    path: '/employee',
    ready: async (page) => {
      await heading(page, 'Karyawan');
      await tableLoaded(page, 'Daftar Karyawan');
    },
    modals: {
      'employee detail': async (page) => {
        await (await tableLoaded(page, 'Daftar Karyawan')).rows.first().click();
        await dialogLoaded(page, 'Detail Karyawan');
        await expect(page.getByRole('tab', { name: 'Info Man Power' })).toBeVisible();
      },
      'personalia wizard': async (page) => {
        await tableLoaded(page, 'Daftar Karyawan');
        await page.getByRole('button', { name: /^Jadikan Personalia: / }).first().click();
        await dialogLoaded(page, 'Jadikan Personalia');
      },
    },
  },
  {
    name: 'user levels',
    path: '/system-admin/user-level',
    ready: async (page) => {
      await heading(page, 'User Level');
      await tableLoaded(page, 'Daftar User Level');
    },
    modals: {
      'level matrix': async (page) => {
        await tableLoaded(page, 'Daftar User Level');
        await page.getByRole('button', { name: 'Tambah', exact: true }).click();
        await dialogLoaded(page, 'Hak Akses');
        await expect(page.getByRole('checkbox', { name: 'Pengumuman', exact: true })).toBeVisible();
      },
    },
  },
  {
    name: 'audit',
    path: '/system-admin/audit',
    ready: async (page) => {
      await heading(page, 'Audit');
      await tableLoaded(page, 'Jejak Audit');
    },
    drawer: openFilterDrawer,
  },
  {
    name: 'user logins',
    path: '/system-admin/user-login',
    ready: async (page) => {
      await heading(page, 'User Login');
      await tableLoaded(page, 'Daftar User Login');
    },
    modals: { 'login detail': rowDetail('Daftar User Login', 'User Login') },
  },
  {
    name: 'announcements',
    path: '/announcement',
    ready: (page) => screenLoaded(page, 'Pengumuman'),
    modals: {
      'announcement form': async (page) => {
        await page.getByRole('button', { name: 'Buat Pengumuman' }).click();
        await dialogLoaded(page, 'Buat Pengumuman');
        await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Judul', exact: true })).toBeVisible();
      },
      // The kit's inline errors (DESIGN §18): each field named under it, described and invalid.
      'announcement form with inline errors': async (page) => {
        await page.getByRole('button', { name: 'Buat Pengumuman' }).click();
        await dialogLoaded(page, 'Buat Pengumuman');
        await page.getByRole('dialog').getByRole('button', { name: 'Terbitkan' }).click();
        await expect(page.getByText('Judul pengumuman wajib diisi')).toBeVisible();
      },
    },
  },
  {
    name: 'detail report form',
    path: '/report/attendance-detail',
    ready: (page) => screenLoaded(page, 'Laporan Detail'),
    modals: {
      // A filter form's inline errors (useInlineErrors): the summary and the named field.
      'inline errors': async (page) => {
        await page.getByRole('button', { name: 'Tampilkan', exact: true }).click();
        await expect(page.getByText('Karyawan harus diisi')).toBeVisible();
      },
    },
  },
  {
    name: 'manual upload',
    path: '/adjustment/attendance/manual-upload',
    ready: (page) => screenLoaded(page, 'Unggah Manual'),
    modals: {
      'inline errors': async (page) => {
        await page.getByRole('button', { name: 'Unduh Template' }).click();
        await page.getByRole('form', { name: 'Unggah File' }).getByRole('button', { name: 'Unggah File' }).click();
        await expect(page.getByText('Tipe Man Power harus diisi')).toBeVisible();
        await expect(page.getByText('File kehadiran harus diisi')).toBeVisible();
      },
    },
  },
  ...(
    [
      ['sync', '/sync', 'Sync'],
      ['employee sync', '/sync/employee', 'Sinkronisasi dari HRM'],
      ['payroll sync', '/sync/attendance', 'Sinkronisasi ke Penggajian'],
      ['payroll sync list', '/sync/attendance/list', 'Daftar Sinkronisasi'],
      ['work schedule', '/settings/shift', 'Jadwal Kerja'],
      ['holidays', '/settings/holiday', 'Hari Libur'],
      ['blacklist app', '/settings/blacklist-app', 'Blacklist App'],
      ['leave and system trouble', '/settings/permission', 'Cuti & Gangguan Sistem'],
      ['leave adjustment', '/adjustment/leave', 'Daftar Cuti Manual'],
      ['attendance adjustment', '/adjustment/attendance', 'Penyesuaian Kehadiran'],
      ['attendance adjustment list', '/adjustment/attendance/list', 'Daftar Penyesuaian Kehadiran'],
      // The report forms, their side panels loaded (the undisciplined one's progress bars included).
      ['overtime report form', '/report/attendance-detail/overtime', 'Laporan Detail Lembur'],
      ['permission report form', '/report/attendance-detail/permission', 'Laporan Detail Izin'],
      ['undisciplined report form', '/report/attendance-detail/undisciplined', 'Laporan Detail Tidak Disiplin'],
      ['summary report form', '/report/attendance-summary', 'Laporan Rangkuman'],
      ['summary overtime form', '/report/attendance-summary/overtime', 'Laporan Rangkuman Lembur'],
      ['summary permission form', '/report/attendance-summary/permission', 'Laporan Rangkuman Izin'],
      ['summary undisciplined form', '/report/attendance-summary/undisciplined', 'Laporan Rangkuman Tidak Disiplin'],
      ['adjustment report', '/report/attendance-adjustment', 'Laporan Penyesuaian Kehadiran'],
    ] as const
  ).map(([name, path, title]) => ({ name, path, ready: (page: Page) => screenLoaded(page, title) })),
];

/** The screens signed in as the viewer. */
export const VIEWER_SCREENS: Screen[] = [
  { name: 'access denied', path: '/system-admin/user-level', ready: (page) => heading(page, 'Akses Ditolak') },
];
