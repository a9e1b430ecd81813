import type { Page, UserRow } from '@ec/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../src/platform/db/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { menuTree, userWithPages } from './system-support.ts';

const ID_NUMBER = '11010519491231002X';

type UserDetail = UserRow & { roleIds: number[] };

describe.each(dbKinds)('system users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let roleIdByKey: Map<string, number>;

  const roleIds = async () => {
    const res = await t.api<Page<{ id: number; roleKey: string }>>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { limit: 100 },
    });
    return new Map(res.body.data.records.map((r) => [r.roleKey, r.id]));
  };
  const findUser = async (username: string) => {
    const res = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { name: username },
    });
    const row = res.body.data.records.find((r) => r.username === username);
    if (!row) throw new Error(`no user ${username}`);
    return row;
  };
  const createUser = async (body: Record<string, unknown>, token = admin) =>
    t.api<{ user: UserDetail; initialPassword: string | null }>('POST', '/pc/sysUser/save', { token, body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    adminId = (await findUser('admin')).id;
    roleIdByKey = await roleIds();
  });
  afterAll(() => t.close());

  it('creates a user with a one-time initial password that signs in and is stored only hashed', async () => {
    const res = await createUser({
      username: 'zhang_san',
      realName: '张三',
      phone: '13912345678',
      idNumber: ID_NUMBER,
      email: 'zhangsan@example.com',
      userType: 'regulator',
      areaCodes: ['450103'],
      roleIds: [roleIdByKey.get('regulator')],
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    const { user, initialPassword } = res.body.data;
    expect(initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{10}$/);
    // One masking policy: the administrator sees others' numbers masked too (the reveal call shows them).
    expect(user).toMatchObject({
      username: 'zhang_san',
      phone: '139****5678',
      idNumber: '110105********002X',
      roles: [{ roleKey: 'regulator' }],
      status: 1,
    });
    const [stored] = await t.platform.db.select().from(sysUser).where(eq(sysUser.id, user.id));
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(initialPassword);
    expect(await t.login('zhang_san', initialPassword!)).toBeTruthy();

    const edited = await createUser({
      id: user.id,
      username: 'zhang_san',
      realName: '张三丰',
      phone: '13912345678',
      // Cleared by sending it empty: a field an update leaves out keeps its value (issue 11, item 7).
      idNumber: '',
      userType: 'regulator',
      roleIds: [roleIdByKey.get('regulator')],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      initialPassword: null,
      user: { realName: '张三丰', idNumber: '' },
    });
  });

  it('masks phones and ID numbers in the list; filters, pages and sorts on whitelisted columns only', async () => {
    await createUser({
      username: 'li_si',
      realName: '李四',
      phone: '13912345679',
      idNumber: ID_NUMBER,
      userType: 'platform',
      roleIds: [roleIdByKey.get('regulator')],
    });
    const res = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { name: '李四' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(res.body.data.records[0]).toMatchObject({ phone: '139****5679', idNumber: '110105********002X' });
    expect(res.raw).not.toContain('13912345679');
    expect(res.raw).not.toContain(ID_NUMBER);

    const byRole = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { roleId: roleIdByKey.get('maintenance_admin'), limit: 50 },
    });
    expect(byRole.body.data.records.map((r) => r.username).sort()).toEqual(['wb_admin1', 'wb_admin2']);

    const byCompany = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { companyName: '安顺', status: 1 },
    });
    expect(byCompany.body.data.records.map((r) => r.username).sort()).toEqual(['wb_admin1', 'wb_staff1']);

    const sorted = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { sortField: 'username', sortOrder: 'ascend', limit: 3, page: 2 },
    });
    expect(sorted.body.data.page).toBe(2);
    expect(sorted.body.data.records).toHaveLength(3);
    const names = sorted.body.data.records.map((r) => r.username);
    expect(names).toEqual([...names].sort());

    const badSort = await t.api('GET', '/pc/sysUser/query', {
      token: admin,
      query: { sortField: 'passwordHash' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body.resultMsg).toBe('sortField：不支持按该字段排序');
  });

  it('masks phone and ID number in the detail too, keeps them when the form sends the masks back', async () => {
    const li = await findUser('li_si');
    const detail = await t.api<UserDetail>('GET', `/pc/sysUser/detail/${li.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ phone: '139****5679', idNumber: '110105********002X' });
    expect(detail.raw).not.toContain(ID_NUMBER);
    // The edit form sends back what it was shown: the stored numbers stay.
    const { id, username, realName, phone, idNumber, userType, roleIds } = detail.body.data;
    const resaved = await createUser({
      id,
      username,
      realName: '李四光',
      phone,
      idNumber,
      userType,
      roleIds,
    });
    expect(resaved.status, resaved.body.resultMsg).toBe(200);
    const [stored] = await t.platform.db.select().from(sysUser).where(eq(sysUser.id, li.id));
    expect(stored).toMatchObject({ realName: '李四光', phone: '13912345679', idNumber: ID_NUMBER });
    // A mask that is not the stored number's is refused, naming the field.
    const forged = await createUser({ id, username, realName, phone: '139****0000', userType, roleIds });
    expect(forged.status).toBe(400);
    expect(forged.body.errors?.[0].field).toBe('phone');
    // The user themself sees their own numbers in full.
    const self = await t.api<UserDetail>('GET', `/pc/sysUser/detail/${adminId}`, { token: admin });
    expect(self.status).toBe(200);

    // A role with only the list button of the user page.
    const tree = await menuTree(t, admin);
    const page = tree.find((m) => m.url === '/permission/page')!;
    const listButton = page.children.find((c) => c.perms === 'system:user:list')!;
    const role = await t.api<{ id: number }>('POST', '/pc/sysRole/save', {
      token: admin,
      body: { roleKey: 'user_viewer', name: '用户查看', dataScope: 'all', menuIds: [page.id, listButton.id] },
    });
    const viewer = await createUser({
      username: 'viewer1',
      realName: '查看员',
      userType: 'platform',
      roleIds: [role.body.data.id],
    });
    const token = await t.login('viewer1', viewer.body.data.initialPassword!);
    const list = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', { token, query: { name: '李四' } });
    expect(list.status).toBe(200);
    expect(list.body.data.records[0].phone).toBe('139****5679');
    const refused = await t.api('GET', `/pc/sysUser/detail/${li.id}`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.resultMsg).toBe('没有权限执行此操作');
    const save = await createUser(
      { username: 'x1', realName: 'x', userType: 'platform', roleIds: [1] },
      token,
    );
    expect(save.status).toBe(403);
  });

  it('refuses bad input naming the field, and duplicates with 409', async () => {
    const missing = await createUser({ username: 'wang', userType: 'platform', roleIds: [] });
    expect(missing.status).toBe(400);
    const fields = missing.body.errors?.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['realName', 'roleIds']));
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'realName', message: '姓名不能为空' },
        { field: 'roleIds', message: '请至少选择一个角色' },
      ]),
    );
    const base = {
      username: 'wang',
      realName: '王五',
      userType: 'platform',
      roleIds: [roleIdByKey.get('regulator')],
    };
    const phone = await createUser({ ...base, phone: '12345' });
    expect(phone.body.resultMsg).toBe('phone：请输入正确的手机号');
    const id = await createUser({ ...base, idNumber: '110105194912310021' });
    expect(id.body.resultMsg).toBe('idNumber：请输入正确的身份证号');
    const type = await createUser({ ...base, userType: 'boss' });
    expect(type.body.resultMsg).toBe('userType：请选择用户类型');
    const name = await createUser({ ...base, username: '王 五' });
    expect(name.body.resultMsg).toContain('username：用户名只能包含');
    const area = await createUser({ ...base, areaCodes: ['999999'] });
    expect(area.status).toBe(400);
    expect(area.body.resultMsg).toBe('区域代码不存在：999999');
    const role = await createUser({ ...base, roleIds: [99999] });
    expect(role.body.resultMsg).toBe('所选角色不存在');

    const dupName = await createUser({ ...base, username: 'admin' });
    expect(dupName.status).toBe(409);
    expect(dupName.body.resultMsg).toBe('用户名 admin 已被其他账号使用');
    const dupPhone = await createUser({ ...base, phone: '13807710003' });
    expect(dupPhone.status).toBe(409);
    expect(dupPhone.body.resultMsg).toBe('手机号 13807710003 已被其他账号使用');
    const phoneAsName = await createUser({ ...base, username: '13807710003' });
    expect(phoneAsName.status).toBe(409);
  });

  it('resets a password: a one-time password shown once or sent by SMS, and the user’s sessions end', async () => {
    const made = await createUser({
      username: 'reset_me',
      realName: '重置',
      phone: '13912340000',
      userType: 'platform',
      roleIds: [roleIdByKey.get('regulator')],
    });
    const userId = made.body.data.user.id;
    const oldToken = await t.login('reset_me', made.body.data.initialPassword!);
    const res = await t.api<{ password: string; sentTo: null }>('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: userId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.password).toMatch(/^[A-Za-z\d]{10}$/);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: oldToken })).status).toBe(401);
    const newToken = await t.login('reset_me', res.body.data.password);

    const bySms = await t.api<{ password: null; sentTo: string }>('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: userId, delivery: 'sms' },
    });
    expect(bySms.body.data).toEqual({ password: null, sentTo: '139****0000' });
    const text = [...t.sms.outbox].reverse().find((m) => m.phone === '13912340000')!.text;
    const smsPassword = text.match(/重置为 ([A-Za-z\d]{10})/)![1];
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: newToken })).status).toBe(401);
    expect(await t.login('reset_me', smsPassword)).toBeTruthy();

    const noPhone = await t.api('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: (await findUser('viewer1')).id, delivery: 'sms' },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.resultMsg).toBe('该用户没有手机号，无法通过短信发送新密码');
    const self = await t.api('POST', '/pc/sysUser/resetPassword', { token: admin, body: { id: adminId } });
    expect(self.status).toBe(409);
    const unknown = await t.api('POST', '/pc/sysUser/resetPassword', { token: admin, body: { id: 999999 } });
    expect(unknown.status).toBe(404);
    const delivery = await t.api('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: userId, delivery: 'mail' },
    });
    expect(delivery.body.resultMsg).toBe('delivery：发送方式应为 show 或 sms');
  });

  it('disables and enables users, but nobody disables themselves or the built-in admin', async () => {
    const target = await findUser('reset_me');
    const token = await t.login('wb_staff1');
    const staff = await findUser('wb_staff1');
    const off = await t.api('POST', '/pc/sysUser/updateStatus', {
      token: admin,
      body: { id: staff.id, status: 0 },
    });
    expect(off.status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(401);
    const again = await t.api('POST', '/pc/sysUser/updateStatus', {
      token: admin,
      body: { id: staff.id, status: 1 },
    });
    expect(again.status).toBe(200);
    // A disabled account's old sessions do not come back.
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(401);
    expect(await t.login('wb_staff1')).toBeTruthy();

    const self = await t.api('POST', '/pc/sysUser/updateStatus', {
      token: admin,
      body: { id: adminId, status: 0 },
    });
    expect(self.status).toBe(409);
    expect(self.body.resultMsg).toBe('不能停用自己的账号');

    const second = await createUser({
      username: 'admin2',
      realName: '第二管理员',
      userType: 'platform',
      roleIds: [roleIdByKey.get('admin')],
    });
    const admin2 = await t.login('admin2', second.body.data.initialPassword!);
    const builtIn = await t.api('POST', '/pc/sysUser/updateStatus', {
      token: admin2,
      body: { id: adminId, status: 0 },
    });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.resultMsg).toBe('不能停用内置管理员账号 admin');
    const badStatus = await t.api('POST', '/pc/sysUser/updateStatus', {
      token: admin,
      body: { id: target.id, status: 2 },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.resultMsg).toBe('status：状态应为 0 或 1');
  });

  it('deletes users, but never oneself or the built-in admin', async () => {
    const second = await findUser('admin2');
    const reset = await t.api<{ password: string }>('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: second.id },
    });
    const token2 = await t.login('admin2', reset.body.data.password);

    const builtIn = await t.api('DELETE', '/pc/sysUser/delete', {
      token: token2,
      query: { ids: String(adminId) },
    });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.resultMsg).toBe('不能删除内置管理员账号 admin');
    const self = await t.api('DELETE', '/pc/sysUser/delete', {
      token: admin,
      query: { ids: String(adminId) },
    });
    expect(self.status).toBe(409);
    expect(self.body.resultMsg).toBe('不能删除自己的账号');

    const victim = await findUser('li_si');
    const ok = await t.api('DELETE', '/pc/sysUser/delete', {
      token: admin,
      query: { ids: String(victim.id) },
    });
    expect(ok.status).toBe(200);
    const gone = await t.api('GET', `/pc/sysUser/detail/${victim.id}`, { token: admin });
    expect(gone.status).toBe(404);
    const none = await t.api('DELETE', '/pc/sysUser/delete', { token: admin, query: { ids: '' } });
    expect(none.status).toBe(400);
    expect(none.body.resultMsg).toContain('请先选择要操作的数据');
  });

  it('nobody removes their own last admin permission; the built-in admin keeps all of them', async () => {
    const second = await findUser('admin2');
    const reset = await t.api<{ password: string }>('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: second.id },
    });
    const token2 = await t.login('admin2', reset.body.data.password);
    const demote = await createUser(
      {
        id: second.id,
        username: 'admin2',
        realName: '第二管理员',
        userType: 'platform',
        roleIds: [roleIdByKey.get('regulator')],
      },
      token2,
    );
    expect(demote.status).toBe(409);
    expect(demote.body.resultMsg).toContain('不能移除自己最后的管理权限');
    expect(
      (await t.api<UserDetail>('GET', `/pc/sysUser/detail/${second.id}`, { token: admin })).body.data.roleIds,
    ).toEqual([roleIdByKey.get('admin')]);

    const builtIn = await createUser(
      {
        id: adminId,
        username: 'admin',
        realName: '平台管理员',
        userType: 'platform',
        roleIds: [roleIdByKey.get('regulator')],
      },
      token2,
    );
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.resultMsg).toBe('内置管理员必须保留平台管理员的全部权限');

    // Another administrator may demote admin2.
    const byOther = await createUser({
      id: second.id,
      username: 'admin2',
      realName: '第二管理员',
      userType: 'platform',
      roleIds: [roleIdByKey.get('regulator')],
    });
    expect(byOther.status).toBe(200);
  });

  it('does not let a user manager hand out or take over rights beyond their own', async () => {
    const manager = await userWithPages(t, admin, ['/permission/page']);
    const escalate = await createUser(
      { username: 'crony', realName: '亲信', userType: 'platform', roleIds: [roleIdByKey.get('admin')] },
      manager.token,
    );
    expect(escalate.status).toBe(403);
    expect(escalate.body.resultMsg).toContain('不能授予或修改超出自己权限的内容');
    const takeOver = await t.api('POST', '/pc/sysUser/resetPassword', {
      token: manager.token,
      body: { id: adminId },
    });
    expect(takeOver.status).toBe(403);
    const self = await createUser(
      {
        id: manager.id,
        username: manager.username,
        realName: '经理',
        userType: 'platform',
        roleIds: [manager.roleId, roleIdByKey.get('admin')],
      },
      manager.token,
    );
    expect(self.status).toBe(403);
    // Within their rights it works.
    const ok = await createUser(
      { username: 'helper1', realName: '助手', userType: 'platform', roleIds: [manager.roleId] },
      manager.token,
    );
    expect(ok.status, ok.body.resultMsg).toBe(200);
  });

  it('applies the data scope: a company-scoped manager sees and manages only their company', async () => {
    const wb1 = await findUser('wb_admin1');
    const wb2 = await findUser('wb_admin2');
    const manager = await userWithPages(t, admin, ['/permission/page'], {
      dataScope: 'company',
      companyId: wb1.companyId!,
    });
    const list = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: manager.token,
      query: { limit: 100 },
    });
    expect(list.body.data.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data.records.every((r) => r.companyId === wb1.companyId)).toBe(true);
    expect((await t.api('GET', `/pc/sysUser/detail/${wb2.id}`, { token: manager.token })).status).toBe(404);
    const outside = await createUser(
      {
        username: 'mover',
        realName: '调动',
        userType: 'maintenance',
        companyId: wb2.companyId,
        roleIds: [manager.roleId],
      },
      manager.token,
    );
    expect(outside.status).toBe(403);
    expect(outside.body.resultMsg).toBe('不能把用户设置到自己的数据范围之外');
    const missing = await t.api<Page<UserRow>>('GET', '/pc/sysUser/query', {
      token: admin,
      query: { name: 'mover' },
    });
    expect(missing.body.data.total).toBe(0);
  });

  it('lists maintenance admins for pickers, masked and within the caller’s scope', async () => {
    type Option = { username: string; phone: string; companyId: number };
    const all = await t.api<Option[]>('GET', '/pc/sysUser/selectSubMaintenanceAdmin', { token: admin });
    expect(all.status).toBe(200);
    const names = all.body.data.map((o) => o.username);
    expect(names).toEqual(expect.arrayContaining(['wb_admin1', 'wb_admin2']));
    expect(names).not.toContain('wb_staff1');
    expect(all.body.data.find((o) => o.username === 'wb_admin1')!.phone).toBe('138****0003');
    const wb1 = all.body.data.find((o) => o.username === 'wb_admin1')!;
    const byCompany = await t.api<Option[]>('GET', '/pc/sysUser/selectSubMaintenanceAdmin', {
      token: admin,
      query: { companyId: wb1.companyId },
    });
    expect(byCompany.body.data.map((o) => o.username)).toEqual(['wb_admin1']);
    const own = await t.api<Option[]>('GET', '/pc/sysUser/selectSubMaintenanceAdmin', {
      token: await t.login('wb_admin2'),
    });
    expect(own.body.data.map((o) => o.username)).toEqual(['wb_admin2']);
    const area = await t.api<Option[]>('GET', '/pc/sysUser/selectSubMaintenanceAdmin', {
      token: await t.login('jg_qingxiu'),
    });
    expect(area.body.data.map((o) => o.username)).toEqual(['wb_admin1']);
  });

  it('refuses the user calls without a token (401) and without the permission (403)', async () => {
    const wb = await t.login('wb_admin1');
    expect((await t.api('GET', '/pc/sysUser/query')).status).toBe(401);
    for (const [method, path] of [
      ['GET', '/pc/sysUser/query'],
      ['GET', `/pc/sysUser/detail/${adminId}`],
      ['POST', '/pc/sysUser/save'],
      ['POST', '/pc/sysUser/updateStatus'],
      ['POST', '/pc/sysUser/resetPassword'],
      ['DELETE', '/pc/sysUser/delete'],
    ] as const) {
      const res = await t.api(method, path, { token: wb, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
    }
  });
});
