import {
  AlertOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileProtectOutlined,
  FundProjectionScreenOutlined,
  NotificationOutlined,
  QrcodeOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SyncOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { MenuEntry } from '@ec/contract';
import type { ReactNode } from 'react';

/** The icons the menu catalogue names; an unknown name shows no icon rather than pulling in every icon. */
const icons: Record<string, ReactNode> = {
  AlertOutlined: <AlertOutlined />,
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  AuditOutlined: <AuditOutlined />,
  CustomerServiceOutlined: <CustomerServiceOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  FileProtectOutlined: <FileProtectOutlined />,
  FundProjectionScreenOutlined: <FundProjectionScreenOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  QrcodeOutlined: <QrcodeOutlined />,
  ScheduleOutlined: <ScheduleOutlined />,
  SettingOutlined: <SettingOutlined />,
  SyncOutlined: <SyncOutlined />,
  ToolOutlined: <ToolOutlined />,
};

export interface SideRoute {
  path: string;
  name: string;
  icon?: ReactNode;
  hideInMenu?: boolean;
  routes?: SideRoute[];
}

/** The entry whose url is `iot` never shows in the sidebar (doc 000 §2 Layout). */
const HIDDEN_URLS = new Set(['iot']);
/** The top-level group '/' would collide with the root route; it gets its own key. */
const ROOT_GROUP_KEY = '/__overview';

export function menuToRoutes(entries: MenuEntry[]): SideRoute[] {
  return entries
    .filter((e) => !HIDDEN_URLS.has(e.url))
    .map((e) => {
      const route: SideRoute = {
        path: e.url === '/' ? ROOT_GROUP_KEY : e.url,
        name: e.name,
        icon: e.icon ? icons[e.icon] : undefined,
      };
      if (e.hidden) route.hideInMenu = true;
      if (e.childTree.length) route.routes = menuToRoutes(e.childTree);
      return route;
    });
}

/** Pages a user may open from the menu (visible leaves), with the group trail, for route search. */
export function menuLeaves(entries: MenuEntry[], trail: string[] = []): { path: string; title: string }[] {
  const out: { path: string; title: string }[] = [];
  for (const e of entries) {
    if (HIDDEN_URLS.has(e.url) || e.hidden) continue;
    const here = [...trail, e.name];
    if (e.childTree.length) out.push(...menuLeaves(e.childTree, here));
    else if (e.url.startsWith('/')) out.push({ path: e.url, title: here.join(' > ') });
  }
  return out;
}
