import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSkeleton } from '@/components/skeleton';
import { RouteErrorPage } from '@/features/shell/pages/route-error-page';
import { id as t } from '@/i18n/id';
import { setNavigator } from '@/lib/navigation';
import { closePopupOutside } from '@/lib/notifications';
import { setRouteAccessResolver } from '@/lib/route-access';
import { getSession } from '@/lib/session';
import { PublicOnly, RequireAuth, RootLayout, RoutePage, type RouteHandle } from './guards';
import {
  approvalLinkRoute,
  canAccessPath,
  findRoute,
  guideRoute,
  protectedRoutes,
  publicRoutes,
  wallRoute,
  type AppRoute,
} from './route-table';

// The back-office shell (sidebar, header, bell) loads with the first signed-in screen: the public
// pages (login, wall, approval link) never fetch it.
const loadShell = () => import('./layout/app-shell');
const AppShell = lazy(() => loadShell().then((module) => ({ default: module.AppShell })));

const NotFoundPage = lazy(() =>
  import('@/features/shell/pages/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title };
  return { path: route.path, element: <RoutePage route={route} />, handle };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { element: <PublicOnly />, children: publicRoutes.map(toRouteObject) },
      toRouteObject(guideRoute),
      toRouteObject(wallRoute),
      toRouteObject(approvalLinkRoute),
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Suspense fallback={<PageSkeleton />}>
                <AppShell />
              </Suspense>
            ),
            // A screen that throws keeps the shell (sidebar, header) and shows the message in its place.
            children: [{ errorElement: <RouteErrorPage />, children: protectedRoutes.map(toRouteObject) }],
          },
        ],
      },
      {
        path: '*',
        handle: { title: t.pages.notFound } satisfies RouteHandle,
        element: (
          <Suspense fallback={<PageSkeleton />}>
            <NotFoundPage />
          </Suspense>
        ),
      },
    ],
  },
];

/**
 * Starts fetching the first screen's chunks (its page, and the shell for a signed-in screen) while
 * the entry renders, instead of one after the other as React reaches each lazy component.
 */
export function preloadRoute(pathname: string) {
  const route = findRoute(pathname);
  if (!route) return;
  void route.page?.preload();
  if (protectedRoutes.includes(route) && getSession().token) void loadShell();
}

export function createAppRouter() {
  preloadRoute(window.location.pathname);
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  setRouteAccessResolver(canAccessPath);
  router.subscribe((state) => closePopupOutside(state.location.pathname));
  return router;
}
