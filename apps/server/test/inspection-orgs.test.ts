import {
  type InspectionOrgDetail,
  type InspectionOrgOption,
  type InspectionOrgRow,
  inspectionOrgCalls,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The inspection organisations' list, pickers, detail and own contact change (机构备案, issue 15):
 * who sees which organisation, and the contact change's version rule. The scope of every call on a
 * foreign organisation is swept in parties-scope.test.ts with the rest of the parties' calls.
 */
describe.each(dbKinds)('inspection organisations on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionOrgCalls>;
  let jy1: InspectionOrgRow;
  let jy2: InspectionOrgRow;

  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
  const listOf = async (user: string, input: Record<string, unknown> = {}) => {
    const res = await p.send<Page<InspectionOrgRow>>(user, 'query', { limit: 100, ...input });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data.records;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionOrgCalls);
    await p.signIn(['jy_admin1', 'jy_admin2', 'jg_qingxiu', 'sy_admin1', 'wb_admin1']);
    const all = await listOf('admin');
    jy1 = all.find((o) => o.areaCode === '450103')!;
    jy2 = all.find((o) => o.areaCode === '450105')!;
    expect(jy1 && jy2).toBeTruthy();
  }, 120_000);
  afterAll(() => t?.close());

  it('lists each organisation to itself, its district regulator and the platform', async () => {
    expect(names(await listOf('admin'))).toEqual(names([jy1, jy2]));
    expect((await listOf('jy_admin1')).map((o) => o.id)).toEqual([jy1.id]);
    expect((await listOf('jy_admin2')).map((o) => o.id)).toEqual([jy2.id]);
    expect((await listOf('jg_qingxiu')).map((o) => o.id)).toEqual([jy1.id]);
    expect((await p.send('wb_admin1', 'query', {})).status).toBe(403);
    expect(jy1.filingStateLabel).toBe('备案成功');
    expect(jy1.approvalNo).toBe('TS7110045-2028');
    expect(jy1.approvalState).toBe('valid');
  });

  it('filters by name, district and 核准证 state', async () => {
    expect((await listOf('admin', { name: '检测中心' })).map((o) => o.id)).toEqual([jy2.id]);
    expect((await listOf('admin', { areaCode: '450103' })).map((o) => o.id)).toEqual([jy1.id]);
    expect(await listOf('admin', { approvalState: 'expired' })).toEqual([]);
    expect((await listOf('admin', { approvalState: 'valid' })).length).toBe(2);
    const bad = await p.send('admin', 'query', { approvalState: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('核准证状态不正确');
  });

  it('offers every filed organisation to any signed-in account, and its own scope in the filters', async () => {
    const offered = await p.send<InspectionOrgOption[]>('sy_admin1', 'queryList', {});
    expect(offered.status).toBe(200);
    expect(names(offered.body.data)).toEqual(names([jy1, jy2]));
    const byName = await p.send<InspectionOrgOption[]>('sy_admin1', 'queryList', { keyword: '南宁分院' });
    expect(byName.body.data.map((o) => o.id)).toEqual([jy1.id]);
    const filters = await p.send<InspectionOrgOption[]>('jg_qingxiu', 'getList', {});
    expect(filters.body.data.map((o) => o.id)).toEqual([jy1.id]);
  });

  it('opens an organisation in scope; another organisation is a 404', async () => {
    const own = await p.send<InspectionOrgDetail>('jy_admin1', 'get', { id: jy1.id });
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe(jy1.name);
    expect(own.body.data.history.length).toBeGreaterThan(0);
    expect((await p.send('jy_admin2', 'get', { id: jy1.id })).status).toBe(404);
    expect((await p.send('jg_qingxiu', 'get', { id: jy2.id })).status).toBe(404);
  });

  it('lets the organisation change its contact without a new audit, from the version it saw', async () => {
    const before = (await p.send<InspectionOrgDetail>('jy_admin2', 'get', { id: jy2.id })).body.data;
    const change = {
      id: jy2.id,
      version: before.version,
      address: '南宁市江南区白沙大道 60 号',
      contactName: '韦工',
      contactPhone: '13977100001',
    };
    const res = await p.send<InspectionOrgDetail>('jy_admin2', 'updateInspection', change);
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data).toMatchObject({
      address: change.address,
      contactName: '韦工',
      contactPhone: '13977100001',
    });
    expect(res.body.data.filingState).toBe(3);
    expect(res.body.data.version).toBe(before.version + 1);
    // The screen that showed the old version is refused.
    const stale = await p.send('jy_admin2', 'updateInspection', { ...change, contactName: '覃工' });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toContain('已被他人修改');
    // Another organisation's account does not find it; its regulator sees it but may not change it.
    expect((await p.send('jy_admin1', 'updateInspection', { ...change, version: undefined })).status).toBe(
      404,
    );
    const regulator = await p.send('jg_qingxiu', 'updateInspection', {
      ...change,
      id: jy1.id,
      version: undefined,
    });
    // It holds 机构备案 read only: the permission refuses it before the service would.
    expect(regulator.status).toBe(403);
    expect(regulator.body.resultMsg).toBe('没有权限执行此操作');
    const platform = await p.send('admin', 'updateInspection', { ...change, id: jy1.id, version: undefined });
    expect(platform.status).toBe(403);
    expect(platform.body.resultMsg).toContain('只有检验机构本机构人员');
    const bad = await p.send('jy_admin2', 'updateInspection', {
      ...change,
      contactPhone: '123',
      version: undefined,
    });
    expect(bad.status).toBe(400);
  });

  it.runIf(kind === 'postgres')('stores one of 50 concurrent changes from the same version', async () => {
    const { version } = (await p.send<InspectionOrgDetail>('jy_admin1', 'get', { id: jy1.id })).body.data;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        p.send('jy_admin1', 'updateInspection', {
          id: jy1.id,
          version,
          address: `南宁市青秀区科园东路 ${i + 1} 号`,
          contactName: '联系人',
          contactPhone: '13977100002',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const after = (await p.send<InspectionOrgDetail>('jy_admin1', 'get', { id: jy1.id })).body.data;
    expect(after.version).toBe(version + 1);
  });
});
