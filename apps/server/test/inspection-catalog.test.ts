import {
  costCalls,
  type InspectionCostRow,
  type InspectionItemRow,
  type InspectionQuote,
  inspectionItemCalls,
  type Page,
  type QuoteLift,
  type VarietyTree,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * 检验项目 and 检验收费标准, call by call: the organisation's administrator (jy_admin1) reads and
 * writes its own catalogue and tariff; another organisation's (jy_admin2) gets 404 for them; the
 * 青秀区 regulator reads them and is refused every write (403); bad input is 400 with the field; the
 * quote is computed from the tariff and the lift's facts; 50 concurrent adds of one variety's tariff
 * leave one row.
 */
describe.each(dbKinds)('inspection catalogue and tariff on %s', (kind) => {
  let t: TestApp;
  let items: CallProber<typeof inspectionItemCalls>;
  let costs: CallProber<typeof costCalls>;
  let jy1: number;
  let jy2: number;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  beforeAll(async () => {
    t = await startTestApp(kind);
    items = new CallProber(t, inspectionItemCalls);
    costs = new CallProber(t, costCalls);
    const users = ['jy_admin1', 'jy_admin2', 'jg_qingxiu', 'wb_admin1'];
    await items.signIn(users);
    await costs.signIn(users);
    [{ id: jy1 }, { id: jy2 }] = await query<{ id: number }>(
      `select id from enterprise where kind = 'inspection' order by id limit 2`,
    );
  }, 300_000);
  afterAll(() => t?.close());

  it('gives each demo organisation the standard catalogue and its tariff', async () => {
    const tree = await items.send<VarietyTree>('jy_admin1', 'elevatorTypeList', {});
    expect(tree.status).toBe(200);
    const count = (v: string) => tree.body.data.varieties.find((x) => x.variety === v)!;
    expect(count('3110').itemCount).toBeGreaterThanOrEqual(30);
    expect(count('3110').keyCount).toBeGreaterThan(5);
    expect(count('3310').itemCount).toBeGreaterThanOrEqual(18);
    expect(count('3430').itemCount).toBeLessThan(count('3310').itemCount);
    expect(tree.body.data.varieties.map((v) => v.variety)).toHaveLength(10);

    const list = await costs.send<Page<InspectionCostRow>>('jy_admin1', 'query', { limit: 50 });
    expect(list.body.data.records.every((r) => r.orgId === jy1)).toBe(true);
    const passenger = list.body.data.records.find((r) => r.variety === '3110')!;
    expect(passenger).toMatchObject({
      baseFee: 60000,
      baseStops: 8,
      extraStopFee: 2500,
      supervisionPercent: 150,
    });
    const other = await costs.send<Page<InspectionCostRow>>('jy_admin2', 'query', { variety: '3110' });
    expect(other.body.data.records).toHaveLength(1);
    expect(other.body.data.records[0]).toMatchObject({ orgId: jy2, baseFee: 38000, baseStops: 6 });
  });

  it('lists items by variety, key items and keyword, each its own organisation only', async () => {
    const key = await items.send<Page<InspectionItemRow>>('jy_admin1', 'query', {
      variety: '3310',
      keyItem: true,
      limit: 100,
    });
    expect(key.status).toBe(200);
    expect(key.body.data.total).toBeGreaterThan(0);
    expect(
      key.body.data.records.every((r) => r.keyItem && r.varieties.includes('3310') && r.orgId === jy1),
    ).toBe(true);
    const found = await items.send<Page<InspectionItemRow>>('jy_admin1', 'query', { keyword: '限速器' });
    expect(found.body.data.records.some((r) => r.name === '限速器')).toBe(true);
    const byCategory = await items.send<Page<InspectionItemRow>>('jy_admin1', 'query', {
      category: '试验',
      limit: 100,
    });
    expect(byCategory.body.data.records.every((r) => r.category === '试验')).toBe(true);
    const bad = await items.send('jy_admin1', 'query', { variety: '9999' });
    expect(bad.status).toBe(400);
    // The regulator reads jy1's (青秀区) but not jy2's (江南区).
    const reg = await items.send<Page<InspectionItemRow>>('jg_qingxiu', 'query', { limit: 500 });
    expect(reg.status).toBe(200);
    expect(reg.body.data.records.some((r) => r.orgId === jy1)).toBe(true);
    expect(reg.body.data.records.some((r) => r.orgId === jy2)).toBe(false);
    expect((await items.send('wb_admin1', 'query', {})).status).toBe(403);
  });

  it('adds, edits, sets varieties of and deletes an item; others are refused', async () => {
    const add = await items.send<InspectionItemRow>('jy_admin1', 'add', {
      code: '9.1',
      category: '试验',
      name: '测试项目',
      content: '内容',
      method: '试验',
      keyItem: true,
      varieties: ['3110', '3120'],
    });
    expect(add.status).toBe(200);
    const item = add.body.data;
    expect(item).toMatchObject({ code: '9.1', keyItem: true, varieties: ['3110', '3120'], orgId: jy1 });

    const dup = await items.send('jy_admin1', 'add', {
      code: '9.1',
      category: '试验',
      name: '重复',
      method: '目测',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('项目编号「9.1」已存在');
    const bad = await items.send('jy_admin1', 'add', { code: '', category: '试验', name: '', method: '看' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['code', 'name', 'method']));
    // The same code in another organisation is its own.
    const jy2Add = await items.send<InspectionItemRow>('jy_admin2', 'add', {
      code: '9.1',
      category: '试验',
      name: '检测中心的测试项目',
      method: '目测',
    });
    expect(jy2Add.status).toBe(200);
    // Nobody but the organisation itself adds to a catalogue.
    for (const u of ['jg_qingxiu', 'admin'])
      expect(
        (await items.send(u, 'add', { code: '9.2', category: '试验', name: 'x', method: '目测' })).status,
      ).toBe(403);

    const get = await items.send<InspectionItemRow>('jy_admin1', 'get', { id: item.id });
    expect(get.body.data.name).toBe('测试项目');
    expect((await items.send('jy_admin2', 'get', { id: item.id })).status).toBe(404);
    expect((await items.send('jg_qingxiu', 'get', { id: item.id })).status).toBe(200);
    expect((await items.send('jg_qingxiu', 'get', { id: jy2Add.body.data.id })).status).toBe(404);

    const upd = await items.send<InspectionItemRow>('jy_admin1', 'update', {
      id: item.id,
      version: item.version,
      code: '9.1',
      category: '试验',
      name: '测试项目（改）',
      method: '测量',
      keyItem: false,
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({
      name: '测试项目（改）',
      keyItem: false,
      varieties: ['3110', '3120'],
    });
    const stale = await items.send('jy_admin1', 'update', {
      id: item.id,
      version: item.version,
      code: '9.1',
      category: '试验',
      name: '旧版本',
      method: '测量',
    });
    expect(stale.status).toBe(409);
    const upd2 = {
      id: item.id,
      version: upd.body.data.version,
      code: '9.1',
      category: '试验',
      name: 'x',
      method: '目测',
    };
    expect((await items.send('jy_admin2', 'update', upd2)).status).toBe(404);
    expect((await items.send('jg_qingxiu', 'update', upd2)).status).toBe(403);

    const set = await items.send<InspectionItemRow[]>('jy_admin1', 'settingElevatorType', {
      ids: [item.id],
      varieties: ['3310', '3110'],
    });
    expect(set.status).toBe(200);
    expect(set.body.data[0].varieties).toEqual(['3110', '3310']);
    expect(
      (await items.send('jy_admin1', 'settingElevatorType', { ids: [item.id], varieties: ['31'] })).status,
    ).toBe(400);
    expect(
      (await items.send('jy_admin2', 'settingElevatorType', { ids: [item.id], varieties: ['3110'] })).status,
    ).toBe(404);
    expect(
      (await items.send('jg_qingxiu', 'settingElevatorType', { ids: [item.id], varieties: ['3110'] })).status,
    ).toBe(403);

    const before = (await items.send<VarietyTree>('jy_admin1', 'elevatorTypeList', {})).body.data;
    const removed = await items.send<{ deleted: number }>('jy_admin1', 'removeVariety', {
      itemIds: [item.id],
      variety: '3310',
    });
    expect(removed.body.data.deleted).toBe(1);
    const after = (await items.send<VarietyTree>('jy_admin1', 'elevatorTypeList', {})).body.data;
    const n = (tr: VarietyTree, v: string) => tr.varieties.find((x) => x.variety === v)!.itemCount;
    expect(n(after, '3310')).toBe(n(before, '3310') - 1);
    expect(n(after, '3110')).toBe(n(before, '3110'));
    expect(
      (await items.send('jy_admin2', 'removeVariety', { itemIds: [item.id], variety: '3110' })).status,
    ).toBe(404);
    expect(
      (await items.send('jg_qingxiu', 'removeVariety', { itemIds: [item.id], variety: '3110' })).status,
    ).toBe(403);
    expect(
      (await items.send('jy_admin1', 'removeVariety', { itemIds: [item.id], variety: 'x' })).status,
    ).toBe(400);

    // Set to no variety: the item counts as unassigned.
    await items.send('jy_admin1', 'settingElevatorType', { ids: [item.id], varieties: [] });
    const unassigned = await items.send<Page<InspectionItemRow>>('jy_admin1', 'query', { unassigned: true });
    expect(unassigned.body.data.records.map((r) => r.id)).toEqual([item.id]);

    expect((await items.send('jy_admin2', 'delete', { ids: [item.id] })).status).toBe(404);
    expect((await items.send('jg_qingxiu', 'delete', { ids: [item.id] })).status).toBe(403);
    expect((await items.send('jy_admin1', 'delete', { ids: 'x' })).status).toBe(400);
    const del = await items.send<{ deleted: number }>('jy_admin1', 'delete', { ids: [item.id] });
    expect(del.body.data.deleted).toBe(1);
    expect((await items.send('jy_admin1', 'get', { id: item.id })).status).toBe(404);
    const [{ n: links }] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_item_variety where item_id = ${item.id}`,
    );
    expect(links).toBe(0);
  });

  it('loads the standard catalogue once into an organisation', async () => {
    // jy_admin1 already holds every standard item: nothing is added twice.
    const again = await items.send<{ added: number }>('jy_admin1', 'loadStandard', {});
    expect(again.body.data.added).toBe(0);
    expect((await items.send('jg_qingxiu', 'loadStandard', {})).status).toBe(403);
    await query(`delete from inspection_item where org_id = ${jy2} and code like '1.%'`);
    const back = await items.send<{ added: number }>('jy_admin2', 'loadStandard', {});
    expect(back.body.data.added).toBe(4);
  });

  it('adds, edits and deletes a tariff row; the variety is unique per organisation', async () => {
    await query(`delete from inspection_cost where org_id = ${jy1} and variety = '3420'`);
    const body = {
      variety: '3420',
      baseFee: 70000,
      baseStops: 8,
      extraStopFee: 3000,
      supervisionPercent: 150,
      governorIncluded: true,
      effectiveFrom: '2026-01-01',
      note: '消防员电梯',
    };
    const add = await costs.send<InspectionCostRow>('jy_admin1', 'add', body);
    expect(add.status).toBe(200);
    const row = add.body.data;
    expect(row).toMatchObject({ orgId: jy1, variety: '3420', varietyName: '消防员电梯', baseFee: 70000 });
    const dup = await costs.send('jy_admin1', 'add', body);
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('已有收费标准');
    // A surcharge given half, a negative fee, a bad date, an unknown variety: 400 with the fields.
    const bad = await costs.send('jy_admin1', 'add', {
      ...body,
      variety: '3499',
      baseFee: -1,
      extraStopFee: null,
      riseThresholdM: 6,
      effectiveFrom: '2026-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['variety', 'baseFee', 'effectiveFrom']),
    );
    const half = await costs.send('jy_admin1', 'add', { ...body, variety: '3410', extraStopFee: null });
    expect(half.status).toBe(400);
    expect(half.body.errors?.[0].message).toContain('同时填写');
    expect((await costs.send('jg_qingxiu', 'add', { ...body, variety: '3410' })).status).toBe(403);
    expect((await costs.send('admin', 'add', { ...body, variety: '3410' })).status).toBe(403);

    expect((await costs.send('jy_admin2', 'get', { id: row.id })).status).toBe(404);
    expect((await costs.send<InspectionCostRow>('jg_qingxiu', 'get', { id: row.id })).body.data.baseFee).toBe(
      70000,
    );
    const upd = await costs.send<InspectionCostRow>('jy_admin1', 'update', {
      ...body,
      id: row.id,
      version: row.version,
      extraStopFee: 3500,
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.extraStopFee).toBe(3500);
    expect(
      (await costs.send('jy_admin1', 'update', { ...body, id: row.id, version: row.version })).status,
    ).toBe(409);
    const other = { ...body, id: row.id, version: upd.body.data.version };
    expect((await costs.send('jy_admin2', 'update', other)).status).toBe(404);
    expect((await costs.send('jg_qingxiu', 'update', other)).status).toBe(403);
    // Changing the variety to one that has a row: 409.
    expect((await costs.send('jy_admin1', 'update', { ...other, variety: '3110' })).status).toBe(409);
    expect((await costs.send('jy_admin2', 'delete', { ids: [row.id] })).status).toBe(404);
    expect((await costs.send('jg_qingxiu', 'delete', { ids: [row.id] })).status).toBe(403);
    expect(
      (await costs.send<{ deleted: number }>('jy_admin1', 'delete', { ids: [row.id] })).body.data.deleted,
    ).toBe(1);
    expect((await costs.send('jy_admin1', 'get', { id: row.id })).status).toBe(404);
  });

  it('quotes a lift from the tariff and its facts, and follows a tariff change', async () => {
    const [lift] = await query<{ id: number; floors: number }>(
      `select id, floors from elevator where variety = '3110' and area_code = '450103' and floors > 8
        and not exists (select 1 from inspection_tech_param p where p.elevator_id = elevator.id)
        order by id limit 1`,
    );
    const lifts = await costs.send<QuoteLift[]>('jy_admin1', 'lifts', {});
    expect(lifts.status).toBe(200);
    expect(lifts.body.data.length).toBeGreaterThan(0);
    const q = await costs.send<InspectionQuote>('jy_admin1', 'quote', { elevatorId: lift.id });
    expect(q.status).toBe(200);
    expect(q.body.data.total).toBe(60000 + (lift.floors - 8) * 2500);
    expect(q.body.data.lines.map((l) => l.label)).toEqual(['基本检验费', '超层站加收']);
    const s = await costs.send<InspectionQuote>('jy_admin1', 'quote', {
      elevatorId: lift.id,
      inspectionType: 'supervision',
    });
    expect(s.body.data.total).toBe(Math.floor((q.body.data.total * 1.5 + 50) / 100) * 100);

    const [row] = (await costs.send<Page<InspectionCostRow>>('jy_admin1', 'query', { variety: '3110' })).body
      .data.records;
    await costs.send('jy_admin1', 'update', { ...row, extraStopFee: 4000 });
    const q2 = await costs.send<InspectionQuote>('jy_admin1', 'quote', { elevatorId: lift.id });
    expect(q2.body.data.total).toBe(60000 + (lift.floors - 8) * 4000);
    await costs.send('jy_admin1', 'update', { ...row, version: row.version + 1 });

    // The regulator quotes for an organisation it sees; it must name it.
    expect((await costs.send('jg_qingxiu', 'quote', { elevatorId: lift.id })).status).toBe(400);
    const reg = await costs.send<InspectionQuote>('jg_qingxiu', 'quote', { elevatorId: lift.id, orgId: jy1 });
    expect(reg.status).toBe(200);
    expect(reg.body.data.total).toBe(q.body.data.total);
    expect((await costs.send('jg_qingxiu', 'quote', { elevatorId: lift.id, orgId: jy2 })).status).toBe(404);
    // Another organisation cannot quote with jy1's tariff, nor a lift outside its district.
    expect((await costs.send('jy_admin2', 'quote', { elevatorId: lift.id, orgId: jy1 })).status).toBe(404);
    expect((await costs.send('jy_admin2', 'quote', { elevatorId: lift.id })).status).toBe(404);
    expect((await costs.send('jy_admin1', 'quote', { elevatorId: 'x' })).status).toBe(400);
    expect((await costs.send('wb_admin1', 'quote', { elevatorId: lift.id })).status).toBe(403);

    // No tariff for the variety: a clear refusal.
    await query(`delete from inspection_cost where org_id = ${jy1} and variety = '3110'`);
    const none = await costs.send('jy_admin1', 'quote', { elevatorId: lift.id });
    expect(none.status).toBe(409);
    expect(none.body.resultMsg).toContain('未配置该品种的收费标准');
    const { id: _, orgId: _o, orgName: _n, varietyName: _v, version: _ver, updateTime: _u, ...terms } = row;
    expect((await costs.send('jy_admin1', 'add', terms)).status).toBe(200);
  });

  it.runIf(kind === 'postgres')('50 concurrent adds of one variety: one row, the rest 409', async () => {
    await query(`delete from inspection_cost where org_id = ${jy1} and variety = '3410'`);
    const body = {
      variety: '3410',
      baseFee: 80000,
      supervisionPercent: 150,
      governorIncluded: true,
      effectiveFrom: '2026-01-01',
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => costs.send('jy_admin1', 'add', body)));
    const statuses: Record<number, number> = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    expect(statuses).toEqual({ 200: 1, 409: 49 });
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_cost where org_id = ${jy1} and variety = '3410'`,
    );
    expect(n).toBe(1);
  });
});
