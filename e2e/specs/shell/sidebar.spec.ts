import { createUserWithFlags } from '../../fixtures/flag-users';
import { expect, signedInAs, signedInContext, test, shellTitle } from '../../fixtures/test';

/** doc1 §2.7: every group and entry of the sidebar (and 'Audit', issue 29, under user administration). */
const GROUPS: Record<string, string[]> = {
  Penyesuaian: ['/adjustment/leave', '/adjustment/attendance'],
  Persetujuan: ['/approval/attendance', '/approval/permission'],
  Laporan: ['/report/attendance-detail', '/report/attendance-summary', '/report/attendance-log', '/report/attendance-adjustment'],
  Pengaturan: ['/settings/holiday', '/settings/shift', '/settings/blacklist-app', '/settings/permission'],
  'Sistem Administrasi': [
    '/system-admin/user-level',
    '/system-admin/user-login',
    '/system-admin/wall-display',
    '/system-admin/audit',
  ],
};
const TOP_LEVEL_ADMIN = ['/', '/announcement', '/employee', '/sync', '/credits', '/panduan'];
const TOP_LEVEL_EVERYONE = ['/', '/credits', '/panduan'];

test.describe('sidebar as viewer (no flags)', () => {
  test.use(signedInAs('viewer'));

  test('shows only Dashboard, Credits and Panduan (no Sync without a sync flag)', async ({ shell }) => {
    await shell.goto('/');
    await expect(shell.sidebar.getByRole('button')).toHaveCount(0);
    expect(await shell.visibleLinkHrefs()).toEqual(TOP_LEVEL_EVERYONE);
    await expect(shell.link('Dashboard')).toBeVisible();
    await expect(shell.link('Sync')).toHaveCount(0);
    await expect(shell.link('Credits')).toBeVisible();
    await expect(shell.link(/^Panduan/)).toHaveAttribute('target', '_blank');
  });

  for (const path of ['/system-admin/user-level', '/approval/attendance', '/announcement', '/employee', '/report/attendance-detail', '/sync']) {
    test(`a typed guarded URL ${path} does not open the page`, async ({ shell, page }) => {
      await shell.goto(path);
      await expect(shell.sidebar).toBeVisible();
      await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    });
  }

  test('an in-app navigation to a guarded path is refused and stays where it was', async ({ shell, page, notifications }) => {
    await shell.goto('/approval/attendance');
    await shell.link('Credits').click();
    await expect(page).toHaveURL(/\/credits$/);
    // Back would return to the guarded path: the guard cancels it.
    await page.goBack();
    await expect(notifications.errorPopup('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeVisible();
    await expect(page).toHaveURL(/\/credits$/);
    await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
  });

  test('the pages every user may open do open', async ({ shell, page }) => {
    await shell.goto('/credits');
    await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
  });
});

test.describe('sidebar as admin (every flag)', () => {
  test.use(signedInAs('admin'));

  test('shows every group and entry of doc1 §2.7', async ({ shell }) => {
    await shell.goto('/');
    await expect(shell.sidebar.getByRole('button')).toHaveText(Object.keys(GROUPS));
    expect(await shell.visibleLinkHrefs()).toEqual(TOP_LEVEL_ADMIN);
    for (const [group, entries] of Object.entries(GROUPS)) {
      await shell.openGroup(group);
      const hrefs = await shell.visibleLinkHrefs();
      expect(hrefs.filter((href) => !TOP_LEVEL_ADMIN.includes(href)), group).toEqual(entries);
    }
  });

  test('only one group is open at a time, and a second click closes it', async ({ shell }) => {
    await shell.goto('/');
    await shell.group('Penyesuaian').click();
    await expect(shell.group('Penyesuaian')).toHaveAttribute('aria-expanded', 'true');
    await shell.group('Laporan').click();
    await expect(shell.group('Laporan')).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.group('Penyesuaian')).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.link('Daftar Cuti Manual')).toBeHidden();
    await expect(shell.sidebar.getByRole('button', { expanded: true })).toHaveCount(1);
    await shell.group('Laporan').click();
    await expect(shell.sidebar.getByRole('button', { expanded: true })).toHaveCount(0);
  });

  test('navigating closes the open group and marks the entry active', async ({ shell, page }) => {
    await shell.goto('/');
    await shell.openGroup('Laporan');
    await shell.link('Laporan Rangkuman').click();
    await expect(page).toHaveURL(/\/report\/attendance-summary$/);
    await expect(page).toHaveTitle(shellTitle('Laporan Rangkuman'));
    await expect(shell.group('Laporan')).toHaveAttribute('aria-expanded', 'false');
    await shell.openGroup('Laporan');
    await expect(shell.link('Laporan Rangkuman')).toHaveAttribute('aria-current', 'page');
  });

  test('the guarded pages open for a user holding the flags', async ({ shell, page }) => {
    const pages = [
      { path: '/system-admin/user-level', heading: 'User Level' },
      { path: '/approval/attendance', heading: 'Kehadiran menunggu persetujuan' },
    ];
    for (const { path, heading } of pages) {
      await shell.goto(path);
      await expect(page.getByRole('main').getByText(heading).first()).toBeVisible();
      await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toBeHidden();
    }
  });

  test('the menu button collapses and expands the sidebar', async ({ shell }) => {
    await shell.goto('/');
    await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'true');
    const label = shell.sidebar.getByText('Credits', { exact: true });
    await expect(label).toBeVisible();
    await shell.sidebarToggle.click();
    await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.sidebar).toHaveClass(/collapsed/);
    await expect(label).toBeHidden();
    // Collapsed, the entries stay reachable by their accessible names.
    await expect(shell.link('Credits')).toBeVisible();
    await shell.sidebarToggle.click();
    await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(label).toBeVisible();
  });

  test('on a collapsed sidebar, the pointer leaving it closes the open group', async ({ shell, page }) => {
    await shell.goto('/');
    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toHaveClass(/collapsed/);
    await shell.group('Laporan').click();
    await expect(shell.group('Laporan')).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('main').hover({ position: { x: 400, y: 300 } });
    await expect(shell.group('Laporan')).toHaveAttribute('aria-expanded', 'false');
  });

  test('expanded, the pointer leaving the sidebar keeps the group open', async ({ shell, page }) => {
    await shell.goto('/');
    await shell.openGroup('Pengaturan');
    await page.getByRole('main').hover({ position: { x: 400, y: 300 } });
    await expect(shell.group('Pengaturan')).toHaveAttribute('aria-expanded', 'true');
  });

  test('every page title carries the product prefix', async ({ shell, page }) => {
    for (const [path, title] of [
      ['/', 'Dashboard'],
      ['/announcement', 'Pengumuman'],
      ['/system-admin/user-login', 'User Login'],
    ]) {
      await shell.goto(path);
      await expect(page).toHaveTitle(shellTitle(title));
    }
  });

  test.describe('on a phone-sized screen', () => {
    test.use({ viewport: { width: 390, height: 740 } });

    test('the menu button opens the sidebar as an overlay', async ({ shell, page }) => {
      await shell.goto('/');
      await expect(shell.sidebar).not.toBeInViewport();
      await shell.sidebarToggle.click();
      await expect(shell.sidebar).toBeInViewport();
      await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'true');
      await shell.link('Credits').click();
      await expect(page).toHaveURL(/\/credits$/);
      await expect(shell.sidebar).not.toBeInViewport();

      await shell.sidebarToggle.click();
      await expect(shell.sidebar).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(shell.sidebar).not.toBeInViewport();
    });
  });
});

/** The narrower seeded roles see exactly what their flags allow (doc1 §6.1). */
const NARROW_ROLES = [
  {
    role: 'hr',
    topLevel: ['/', '/employee', '/sync', '/credits', '/panduan'],
    groups: {
      Penyesuaian: ['/adjustment/leave', '/adjustment/attendance'],
      Laporan: ['/report/attendance-detail', '/report/attendance-summary', '/report/attendance-log', '/report/attendance-adjustment'],
    },
  },
  {
    role: 'approver',
    topLevel: ['/', '/credits', '/panduan'],
    groups: { Persetujuan: ['/approval/attendance', '/approval/permission'] },
  },
] as const;

for (const { role, topLevel, groups } of NARROW_ROLES) {
  test.describe(`sidebar as ${role}`, () => {
    test.use(signedInAs(role));

    test('shows the entries its flags allow, and nothing else', async ({ shell }) => {
      await shell.goto('/');
      await expect(shell.sidebar.getByRole('button')).toHaveText(Object.keys(groups));
      expect(await shell.visibleLinkHrefs()).toEqual([...topLevel]);
      for (const [group, entries] of Object.entries(groups)) {
        await shell.openGroup(group);
        const hrefs = await shell.visibleLinkHrefs();
        expect(hrefs.filter((href) => !(topLevel as readonly string[]).includes(href)), group).toEqual([...entries]);
      }
    });
  });
}

test.describe('attendance approval with one of its two flags (doc1 §6.1: either)', () => {
  for (const right of ['allow_approved_attendance', 'allow_rejected_attendance']) {
    test(`${right} alone shows the entry and opens the page`, async ({ browser }) => {
      const account = await createUserWithFlags([], [right, `${right}_office`]);
      const { context, page, shell } = await signedInContext(browser, account);
      await shell.goto('/');
      await shell.openGroup('Persetujuan');
      expect(await shell.visibleLinkHrefs()).toContain('/approval/attendance');
      await shell.sidebar.locator('a[href="/approval/attendance"]').click();
      await expect(page).toHaveURL(/\/approval\/attendance$/);
      await expect(page.getByRole('main').getByText('Kehadiran menunggu persetujuan').first()).toBeVisible();
      await expect(page.getByText('Anda tidak memiliki akses untuk membuka halaman ini!')).toHaveCount(0);
      await context.close();
    });
  }
});
