import { CloseCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useParams, useRouteError } from 'react-router';
import { logError } from '../lib/error-log.ts';
import { useSession } from '../lib/session.ts';
import type { RouteHandle } from './router.tsx';

/** Page title and scroll position for every route (doc 000 §2). */
export function RootShell() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { title: product } = useSession();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} - ${product}` : product;
  }, [handle?.title, product]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on every navigation
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return <Outlet />;
}

/** `/redirect/<path>` re-enters a page, which makes it mount afresh. */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    logError(error, 'route');
  }, [error]);
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message);
  const { token } = theme.useToken();
  // Plain markup rather than antd's Result, whose status illustrations would weigh on every page:
  // this page must be in the first chunk (a page that failed to load cannot load its error page).
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
      <h2 style={{ margin: '24px 0 8px', fontSize: 24, fontWeight: 500, color: token.colorTextHeading }}>
        {chunkFailed ? '页面加载失败' : '页面出错了'}
      </h2>
      <p style={{ margin: '0 0 24px', color: token.colorTextDescription }}>
        {chunkFailed ? '可能是系统已更新，请刷新页面后重试。' : '错误已记录，请刷新页面后重试。'}
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        刷新页面
      </Button>
    </div>
  );
}
