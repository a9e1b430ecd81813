import type { ComponentType } from 'react';
import {
  createHashRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
} from 'react-router';
import { getToken } from '../lib/cookies.ts';
import {
  AD_WORK_PATH,
  INSPECT_WORK_PATH,
  PATROL_WORK_PATH,
  PUBLIC_REPORT_ROUTE,
  RESCUE_WORK_PATH,
  WORK_PATH,
} from '../lib/routes.ts';
import { builtPages } from './pages.tsx';
import { RedirectPage, RootShell, RouteErrorPage } from './root.tsx';
import { consolePages, filingPageList, groupFirstPage, type PageInfo } from './route-table.ts';

export interface RouteHandle {
  title: string;
}

const asComponent = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Entering a page starts fetching its first data (app/page-data.ts) without waiting: with the session
 * still loading after sign-in, the request runs beside it instead of after the page's first render.
 */
function prefetchFirstData({ request }: LoaderFunctionArgs): null {
  if (getToken()) {
    const { pathname, search } = new URL(request.url);
    void import('./page-data.ts').then((m) => m.prefetchPageData(pathname, search));
  }
  return null;
}

function pageRoute(page: PageInfo): RouteObject {
  const built = builtPages[page.path];
  return {
    path: page.path,
    handle: { title: page.title } satisfies RouteHandle,
    loader: page.path in builtPages ? prefetchFirstData : undefined,
    lazy: built
      ? asComponent(built)
      : async () => {
          const { PlaceholderPage } = await import('./layout/PlaceholderPage.tsx');
          return { element: <PlaceholderPage page={page} /> };
        },
  };
}

/** With a token, the public sign-in pages send the user on (doc 000 §2). */
const publicOnly = () => (getToken() ? redirect('/') : null);

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div />,
    children: [
      {
        path: '/login',
        loader: publicOnly,
        handle: { title: '登录' },
        lazy: asComponent(() => import('../features/auth/LoginPage.tsx')),
      },
      // Every other route: antd's modal and notification join the App context (app-shell.tsx).
      {
        lazy: asComponent(() => import('./app-shell.tsx')),
        children: [
          {
            path: '/register',
            handle: { title: '注册' },
            lazy: asComponent(() => import('../features/auth/RegisterPage.tsx')),
          },
          {
            path: '/findPassWord',
            handle: { title: '找回密码' },
            lazy: asComponent(() => import('../features/auth/FindPasswordPage.tsx')),
          },
          { path: '/auth-redirect', element: <Navigate to="/" replace /> },
          {
            path: '/404',
            handle: { title: '404' },
            lazy: asComponent(() => import('./status-pages.tsx').then((m) => ({ default: m.NotFoundPage }))),
          },
          {
            path: '/401',
            handle: { title: '401' },
            lazy: asComponent(() =>
              import('./status-pages.tsx').then((m) => ({ default: m.UnauthorizedPage })),
            ),
          },
          { path: '/redirect/*', element: <RedirectPage /> },
          // The public report page of a signboard's QR code: no sign-in, no layout.
          {
            path: PUBLIC_REPORT_ROUTE,
            handle: { title: '电梯应急救援' },
            lazy: asComponent(() => import('../features/public-report/PublicReportPage.tsx')),
          },
          {
            lazy: asComponent(() => import('./guard.tsx').then((m) => ({ default: m.AuthGuard }))),
            children: [
              { path: '/', element: <Navigate to="/dashboard" replace /> },
              // The maintenance worker's phone page: its own small chunk, no console layout around it.
              {
                path: WORK_PATH,
                handle: { title: '维保作业' },
                lazy: asComponent(() => import('../features/maintenance-work/WorkPage.tsx')),
              },
              // The rescuer's phone page (the dispatched company's cases): likewise outside the layout.
              {
                path: RESCUE_WORK_PATH,
                handle: { title: '应急救援' },
                lazy: asComponent(() => import('../features/rescue-work/RescuePage.tsx')),
              },
              // The inspector's phone page (its lifts to inspect): likewise outside the layout.
              {
                path: INSPECT_WORK_PATH,
                handle: { title: '检验作业' },
                lazy: asComponent(() => import('../features/inspection-work/InspectPage.tsx')),
              },
              // The patrol's phone page (the assignee's tasks on site): likewise outside the layout.
              {
                path: PATROL_WORK_PATH,
                handle: { title: '现场巡检' },
                lazy: asComponent(() => import('../features/patrol/work/PatrolWorkPage.tsx')),
              },
              // The advertising field worker's phone page (bind QR codes, send logs): likewise outside the layout.
              {
                path: AD_WORK_PATH,
                handle: { title: '广告投放作业' },
                lazy: asComponent(() => import('../features/ad/tasks/work/AdWorkPage.tsx')),
              },
              {
                lazy: asComponent(() => import('./layout/BasicLayout.tsx')),
                children: [
                  ...consolePages.map(pageRoute),
                  ...filingPageList.map(pageRoute),
                  ...[...groupFirstPage].map(([group, first]) => ({
                    path: group,
                    element: <Navigate to={first} replace />,
                  })),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
