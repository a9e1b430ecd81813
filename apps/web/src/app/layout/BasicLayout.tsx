import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { fileCalls } from '@ec/contract';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Flex, theme } from 'antd';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ExportBadge, NoticeBell } from '../../features/ops/NavbarBadges.tsx';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { pageInfo } from '../route-table.ts';
import { updateSettings, useSettings } from '../settings.ts';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { LogoMark } from './LogoMark.tsx';
import { menuToRoutes } from './menu.tsx';
import { ErrorLogButton } from './navbar/ErrorLogButton.tsx';
import { FullscreenButton } from './navbar/FullscreenButton.tsx';
import { RouteSearch } from './navbar/RouteSearch.tsx';
import { SettingsButton, ThemePicker } from './navbar/SettingsDrawer.tsx';
import { SizeSelect } from './navbar/SizeSelect.tsx';
import { UserMenu } from './navbar/UserMenu.tsx';
import { TagsView } from './TagsView.tsx';

export const SIDEBAR_WIDTH = 210;
/** ProLayout recomputes its menu data whenever the `menu` object changes: one object for every render. */
const MENU = { locale: false } as const;
export const MOBILE_BREAKPOINT = 992;

function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return mobile;
}

/**
 * Calls `onReady` once the page's first queries have settled and the browser is idle (at the latest
 * 2 s after it mounts), in an interruptible render. Renders nothing, and goes away once ready.
 */
function WhenSettled({ onReady }: { onReady: () => void }) {
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    // The page's queries start in its effects, after this one: look once they had their chance.
    if (settled || fetching > 0) return;
    const timer = setTimeout(() => setSettled(true), 50);
    return () => clearTimeout(timer);
  }, [fetching, settled]);
  useEffect(() => {
    const limit = setTimeout(() => setSettled(true), 2000);
    return () => clearTimeout(limit);
  }, []);
  useEffect(() => {
    if (!settled) return;
    const show = () => startTransition(onReady);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(show, 1);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(show, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }, [settled, onReady]);
  return null;
}

/**
 * The navbar's tools. They mount once the page has shown its data: after sign-in the page and its
 * list render first (the tools' first mount, with their antd styles, costs about as much as the
 * list page's own), not in front of it.
 */
function NavbarTools() {
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  if (!ready) return <WhenSettled onReady={onReady} />;
  return (
    <>
      <RouteSearch />
      <NoticeBell />
      <ExportBadge />
      <ErrorLogButton />
      <FullscreenButton />
      <SizeSelect />
      <ThemePicker />
      <SettingsButton />
      <UserMenu />
    </>
  );
}

function NavBreadcrumb({ pathname }: { pathname: string }) {
  const trail = pageInfo(pathname)?.trail ?? [];
  const items: { title: ReactNode }[] =
    pathname === '/dashboard' ? [{ title: '首页' }] : [{ title: <Link to="/dashboard">首页</Link> }];
  if (pathname !== '/dashboard') items.push(...trail.map((title) => ({ title: <>{title}</> })));
  return <Breadcrumb className="app-breadcrumb" items={items} style={{ marginInlineStart: 8 }} />;
}

/** The console frame: server-menu sidebar, navbar tools, visited tags and cached pages (doc 000 §2). */
export default function BasicLayout() {
  const session = useSession();
  const settings = useSettings();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { token } = theme.useToken();
  const [mobileOpen, setMobileOpen] = useState(false);
  const route = useMemo(() => ({ path: '/', routes: menuToRoutes(session.menus) }), [session.menus]);
  const location = useMemo(() => ({ pathname }), [pathname]);
  const logo = useQuery({
    queryKey: ['logo-image', session.logoId],
    queryFn: () => call(fileCalls.imageBase64, { id: session.logoId! }, { silent: true }),
    enabled: !!session.logoId,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation on a phone closes the drawer
  useEffect(() => setMobileOpen(false), [pathname]);

  const collapsed = mobile ? !mobileOpen : !settings.sidebarOpened;
  const showLogo = settings.sidebarLogo;

  const onToggle = () => (mobile ? setMobileOpen((o) => !o) : updateSettings({ sidebarOpened: collapsed }));

  return (
    <ProLayout
      title={session.title}
      logo={logo.data ? <img src={logo.data} alt="" /> : <LogoMark />}
      menuHeaderRender={
        showLogo
          ? (logoDom, _title, props) => (
              <Flex align="center" gap={6} className="sidebar-logo" style={{ overflow: 'hidden' }}>
                {logoDom}
                {!props?.collapsed && (
                  <span
                    style={{
                      fontSize: 14,
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                    title={session.title}
                  >
                    {session.title}
                  </span>
                )}
              </Flex>
            )
          : false
      }
      layout="side"
      siderWidth={SIDEBAR_WIDTH}
      fixSiderbar
      collapsed={collapsed}
      collapsedButtonRender={false}
      breakpoint={false}
      onCollapse={(c) => (mobile ? setMobileOpen(!c) : updateSettings({ sidebarOpened: !c }))}
      route={route}
      location={location}
      menu={MENU}
      menuItemRender={(item, dom) => (
        <a
          href={`#${item.path}`}
          onClick={(e) => {
            e.preventDefault();
            if (item.path) navigate(item.path);
          }}
        >
          {dom}
        </a>
      )}
      contentStyle={{ padding: 0, minHeight: '100vh' }}
    >
      <div
        className="app-header"
        style={{
          position: settings.fixedHeader ? 'sticky' : 'relative',
          top: 0,
          zIndex: 20,
          background: token.colorBgContainer,
        }}
      >
        <Flex
          align="center"
          justify="space-between"
          style={{ height: 50, padding: '0 8px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Flex align="center">
            <Button
              type="text"
              aria-label={collapsed ? '展开侧边栏' : '收起侧边栏'}
              className="sidebar-toggle"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={onToggle}
            />
            <NavBreadcrumb pathname={pathname} />
          </Flex>
          <Flex align="center" gap={2} className="navbar-actions">
            <NavbarTools />
          </Flex>
        </Flex>
        {settings.tagsView && <TagsView />}
      </div>
      <div style={{ padding: 16 }}>
        <KeepAliveOutlet />
      </div>
    </ProLayout>
  );
}
