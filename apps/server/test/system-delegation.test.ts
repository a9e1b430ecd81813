import type { Page } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * Delegated administration (issue 11, item 1): a company-scoped account that holds
 * `system:role:edit` but not `*:*:*` never widens data scope, never edits a role that other
 * organisations' accounts hold, and never assigns a role wider than its own.
 */
type RoleRow = { id: number; roleKey: string; name: string; dataScope: string; permissions: string[] };
type RoleDetail = RoleRow & { menuIds: number[]; description: string | null; status: number };
type UserRow = { id: number; username: string; companyId: number | null; areaCodes: string[] };

describe.each(dbKinds)('delegated role administration on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let delegate: string;
  let companyId: number;
  let ownRoleId: number;
  let roleIds: Record<string, number>;

  const roleDetail = async (id: number) =>
    (await t.api<RoleDetail>('GET', `/pc/sysRole/detail/${id}`, { token: admin })).body.data;
  /** The role as its edit form would send it back, with some fields changed. */
  const resave = async (id: number, changes: Record<string, unknown>, token: string) => {
    const r = await roleDetail(id);
    return t.api<RoleDetail>('POST', '/pc/sysRole/save', {
      token,
      body: {
        id: r.id,
        roleKey: r.roleKey,
        name: r.name,
        description: r.description ?? '',
        dataScope: r.dataScope,
        status: r.status,
        permissions: r.permissions,
        menuIds: r.menuIds,
        ...changes,
      },
    });
  };
  const elevatorTotal = async (token: string) => {
    const res = await t.api<Page<unknown>>('POST', '/pc/elevator/queryList', {
      token,
      body: { page: 1, limit: 10 },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data.total;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    const roles = await t.api<Page<RoleRow>>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { limit: 100 },
    });
    roleIds = Object.fromEntries(roles.body.data.records.map((r) => [r.roleKey, r.id]));
    const users = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { name: 'wb_admin1' },
    });
    companyId = users.body.data.records.find((u) => u.username === 'wb_admin1')!.companyId!;

    // The company's own role for delegated administration, company-scoped, made by the platform.
    const own = await t.api<RoleDetail>('POST', '/pc/sysRole/save', {
      token: admin,
      body: {
        roleKey: 'wb1_user_admin',
        name: '安顺账号管理员',
        dataScope: 'company',
        permissions: ['system:role:edit', 'system:role:list', 'system:user:edit', 'system:user:list'],
        menuIds: [],
      },
    });
    expect(own.status, own.body.resultMsg).toBe(200);
    ownRoleId = own.body.data.id;
    const made = await t.api<{ initialPassword: string }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        username: 'wb1_delegate',
        realName: '韦志明',
        userType: 'maintenance',
        companyId,
        roleIds: [roleIds.maintenance_admin, ownRoleId],
      },
    });
    expect(made.status, made.body.resultMsg).toBe(200);
    delegate = await t.login('wb1_delegate', made.body.data.initialPassword);
  });
  afterAll(() => t.close());

  it('refuses to widen its own role to all data, and still sees only its company’s lifts', async () => {
    const before = await elevatorTotal(delegate);
    expect(before).toBe(await elevatorTotal(await t.login('wb_admin1')));
    expect(before).toBeLessThan(await elevatorTotal(admin));

    for (const scope of ['all', 'area']) {
      const res = await resave(ownRoleId, { dataScope: scope }, delegate);
      expect(res.status, scope).toBe(403);
      expect(res.body.resultMsg).toMatch(/数据范围/);
    }
    expect((await roleDetail(ownRoleId)).dataScope).toBe('company');
    // Within its rights the same call works (the positive control).
    const ok = await resave(ownRoleId, { description: '本单位账号管理' }, delegate);
    expect(ok.status, ok.body.resultMsg).toBe(200);
    // A new role is no wider than its maker either.
    const wide = await t.api('POST', '/pc/sysRole/save', {
      token: delegate,
      body: { roleKey: 'wb1_wide', name: '全量查看', dataScope: 'all', menuIds: [] },
    });
    expect(wide.status).toBe(403);
    expect(wide.body.resultMsg).toMatch(/[\u4e00-\u9fa5]/);

    expect(await elevatorTotal(delegate)).toBe(before);
  });

  it('refuses to edit or widen the built-in maintenance_admin role that every maintenance company holds', async () => {
    const id = roleIds.maintenance_admin;
    const wider = await resave(id, { dataScope: 'all' }, delegate);
    expect(wider.status).toBe(403);
    expect(wider.body.resultMsg).toMatch(/[\u4e00-\u9fa5]/);
    // Even a change within its rights: other companies' administrators hold this role.
    const renamed = await resave(id, { description: '被篡改' }, delegate);
    expect(renamed.status).toBe(403);
    expect(renamed.body.resultMsg).toMatch(/其他单位/);
    const menus = await resave(id, { menuIds: [] }, delegate);
    expect(menus.status).toBe(403);
    const after = await roleDetail(id);
    expect(after.dataScope).toBe('company');
    expect(after.description).not.toBe('被篡改');
    expect(after.menuIds.length).toBeGreaterThan(0);
    // wb_admin2 of the other company still sees only its own lifts.
    const wb2 = await t.login('wb_admin2');
    expect(await elevatorTotal(wb2)).toBeLessThan(await elevatorTotal(admin));
    // The platform administrator still may.
    const byAdmin = await resave(id, { description: '维保单位负责人' }, admin);
    expect(byAdmin.status, byAdmin.body.resultMsg).toBe(200);
  });

  it('refuses to delete a role that other organisations hold, and one wider than its own', async () => {
    const regulatorRole = await t.api('DELETE', '/pc/sysRole/delete', {
      token: delegate,
      query: { ids: String(roleIds.regulator) },
    });
    expect([403, 409]).toContain(regulatorRole.status);
    expect((await roleDetail(roleIds.regulator)).roleKey).toBe('regulator');
  });

  it('refuses to assign a role wider than its own to a user', async () => {
    for (const key of ['regulator', 'callcenter']) {
      const res = await t.api('POST', '/pc/sysUser/save', {
        token: delegate,
        body: {
          username: `wb1_${key}`,
          realName: '黄海涛',
          userType: 'maintenance',
          companyId,
          roleIds: [roleIds[key]],
          areaCodes: key === 'regulator' ? ['450103'] : [],
        },
      });
      expect(res.status, key).toBe(403);
      expect(res.body.resultMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const users = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { name: 'wb1_' },
    });
    expect(users.body.data.records.map((u) => u.username)).toEqual(['wb1_delegate']);
    // Its own company-scoped roles it may hand out.
    const ok = await t.api('POST', '/pc/sysUser/save', {
      token: delegate,
      body: {
        username: 'wb1_worker',
        realName: '黄海涛',
        userType: 'maintenance',
        companyId,
        roleIds: [roleIds.maintenance_staff],
      },
    });
    expect(ok.status, ok.body.resultMsg).toBe(200);
  });

  it.runIf(kind === 'postgres')(
    'waits for a save of the same user under way, and then judges the user as that save left it',
    async () => {
      const made = await t.api<{ user: { id: number } }>('POST', '/pc/sysUser/save', {
        token: delegate,
        body: {
          username: 'wb1_raised',
          realName: '黄海涛',
          userType: 'maintenance',
          companyId,
          roleIds: [roleIds.maintenance_staff],
        },
      });
      expect(made.status, made.body.resultMsg).toBe(200);
      const id = made.body.data.user.id;
      // The platform administrator's save of the user, under way: it gives the user the call centre's
      // city-wide role (a user save locks the user first, as every save now does).
      const held = await heldTransaction(t.platform.db, async (tx) => {
        await tx.execute(sql`select id from sys_user where id = ${id} for update`);
        await tx.execute(
          sql`insert into sys_user_role (user_id, role_id) values (${id}, ${roleIds.callcenter})`,
        );
      });
      const edit = t.api('POST', '/pc/sysUser/save', {
        token: delegate,
        body: {
          id,
          username: 'wb1_raised',
          realName: '黄海涛（改）',
          userType: 'maintenance',
          companyId,
          roleIds: [roleIds.maintenance_staff],
        },
      });
      await new Promise((r) => setTimeout(r, 300));
      await held.commit();
      const res = await edit;
      // The delegate may not manage a user who now holds more than it does; the grant stays.
      expect(res.status, res.body.resultMsg).toBe(403);
      const roles = await t.platform.db.execute(
        sql`select r.role_key from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = ${id} order by 1`,
      );
      expect((roles as unknown as { rows: { role_key: string }[] }).rows.map((r) => r.role_key)).toEqual([
        'callcenter',
        'maintenance_staff',
      ]);
    },
  );

  it('an area-scoped delegate grants area scope only over its own districts', async () => {
    const role = await t.api<RoleDetail>('POST', '/pc/sysRole/save', {
      token: admin,
      body: {
        roleKey: 'qingxiu_user_admin',
        name: '青秀区账号管理员',
        dataScope: 'area',
        permissions: ['system:user:edit', 'system:user:list', 'system:role:list'],
        menuIds: [],
      },
    });
    expect(role.status, role.body.resultMsg).toBe(200);
    const made = await t.api<{ initialPassword: string }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        username: 'qx_delegate',
        realName: '陆文博',
        userType: 'regulator',
        areaCodes: ['450103'],
        roleIds: [role.body.data.id, roleIds.regulator],
      },
    });
    expect(made.status, made.body.resultMsg).toBe(200);
    const token = await t.login('qx_delegate', made.body.data.initialPassword);
    const elsewhere = await t.api('POST', '/pc/sysUser/save', {
      token,
      body: {
        username: 'qx_other',
        realName: '蒙丽华',
        userType: 'regulator',
        areaCodes: ['450103', '450105'],
        roleIds: [roleIds.regulator],
      },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.resultMsg).toMatch(/辖区/);
  });
});
