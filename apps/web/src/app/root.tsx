import { Button, Result } from 'antd';
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
  return (
    <Result
      status="error"
      title={chunkFailed ? '页面加载失败' : '页面出错了'}
      subTitle={chunkFailed ? '可能是系统已更新，请刷新页面后重试。' : '错误已记录，请刷新页面后重试。'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
