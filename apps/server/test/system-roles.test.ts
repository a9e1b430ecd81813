import type { MenuEntry, MenuTreeNode, Page } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { menuTree, userWithPages } from './system-support.ts';

type RoleDetail = {
  id: number;
  roleKey: string;
  name: string;
  dataScope: string;
  permissions: string[];
  status: number;
  builtIn: boolean;
  userCount: number;
  menuIds: number[];
};

const sidebarUrls = (tree: MenuEntry[]): string[] =>
  tree.flatMap((m) => [m.url, ...sidebarUrls(m.childTree)]);

describe.each(dbKinds)('system roles and menus on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let menus: MenuTreeNode[];
  const menuId = (url: string) => menus.find((m) => m.url === url)!.id;

  const roleByKey = async (roleKey: string) => {
    const res = await t.api<Page<RoleDetail>>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { roleKey },
    });
    const row = res.body.data.records.find((r) => r.roleKey === roleKey)!;
    return (await t.api<RoleDetail>('GET', `/pc/sysRole/detail/${row.id}`, { token: admin })).body.data;
  };
  const saveRole = (body: Record<string, unknown>, token = admin) =>
    t.api<RoleDetail>('POST', '/pc/sysRole/save', { token, body });
  const sidebar = async (token: string) =>
    sidebarUrls((await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token })).body.data);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    menus = await menuTree(t, admin);
  });
  afterAll(() => t.close());

  it('lists roles with their user counts, and a role with the menus it grants', async () => {
    const res = await t.api<Page<RoleDetail>>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { limit: 50 },
    });
    expect(res.status).toBe(200);
    const maintenance = res.body.data.records.find((r) => r.roleKey === 'maintenance_admin')!;
    expect(maintenance).toMatchObject({
      name: '维保单位管理员',
      dataScope: 'company',
      builtIn: true,
      userCount: 2,
    });
    const detail = await roleByKey('maintenance_admin');
    expect(detail.menuIds).toContain(menuId('/components'));
    const filtered = await t.api<Page<RoleDetail>>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { name: '维保' },
    });
    expect(filtered.body.data.records.map((r) => r.roleKey).sort()).toEqual([
      'maintenance_admin',
      'maintenance_staff',
    ]);
  });

  it('creates a role; a granted page brings its directory; bad input names the field', async () => {
    const created = await saveRole({
      roleKey: 'elevator_viewer',
      name: '电梯查看',
      description: '只能看电梯管理',
      dataScope: 'area',
      menuIds: [menuId('/basicInformation/theElevatorManagement')],
    });
    expect(created.status, created.body.resultMsg).toBe(200);
    expect(created.body.data.menuIds.sort()).toEqual(
      [menuId('/basicInformation'), menuId('/basicInformation/theElevatorManagement')].sort(),
    );
    const dup = await saveRole({ roleKey: 'elevator_viewer', name: '重复', dataScope: 'all' });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toBe('角色标识 elevator_viewer 已存在');

    const bad = await saveRole({ roleKey: '1bad key', name: '', menuIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'roleKey', message: '角色标识只能包含字母、数字、下划线和连字符' },
        { field: 'name', message: '角色名称不能为空' },
        { field: 'dataScope', message: '请选择数据范围' },
      ]),
    );
    const unknownMenu = await saveRole({ roleKey: 'x_role', name: 'x', dataScope: 'all', menuIds: [999999] });
    expect(unknownMenu.status).toBe(400);
    expect(unknownMenu.body.resultMsg).toBe('菜单不存在：999999');
    const badPerm = await saveRole({
      roleKey: 'x_role',
      name: 'x',
      dataScope: 'all',
      permissions: ['drop table'],
    });
    expect(badPerm.body.resultMsg).toBe('permissions.0：权限标识格式应为 模块:资源:操作');

    const builtIn = await roleByKey('regulator');
    const rename = await saveRole({ ...builtIn, roleKey: 'regulator2' });
    expect(rename.status).toBe(409);
    expect(rename.body.resultMsg).toBe('内置角色的标识不能修改');
  });

  it('a role change applies to its members on their next request', async () => {
    const token = await t.login('wb_admin1');
    expect(await sidebar(token)).toContain('/components');
    const role = await roleByKey('maintenance_admin');
    // The /components pages and their buttons.
    const pages = menus.filter((m) => m.url === '/components' || m.url.startsWith('/components/'));
    const components = [...pages, ...pages.flatMap((p) => p.children.filter((c) => c.type === 'F'))];
    const without = role.menuIds.filter((id) => !components.some((c) => c.id === id));
    const saved = await saveRole({ ...role, menuIds: without });
    expect(saved.status).toBe(200);
    // Same token, no new sign-in.
    const after = await sidebar(token);
    expect(after).not.toContain('/components');
    expect(after).toContain('/basicInformation/thelEevatorList');

    const viewer = await userWithPages(t, admin, ['/permission/dicManagement']);
    expect((await t.api('GET', '/pc/sysDict/typeQuery', { token: viewer.token })).status).toBe(200);
    const viewerRole = (
      await t.api<RoleDetail>('GET', `/pc/sysRole/detail/${viewer.roleId}`, { token: admin })
    ).body.data;
    await saveRole({ ...viewerRole, status: 0 });
    expect((await t.api('GET', '/pc/sysDict/typeQuery', { token: viewer.token })).status).toBe(403);
  });

  it('refuses to delete a built-in role or a role in use, naming who holds it', async () => {
    const builtIn = await roleByKey('regulator');
    const refused = await t.api('DELETE', '/pc/sysRole/delete', {
      token: admin,
      query: { ids: String(builtIn.id) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe('内置角色不能删除：「区级监管人员」');

    const role = await saveRole({ roleKey: 'temp_role', name: '临时角色', dataScope: 'self' });
    const user = await t.api<{ user: { id: number } }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: { username: 'temp_user', realName: '临时', userType: 'platform', roleIds: [role.body.data.id] },
    });
    const inUse = await t.api('DELETE', '/pc/sysRole/delete', {
      token: admin,
      query: { ids: String(role.body.data.id) },
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.resultMsg).toBe(
      '角色「临时角色」仍有 1 名用户使用（temp_user），请先为这些用户更换角色',
    );
    await t.api('DELETE', '/pc/sysUser/delete', {
      token: admin,
      query: { ids: String(user.body.data.user.id) },
    });
    const ok = await t.api('DELETE', '/pc/sysRole/delete', {
      token: admin,
      query: { ids: String(role.body.data.id) },
    });
    expect(ok.status).toBe(200);
    const missing = await t.api('GET', `/pc/sysRole/detail/${role.body.data.id}`, { token: admin });
    expect(missing.status).toBe(404);
  });

  it('nobody strips their own last admin permission through a role', async () => {
    const adminRole = await roleByKey('admin');
    const strip = await saveRole({ ...adminRole, permissions: [] });
    expect(strip.status).toBe(409);
    expect(strip.body.resultMsg).toContain('不能移除自己最后的管理权限');
    const disable = await saveRole({ ...adminRole, status: 0 });
    expect(disable.status).toBe(409);
    expect((await roleByKey('admin')).permissions).toEqual(['*:*:*']);

    // A role manager without *:*:* may not remove the role-edit button from their own role.
    const manager = await userWithPages(t, admin, ['/permission/role']);
    const own = (
      await t.api<RoleDetail>('GET', `/pc/sysRole/detail/${manager.roleId}`, { token: manager.token })
    ).body.data;
    const roleEdit = menus.find((m) => m.perms === 'system:role:edit')!.id;
    const lockout = await saveRole(
      { ...own, menuIds: own.menuIds.filter((id) => id !== roleEdit) },
      manager.token,
    );
    expect(lockout.status).toBe(409);
    expect(lockout.body.resultMsg).toBe(
      '不能移除自己最后的管理权限（system:role:edit），如需调整请由其他管理员操作',
    );
    // Nor grant themselves more, nor edit a stronger role.
    const raise = await saveRole({ ...own, permissions: ['*:*:*'] }, manager.token);
    expect(raise.status).toBe(403);
    const stronger = await saveRole({ ...adminRole, name: '改名' }, manager.token);
    expect(stronger.status).toBe(403);
  });

  it('keeps the menu tree: add, hide, move, refuse cycles and buttons without permissions', async () => {
    const permission = menuId('/permission');
    const page = await t.api<MenuTreeNode>('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { parentId: permission, name: '测试页面', type: 'C', url: '/permission/testPage', sort: 99 },
    });
    expect(page.status, page.body.resultMsg).toBe(200);
    expect(await sidebar(admin)).toContain('/permission/testPage');

    const button = await t.api<MenuTreeNode>('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { parentId: page.body.data.id, name: '测试按钮', type: 'F', perms: 'test:page:edit' },
    });
    expect(button.status).toBe(200);
    expect((await sidebar(admin)).filter((u) => u === '')).toHaveLength(0);

    const noPerms = await t.api('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { parentId: page.body.data.id, name: '空按钮', type: 'F' },
    });
    expect(noPerms.status).toBe(400);
    expect(noPerms.body.resultMsg).toBe('perms：按钮的权限标识不能为空');
    const noUrl = await t.api('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { name: '目录', type: 'M' },
    });
    expect(noUrl.body.resultMsg).toBe('url：目录和页面的路由地址不能为空');
    const underButton = await t.api('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { parentId: button.body.data.id, name: '子页', type: 'C', url: '/x' },
    });
    expect(underButton.status).toBe(400);
    expect(underButton.body.resultMsg).toBe('按钮「测试按钮」下不能再添加菜单');
    const badType = await t.api('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { name: 'x', type: 'X', url: '/x' },
    });
    expect(badType.body.resultMsg).toBe('type：菜单类型应为 M（目录）、C（页面）或 F（按钮）');

    const cycle = await t.api('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { id: permission, parentId: page.body.data.id, name: '系统设置', type: 'M', url: '/permission' },
    });
    expect(cycle.status).toBe(409);
    expect(cycle.body.resultMsg).toBe('菜单「系统设置」的上级不能是它自己或它的下级');

    const hide = await t.api('POST', '/pc/sysMenu/save', {
      token: admin,
      body: { ...page.body.data, hidden: true },
    });
    expect(hide.status).toBe(200);
    const tree = (await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token: admin })).body.data;
    const settings = tree.find((m) => m.url === '/permission')!;
    expect(settings.childTree.find((c) => c.url === '/permission/testPage')?.hidden).toBe(true);

    const moved = await t.api('POST', '/pc/sysMenu/sort', {
      token: admin,
      body: { items: [{ id: page.body.data.id, parentId: null, sort: 0 }] },
    });
    expect(moved.status).toBe(200);
    const roots = (await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token: admin })).body.data;
    expect(roots.map((r) => r.url)).toContain('/permission/testPage');
    expect(roots.find((r) => r.url === '/permission')!.childTree.map((c) => c.url)).not.toContain(
      '/permission/testPage',
    );
    const sortCycle = await t.api('POST', '/pc/sysMenu/sort', {
      token: admin,
      body: {
        items: [
          { id: permission, parentId: page.body.data.id, sort: 0 },
          { id: page.body.data.id, parentId: permission, sort: 0 },
        ],
      },
    });
    expect(sortCycle.status).toBe(409);
  });

  it('deletes only menus without children, naming them', async () => {
    const refused = await t.api('DELETE', '/pc/sysMenu/delete', {
      token: admin,
      query: { ids: String(menuId('/permission')) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toMatch(
      /^菜单「系统设置」下还有 \d+ 个子菜单（机构管理、用户管理、角色管理 等），请先删除子菜单$/,
    );
    const all = await menuTree(t, admin);
    const testPage = all.find((m) => m.url === '/permission/testPage')!;
    const ids = [testPage.id, ...testPage.children.map((c) => c.id)].join(',');
    const ok = await t.api('DELETE', '/pc/sysMenu/delete', { token: admin, query: { ids } });
    expect(ok.status).toBe(200);
    expect(await sidebar(admin)).not.toContain('/permission/testPage');
  });

  it('a menu editor cannot give a button a permission they do not hold', async () => {
    const editor = await userWithPages(t, admin, ['/permission/menuManagement']);
    const page = menus.find((m) => m.url === '/permission/menuManagement')!;
    const grab = await t.api('POST', '/pc/sysMenu/save', {
      token: editor.token,
      body: { parentId: page.id, name: '万能按钮', type: 'F', perms: '*:*:*' },
    });
    expect(grab.status).toBe(403);
    const fine = await t.api('POST', '/pc/sysMenu/save', {
      token: editor.token,
      body: { parentId: page.id, name: '查看菜单', type: 'F', perms: 'system:menu:list' },
    });
    expect(fine.status).toBe(200);
  });

  it('refuses role and menu calls without the permission', async () => {
    const wb = await t.login('wb_admin1');
    for (const [method, path] of [
      ['GET', '/pc/sysRole/query'],
      ['GET', '/pc/sysRole/detail/1'],
      ['POST', '/pc/sysRole/save'],
      ['DELETE', '/pc/sysRole/delete'],
      ['GET', '/pc/sysMenu/tree'],
      ['POST', '/pc/sysMenu/save'],
      ['POST', '/pc/sysMenu/sort'],
      ['DELETE', '/pc/sysMenu/delete'],
    ] as const) {
      const res = await t.api(method, path, { token: wb, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
    }
  });
});
