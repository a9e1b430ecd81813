import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { fileCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Flex, theme } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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
  const routes = useMemo(() => menuToRoutes(session.menus), [session.menus]);
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
      route={{ path: '/', routes }}
      location={{ pathname }}
      menu={{ locale: false }}
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
            <RouteSearch />
            <ErrorLogButton />
            <FullscreenButton />
            <SizeSelect />
            <ThemePicker />
            <SettingsButton />
            <UserMenu />
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
