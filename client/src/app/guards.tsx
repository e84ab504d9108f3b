import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useBlocker, useLocation, useMatches } from 'react-router';
import { PageSkeleton } from '@/components/skeleton';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { AccessDenied } from '@/features/shell/components/access-denied';
import { id as t } from '@/i18n/id';
import { satisfies } from '@/lib/access';
import { showError } from '@/lib/notifications';
import { returnPath, returnState } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { canAccessPath, type AppRoute } from './route-table';

export interface RouteHandle {
  title: string;
}

/** Page title `Kehadiran | <Page>` and scroll to top on every navigation. */
function DocumentEffects() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const title = handle?.title;

  useEffect(() => {
    document.title = title ? `${env.productName} | ${title}` : env.productName;
  }, [title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}

/** A signed-in user's navigation to a path their flags deny is cancelled: they stay where they were. */
function NavigationGuard() {
  const session = useSession();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      Boolean(session.token) &&
      currentLocation.pathname !== nextLocation.pathname &&
      !canAccessPath(nextLocation.pathname, session.access),
  );

  useEffect(() => {
    if (blocker.state === 'blocked') {
      blocker.reset();
      showError(t.errors.accessDenied);
    }
  }, [blocker]);

  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentEffects />
      <NavigationGuard />
      <Outlet />
    </>
  );
}

/** Public screens: a visitor holding a token goes on to the page they asked for (or the dashboard). */
export function PublicOnly() {
  const { token } = useSession();
  const location = useLocation();
  if (token) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

/**
 * Signed-in screens: a visitor without a token goes to /login (or to the lock screen right after
 * locking), carrying the page asked for so signing in or unlocking returns there.
 */
export function RequireAuth() {
  const { token, locked, loggedOut } = useSession();
  const location = useLocation();
  if (!token) {
    const state = loggedOut ? undefined : returnState(location);
    return <Navigate to={locked ? paths.lockScreen : paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Renders a routed page, lazily. A page whose flags are missing never renders: typed or first-load
 * URLs show the access-denied text instead.
 */
export function RoutePage({ route }: { route: AppRoute }) {
  const { access } = useSession();
  const allowed = satisfies(access, route.access);
  // The path last shown here with access: losing that access live (a level or login changed by an
  // admin, the `access` push) says the access was revoked, instead of a silent redirect.
  const shownPath = useRef<string | null>(null);
  if (!allowed) return <AccessDenied revoked={shownPath.current === route.path} />;
  shownPath.current = route.path;
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  const Page = route.page;
  if (!Page) return null;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page title={route.title} breadcrumb={route.breadcrumb ?? []} />
    </Suspense>
  );
}
