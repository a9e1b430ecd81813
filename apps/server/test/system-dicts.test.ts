import type { Page } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { menuTree } from './system-support.ts';

type DictType = { id: number; code: string; name: string; status: number; valueCount: number };
type DictData = {
  id: number;
  typeId: number;
  typeCode: string;
  key: string;
  value: string;
  sort: number;
  status: number;
};
type DictEntry = { code: string; childs: { key: string; value: string }[] };

describe.each(dbKinds)('dictionaries on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const allDict = async (token = admin) =>
    (await t.api<DictEntry[]>('GET', '/pc/sysDict/getAllDict', { token })).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('pages and filters dictionary types and values', async () => {
    const types = await t.api<Page<DictType>>('GET', '/pc/sysDict/typeQuery', {
      token: admin,
      query: { limit: 5 },
    });
    expect(types.status).toBe(200);
    expect(types.body.data.records).toHaveLength(5);
    expect(types.body.data.total).toBeGreaterThan(5);
    const elevatorType = await t.api<Page<DictType>>('GET', '/pc/sysDict/typeQuery', {
      token: admin,
      query: { code: 'elevator_type' },
    });
    const type = elevatorType.body.data.records.find((r) => r.code === 'elevator_type')!;
    expect(type.valueCount).toBeGreaterThanOrEqual(2);
    const values = await t.api<Page<DictData>>('GET', '/pc/sysDict/dataQuery', {
      token: admin,
      query: { typeId: type.id },
    });
    expect(values.body.data.records.map((v) => v.value)).toEqual(expect.arrayContaining(['直梯', '扶梯']));
    const byCode = await t.api<Page<DictData>>('GET', '/pc/sysDict/dataQuery', {
      token: admin,
      query: { typeCode: 'elevator_type', value: '扶' },
    });
    expect(byCode.body.data.records).toEqual([
      expect.objectContaining({ key: '2', value: '扶梯', typeCode: 'elevator_type' }),
    ]);
    const badPage = await t.api('GET', '/pc/sysDict/typeQuery', { token: admin, query: { page: 0 } });
    expect(badPage.status).toBe(400);
    expect(badPage.body.resultMsg).toMatch(/^page：/);
  });

  it('adds a type and values; getAllDict serves them at once; disabled values drop out', async () => {
    const type = await t.api<DictType>('POST', '/pc/sysDict/typeSave', {
      token: admin,
      body: { code: 'rescue_level', name: '救援等级' },
    });
    expect(type.status, type.body.resultMsg).toBe(200);
    for (const [key, value, sort] of [
      ['1', '一级', 1],
      ['2', '二级', 2],
    ] as const) {
      const res = await t.api<DictData>('POST', '/pc/sysDict/dataSave', {
        token: admin,
        body: { typeId: type.body.data.id, key, value, sort },
      });
      expect(res.status).toBe(200);
    }
    let entry = (await allDict()).find((d) => d.code === 'rescue_level');
    expect(entry?.childs).toEqual([
      { key: '1', value: '一级' },
      { key: '2', value: '二级' },
    ]);
    const values = await t.api<Page<DictData>>('GET', '/pc/sysDict/dataQuery', {
      token: admin,
      query: { typeId: type.body.data.id },
    });
    const second = values.body.data.records.find((v) => v.key === '2')!;
    const disabled = await t.api('POST', '/pc/sysDict/dataSave', {
      token: admin,
      body: { ...second, status: 0 },
    });
    expect(disabled.status).toBe(200);
    entry = (await allDict(await t.login('wb_admin1'))).find((d) => d.code === 'rescue_level');
    expect(entry?.childs).toEqual([{ key: '1', value: '一级' }]);
  });

  it('refuses bad input naming the field and duplicates with 409', async () => {
    const bad = await t.api('POST', '/pc/sysDict/typeSave', {
      token: admin,
      body: { code: '9abc', name: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'code', message: '字典编码只能包含字母、数字、点、下划线和连字符，并以字母开头' },
        { field: 'name', message: '字典名称不能为空' },
      ]),
    );
    const dupType = await t.api('POST', '/pc/sysDict/typeSave', {
      token: admin,
      body: { code: 'elevator_type', name: '重复' },
    });
    expect(dupType.status).toBe(409);
    expect(dupType.body.resultMsg).toMatch(/^字典编码 elevator_type 已被「.+」使用$/);

    const types = await t.api<Page<DictType>>('GET', '/pc/sysDict/typeQuery', {
      token: admin,
      query: { code: 'rescue_level' },
    });
    const typeId = types.body.data.records[0].id;
    const dupKey = await t.api('POST', '/pc/sysDict/dataSave', {
      token: admin,
      body: { typeId, key: '1', value: '重复的一级' },
    });
    expect(dupKey.status).toBe(409);
    expect(dupKey.body.resultMsg).toBe('字典键 1 在「救援等级」中已存在');
    const noType = await t.api('POST', '/pc/sysDict/dataSave', {
      token: admin,
      body: { typeId: 999999, key: 'x', value: 'x' },
    });
    expect(noType.status).toBe(400);
    expect(noType.body.resultMsg).toBe('字典类型不存在');
    const noValue = await t.api('POST', '/pc/sysDict/dataSave', { token: admin, body: { typeId, key: 'x' } });
    expect(noValue.body.resultMsg).toBe('value：字典值不能为空');
  });

  it('refuses to delete a type that still has values, naming them; deletes it once empty', async () => {
    const types = await t.api<Page<DictType>>('GET', '/pc/sysDict/typeQuery', {
      token: admin,
      query: { code: 'rescue_level' },
    });
    const type = types.body.data.records[0];
    const refused = await t.api('DELETE', '/pc/sysDict/typeDelete', {
      token: admin,
      query: { ids: String(type.id) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(
      '字典类型「救援等级」下还有 2 个字典值（一级、二级），请先删除这些字典值',
    );

    const values = await t.api<Page<DictData>>('GET', '/pc/sysDict/dataQuery', {
      token: admin,
      query: { typeId: type.id },
    });
    const ids = values.body.data.records.map((v) => v.id).join(',');
    expect((await t.api('DELETE', '/pc/sysDict/dataDelete', { token: admin, query: { ids } })).status).toBe(
      200,
    );
    const ok = await t.api('DELETE', '/pc/sysDict/typeDelete', {
      token: admin,
      query: { ids: String(type.id) },
    });
    expect(ok.status).toBe(200);
    expect((await allDict()).find((d) => d.code === 'rescue_level')).toBeUndefined();
    const again = await t.api('DELETE', '/pc/sysDict/typeDelete', {
      token: admin,
      query: { ids: String(type.id) },
    });
    expect(again.status).toBe(404);
  });

  it('refuses dictionary calls without the permission', async () => {
    const wb = await t.login('wb_admin1');
    for (const [method, path] of [
      ['GET', '/pc/sysDict/typeQuery'],
      ['GET', '/pc/sysDict/dataQuery'],
      ['POST', '/pc/sysDict/typeSave'],
      ['POST', '/pc/sysDict/dataSave'],
      ['DELETE', '/pc/sysDict/typeDelete'],
      ['DELETE', '/pc/sysDict/dataDelete'],
    ] as const) {
      const res = await t.api(method, path, { token: wb, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
    }

    // The list button alone lets one read but not write.
    const tree = await menuTree(t, admin);
    const page = tree.find((m) => m.url === '/permission/dicManagement')!;
    const listButton = page.children.find((c) => c.perms === 'system:dict:list')!;
    const role = await t.api<{ id: number }>('POST', '/pc/sysRole/save', {
      token: admin,
      body: { roleKey: 'dict_viewer', name: '字典查看', dataScope: 'all', menuIds: [page.id, listButton.id] },
    });
    const user = await t.api<{ initialPassword: string }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        username: 'dict_viewer',
        realName: '字典查看员',
        userType: 'platform',
        roleIds: [role.body.data.id],
      },
    });
    const token = await t.login('dict_viewer', user.body.data.initialPassword);
    expect((await t.api('GET', '/pc/sysDict/typeQuery', { token })).status).toBe(200);
    const write = await t.api('POST', '/pc/sysDict/typeSave', { token, body: { code: 'x_type', name: 'x' } });
    expect(write.status).toBe(403);
  });
});
