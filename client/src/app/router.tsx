import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSkeleton } from '@/components/skeleton';
import { RouteErrorPage } from '@/features/shell/pages/route-error-page';
import { id as t } from '@/i18n/id';
import { setNavigator } from '@/lib/navigation';
import { closePopupOutside } from '@/lib/notifications';
import { setRouteAccessResolver } from '@/lib/route-access';
import { AppShell } from './layout/app-shell';
import { PublicOnly, RequireAuth, RootLayout, RoutePage, type RouteHandle } from './guards';
import {
  approvalLinkRoute,
  canAccessPath,
  guideRoute,
  protectedRoutes,
  publicRoutes,
  wallRoute,
  type AppRoute,
} from './route-table';

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
            element: <AppShell />,
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

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  setRouteAccessResolver(canAccessPath);
  router.subscribe((state) => closePopupOutside(state.location.pathname));
  return router;
}
