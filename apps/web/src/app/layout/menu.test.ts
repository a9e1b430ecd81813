import type { MenuEntry } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { menuLeaves, menuToRoutes } from './menu.tsx';

const entry = (url: string, name: string, childTree: MenuEntry[] = [], hidden = false): MenuEntry => ({
  id: 0,
  url,
  name,
  icon: null,
  hidden,
  childTree,
});

const menus = [
  entry('/dashboard', '首页'),
  entry('/', '综合管理', [entry('/service', '客服呼叫中心')]),
  entry('/permission', '系统设置', [
    entry('/permission/page', '用户管理'),
    entry('/permission/x', '详情', [], true),
  ]),
  entry('iot', '物联网'),
];

describe('menuToRoutes', () => {
  it('drops the iot entry, keys the root group apart and marks hidden entries', () => {
    const routes = menuToRoutes(menus);
    expect(routes.map((r) => r.path)).toEqual(['/dashboard', '/__overview', '/permission']);
    expect(routes[2].routes?.[1]).toMatchObject({ path: '/permission/x', hideInMenu: true });
  });
});

describe('menuLeaves', () => {
  it('lists visible pages with their group trail', () => {
    expect(menuLeaves(menus)).toEqual([
      { path: '/dashboard', title: '首页' },
      { path: '/service', title: '综合管理 > 客服呼叫中心' },
      { path: '/permission/page', title: '系统设置 > 用户管理' },
    ]);
  });
});

describe('console routes of the menu catalogue', () => {
  it('opens the iot entry at /iot, titled, for the users whose menu has it', async () => {
    const { pageInfo } = await import('../route-table.ts');
    const { allowedPaths } = await import('../../lib/session.ts');
    expect(pageInfo('/iot')?.title).toBe('物联网');
    expect(allowedPaths(menus).has('/iot')).toBe(true);
  });

  it('sends a group typed as a path to its first page the sidebar shows', async () => {
    const { groupFirstPage } = await import('../route-table.ts');
    expect(groupFirstPage.get('/basicInformationb')).toBe('/basicInformationb/maintenanceUnit');
    expect(groupFirstPage.get('/patrol')).toBe('/patrol/task');
  });
});
