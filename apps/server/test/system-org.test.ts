import type { OfficeTreeNode, Page } from '@ec/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOffice } from '../src/platform/db/tables.ts';
import { withCreditCheck } from '../src/platform/seed/demo.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { menuTree, userWithPages } from './system-support.ts';

type Office = Omit<OfficeTreeNode, 'children'>;
type Enterprise = {
  id: number;
  name: string;
  creditCode: string;
  kind: string;
  areaCode: string | null;
  contactPhone: string | null;
  userCount: number;
};

describe.each(dbKinds)('organisations and enterprises on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const saveOffice = (body: Record<string, unknown>, token = admin) =>
    t.api<Office>('POST', '/pc/sysOffice/save', { token, body });
  const saveEnterprise = (body: Record<string, unknown>, token = admin) =>
    t.api<Enterprise>('POST', '/pc/enterprise/save', { token, body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('builds the organisation tree; phones masked in the tree and the detail, kept when sent back masked', async () => {
    const bureau = await saveOffice({
      name: '南宁市市场监督管理局',
      code: 'NNSJ',
      areaCode: '450100',
      phone: '0771-5551234',
    });
    expect(bureau.status, bureau.body.resultMsg).toBe(200);
    const section = await saveOffice({
      parentId: bureau.body.data.id,
      name: '特种设备安全监察科',
      code: 'NNSJ-TZ',
      leader: '陈科长',
      phone: '13900001111',
      sort: 1,
    });
    expect(section.status).toBe(200);
    const tree = await t.api<OfficeTreeNode[]>('GET', '/pc/sysOffice/tree', { token: admin });
    expect(tree.status).toBe(200);
    const root = tree.body.data.find((o) => o.id === bureau.body.data.id)!;
    expect(root.children.map((c) => c.name)).toEqual(['特种设备安全监察科']);
    expect(root.children[0].phone).toBe('139****1111');
    expect(tree.raw).not.toContain('13900001111');
    const detail = await t.api<Office>('GET', `/pc/sysOffice/detail/${section.body.data.id}`, {
      token: admin,
    });
    // One masking policy: the administrator, who is no member of the department, sees it masked too.
    expect(detail.body.data).toMatchObject({ phone: '139****1111', leader: '陈科长', userCount: 0 });
    const landline = await t.api<Office>('GET', `/pc/sysOffice/detail/${bureau.body.data.id}`, {
      token: admin,
    });
    expect(landline.body.data.phone).toBe('0771-***1234');
    // The edit form sends the masked phone back: the stored number stays.
    const resaved = await saveOffice({ ...detail.body.data, leader: '陈建国' });
    expect(resaved.status, resaved.body.resultMsg).toBe(200);
    const [stored] = await t.platform.db
      .select({ phone: sysOffice.phone, leader: sysOffice.leader })
      .from(sysOffice)
      .where(eq(sysOffice.id, section.body.data.id));
    expect(stored).toEqual({ phone: '13900001111', leader: '陈建国' });
    const forged = await saveOffice({ ...detail.body.data, phone: '139****2222' });
    expect(forged.status).toBe(400);

    const filtered = await t.api<OfficeTreeNode[]>('GET', '/pc/sysOffice/tree', {
      token: admin,
      query: { name: '监察' },
    });
    expect(filtered.body.data.map((o) => o.name)).toEqual(['特种设备安全监察科']);
  });

  it('refuses duplicate codes, loops, unknown parents and bad phones', async () => {
    const tree = (await t.api<OfficeTreeNode[]>('GET', '/pc/sysOffice/tree', { token: admin })).body.data;
    const bureau = tree.find((o) => o.code === 'NNSJ')!;
    const section = bureau.children[0];
    const dup = await saveOffice({ name: '重复', code: 'NNSJ' });
    expect(dup.status, dup.body.resultMsg).toBe(409);
    expect(dup.body.resultMsg).toBe('机构编码 NNSJ 已被「南宁市市场监督管理局」使用');
    // Forms edit what the detail gives (the tree's phones are masked).
    const full = await t.api<Office>('GET', `/pc/sysOffice/detail/${bureau.id}`, { token: admin });
    const loop = await saveOffice({ ...full.body.data, parentId: section.id });
    expect(loop.status).toBe(409);
    expect(loop.body.resultMsg).toBe('上级机构不能是它自己或它的下级机构');
    const orphan = await saveOffice({ name: '孤儿', parentId: 999999 });
    expect(orphan.status).toBe(400);
    expect(orphan.body.resultMsg).toBe('上级机构不存在');
    const phone = await saveOffice({ name: '电话', phone: 'call me' });
    expect(phone.body.resultMsg).toBe('phone：联系电话格式不正确');
    const name = await saveOffice({ name: '  ' });
    expect(name.body.resultMsg).toBe('name：机构名称不能为空');
  });

  it('refuses to delete an organisation with sub-organisations or members, naming them', async () => {
    const tree = (await t.api<OfficeTreeNode[]>('GET', '/pc/sysOffice/tree', { token: admin })).body.data;
    const bureau = tree.find((o) => o.code === 'NNSJ')!;
    const section = bureau.children[0];
    const withChild = await t.api('DELETE', '/pc/sysOffice/delete', {
      token: admin,
      query: { ids: String(bureau.id) },
    });
    expect(withChild.status).toBe(409);
    expect(withChild.body.resultMsg).toBe(
      '机构「南宁市市场监督管理局」下还有 1 个下级机构（特种设备安全监察科），请先删除下级机构',
    );

    const roles = await t.api<Page<{ id: number; roleKey: string }>>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { roleKey: 'regulator' },
    });
    const member = await t.api<{ user: { id: number } }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        username: 'inspector_chen',
        realName: '陈监察',
        userType: 'regulator',
        officeId: section.id,
        roleIds: [roles.body.data.records[0].id],
      },
    });
    expect(member.status).toBe(200);
    const withMember = await t.api('DELETE', '/pc/sysOffice/delete', {
      token: admin,
      query: { ids: String(section.id) },
    });
    expect(withMember.status).toBe(409);
    expect(withMember.body.resultMsg).toBe(
      '机构「特种设备安全监察科」还有 1 名用户（inspector_chen），请先将这些用户调出该机构',
    );

    await t.api('DELETE', '/pc/sysUser/delete', {
      token: admin,
      query: { ids: String(member.body.data.user.id) },
    });
    const both = await t.api('DELETE', '/pc/sysOffice/delete', {
      token: admin,
      query: { ids: `${bureau.id},${section.id}` },
    });
    expect(both.status).toBe(200);
    const after = (await t.api<OfficeTreeNode[]>('GET', '/pc/sysOffice/tree', { token: admin })).body.data;
    expect(after.find((o) => o.code === 'NNSJ')).toBeUndefined();
  });

  it('keeps the enterprise directory: credit codes checked, unique, contact phones masked in the list', async () => {
    const code = withCreditCheck('91450103MA5KTX101');
    const created = await saveEnterprise({
      name: '南宁测试电梯有限公司',
      creditCode: code.toLowerCase(),
      kind: 'maintenance',
      areaCode: '450103',
      contactName: '刘经理',
      contactPhone: '13955556666',
    });
    expect(created.status, created.body.resultMsg).toBe(200);
    expect(created.body.data).toMatchObject({ creditCode: code, contactPhone: '139****6666', userCount: 0 });

    const wrongCheck = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
    const bad = await saveEnterprise({ name: '错误代码公司', creditCode: wrongCheck, kind: 'use' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'creditCode', message: '统一社会信用代码格式不正确' }]);
    expect(bad.body.resultMsg).toBe('creditCode：统一社会信用代码格式不正确');
    const short = await saveEnterprise({ name: '短代码公司', creditCode: '123', kind: 'use' });
    expect(short.body.resultMsg).toBe('creditCode：统一社会信用代码格式不正确');
    const missing = await saveEnterprise({ name: '', kind: 'nope' });
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['creditCode', 'kind', 'name']);
    const area = await saveEnterprise({
      name: '区域错误',
      creditCode: withCreditCheck('91450103MA5KTX102'),
      kind: 'use',
      areaCode: '123',
    });
    expect(area.body.resultMsg).toBe('区域代码不存在：123');

    const dup = await saveEnterprise({ name: '冒名公司', creditCode: code, kind: 'use' });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toBe(`统一社会信用代码 ${code} 已被「南宁测试电梯有限公司」使用`);

    const list = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
      token: admin,
      query: { name: '测试电梯' },
    });
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0].contactPhone).toBe('139****6666');
    expect(list.raw).not.toContain('13955556666');

    const edited = await saveEnterprise({ ...created.body.data, name: '南宁测试电梯股份有限公司' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('南宁测试电梯股份有限公司');
  });

  it('filters, pages and sorts the enterprise list on whitelisted columns', async () => {
    const maintenance = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
      token: admin,
      query: { kind: 'maintenance', sortField: 'name', sortOrder: 'ascend', limit: 2 },
    });
    expect(maintenance.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    const names = maintenance.body.data.records.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    const byArea = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
      token: admin,
      query: { areaCode: '450105' },
    });
    // The district's demo use unit, maintenance company, rescue station and inspection organisation.
    expect(byArea.body.data.records.map((r) => r.name).sort()).toEqual(
      [
        '南宁江南华悦物业管理有限公司',
        '广西通达电梯工程有限公司',
        '南宁市江南区电梯应急救援站',
        '南宁市特种设备检测中心',
      ].sort(),
    );
    const badSort = await t.api('GET', '/pc/enterprise/query', {
      token: admin,
      query: { sortField: 'contactPhone' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body.resultMsg).toBe('sortField：不支持按该字段排序');
  });

  it('shows the full contact phone only to the company’s own accounts, not even to the administrator', async () => {
    const list = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
      token: admin,
      query: { name: '测试电梯' },
    });
    const id = list.body.data.records[0].id;
    const byAdmin = await t.api<Enterprise>('GET', `/pc/enterprise/detail/${id}`, { token: admin });
    expect(byAdmin.body.data.contactPhone).toBe('139****6666');
    const member = await userWithPages(t, admin, ['/permission/nested/nested'], {
      dataScope: 'company',
      companyId: id,
    });
    const own = await t.api<Enterprise>('GET', `/pc/enterprise/detail/${id}`, { token: member.token });
    expect(own.body.data.contactPhone).toBe('13955556666');
    const removed = await t.api('DELETE', '/pc/sysUser/delete', {
      token: admin,
      query: { ids: String(member.id) },
    });
    expect(removed.status, removed.body.resultMsg).toBe(200);

    const tree = await menuTree(t, admin);
    const page = tree.find((m) => m.url === '/permission/nested/nested')!;
    const listButton = page.children.find((c) => c.perms === 'system:enterprise:list')!;
    const role = await t.api<{ id: number }>('POST', '/pc/sysRole/save', {
      token: admin,
      body: {
        roleKey: 'enterprise_viewer',
        name: '企业查看',
        dataScope: 'all',
        menuIds: [page.id, listButton.id],
      },
    });
    const viewer = await t.api<{ initialPassword: string }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        username: 'ent_viewer',
        realName: '企业查看员',
        userType: 'platform',
        roleIds: [role.body.data.id],
      },
    });
    const token = await t.login('ent_viewer', viewer.body.data.initialPassword);
    const masked = await t.api<Enterprise>('GET', `/pc/enterprise/detail/${id}`, { token });
    expect(masked.body.data.contactPhone).toBe('139****6666');
    expect((await t.api('POST', '/pc/enterprise/save', { token, body: {} })).status).toBe(403);
    expect((await t.api('GET', '/pc/enterprise/detail/999999', { token: admin })).status).toBe(404);
  });

  it('applies the data scope to enterprises', async () => {
    const companies = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
      token: admin,
      query: { name: '安顺' },
    });
    const own = companies.body.data.records[0];
    const scoped = await userWithPages(t, admin, ['/permission/nested/nested'], {
      dataScope: 'company',
      companyId: own.id,
    });
    const list = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', { token: scoped.token });
    expect(list.body.data.records.map((r) => r.id)).toEqual([own.id]);
    const others = await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
      token: admin,
      query: { name: '通达' },
    });
    const other = others.body.data.records[0];
    expect((await t.api('GET', `/pc/enterprise/detail/${other.id}`, { token: scoped.token })).status).toBe(
      404,
    );
    const create = await saveEnterprise(
      { name: '范围外公司', creditCode: withCreditCheck('91450103MA5KTX109'), kind: 'use' },
      scoped.token,
    );
    expect(create.status).toBe(403);
    expect(create.body.resultMsg).toBe('不能把企业设置到自己的数据范围之外');
  });

  it('refuses to delete an enterprise that still has users, naming them', async () => {
    const anshun = (
      await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', { token: admin, query: { name: '安顺' } })
    ).body.data.records[0];
    const refused = await t.api('DELETE', '/pc/enterprise/delete', {
      token: admin,
      query: { ids: String(anshun.id) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toMatch(
      /^企业「南宁安顺电梯维保有限公司」还有 \d+ 名用户（wb_admin1、wb_staff1.*），请先删除或转移这些用户$/,
    );
    const test = (
      await t.api<Page<Enterprise>>('GET', '/pc/enterprise/query', {
        token: admin,
        query: { name: '测试电梯' },
      })
    ).body.data.records[0];
    const ok = await t.api('DELETE', '/pc/enterprise/delete', {
      token: admin,
      query: { ids: String(test.id) },
    });
    expect(ok.status).toBe(200);
    expect((await t.api('GET', `/pc/enterprise/detail/${test.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses organisation and enterprise calls without the permission', async () => {
    const wb = await t.login('wb_admin1');
    for (const [method, path] of [
      ['GET', '/pc/sysOffice/tree'],
      ['GET', '/pc/sysOffice/detail/1'],
      ['POST', '/pc/sysOffice/save'],
      ['DELETE', '/pc/sysOffice/delete'],
      ['GET', '/pc/enterprise/query'],
      ['GET', '/pc/enterprise/detail/1'],
      ['POST', '/pc/enterprise/save'],
      ['DELETE', '/pc/enterprise/delete'],
    ] as const) {
      const res = await t.api(method, path, { token: wb, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
    }
    expect((await t.api('GET', '/pc/enterprise/query')).status).toBe(401);
  });
});
