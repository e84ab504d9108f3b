import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useProfile } from '@/features/profile/api/get-profile';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useWaitingTitle } from '@/features/notifications/use-waiting-title';
import { useApprovalBadges } from '@/features/shell/api/use-approval-badges';
import { Header } from '@/features/shell/components/header';
import { Sidebar } from '@/features/shell/components/sidebar';
import { useConnectionState, useRealtimeSession } from '@/lib/realtime';
import { returnState } from '@/lib/return-to';
import { lockSession, useSession } from '@/lib/session';
import { UpdateBanner } from './update-banner';
import { id as t } from '@/i18n/id';
import { focusMainContent, useHeadingFocusOnNavigation } from './route-focus';

// Loaded on first open: the form libraries it uses stay out of the first bundle.
const ChangePasswordModal = lazy(() =>
  import('@/features/profile/components/change-password-modal').then((module) => ({ default: module.ChangePasswordModal })),
);

const MOBILE_QUERY = '(max-width: 991.98px)';

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia?.(MOBILE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const update = () => setMobile(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}

/** Header, sidebar and the page area for signed-in screens. */
export function AppShell() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const connection = useConnectionState();
  const signOut = useSignOut();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  // The modal module loads on the first open and then stays mounted (its closing animation, reopening).
  const [passwordModalLoaded, setPasswordModalLoaded] = useState(false);

  useRealtimeSession();
  useProfile();
  useHeadingFocusOnNavigation(pathname);
  // The tab's title carries the waiting count of the queues the user decides (the sidebar badges' counts).
  const badges = useApprovalBadges(session.access);
  useWaitingTitle(badges.attendance || badges.izin ? (badges.attendance?.count ?? 0) + (badges.izin?.count ?? 0) : null);

  // Every route change closes the mobile menu and any open modal.
  useEffect(() => {
    setMobileOpen(false);
    setChangingPassword(false);
  }, [pathname]);

  const closeMobile = useCallback(() => setMobileOpen(false), []);

  const toggleSidebar = () => {
    if (mobile) setMobileOpen((open) => !open);
    else setCollapsed((value) => !value);
  };

  const lock = () => {
    lockSession();
    navigate(paths.lockScreen, { replace: true, state: returnState(location) });
  };

  const logout = () => {
    signOut.mutate(undefined, { onSettled: () => navigate(paths.login, { replace: true }) });
  };

  const profile = session.profile ?? {};
  return (
    <div className={`app-layout${collapsed && !mobile ? ' sidebar-collapsed' : ''}`}>
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          focusMainContent();
        }}
      >
        {t.shell.skipToContent}
      </a>
      <Header
        fullname={profile.fullname || profile.username || session.email || ''}
        levelName={profile.level_name}
        connection={connection}
        actions={<NotificationBell />}
        sidebarExpanded={mobile ? mobileOpen : !collapsed}
        onToggleSidebar={toggleSidebar}
        onLock={lock}
        onChangePassword={() => {
          setPasswordModalLoaded(true);
          setChangingPassword(true);
        }}
        onLogout={logout}
      />
      <UpdateBanner />
      <div className="app-body">
        <Sidebar
          access={session.access}
          collapsed={collapsed && !mobile}
          mobileOpen={mobile && mobileOpen}
          onCloseMobile={closeMobile}
        />
        <main className="app-main" id="main-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {passwordModalLoaded ? (
        <Suspense fallback={null}>
          <ChangePasswordModal show={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
