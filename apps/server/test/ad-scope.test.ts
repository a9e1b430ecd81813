import fs from 'node:fs';
import path from 'node:path';
import XLSX from '@e965/xlsx';
import * as contract from '@ec/contract';
import {
  type AdGroupCount,
  adCustomCalls,
  adIntentionCalls,
  adOrderCalls,
  adPointCalls,
  allCalls,
  type Call,
  gxgdOrderCalls,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts, q, secondOperator } from './ad-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of advertising's points, customers, leads and orders, call by call: another operator,
 * a use unit whose lifts do not host the point, the regulator of another district and a maintenance
 * company ask for gg_admin1's point, customer, lead and order. Each call answers 404 (403 without the
 * permission), leaves the record out, or acts on the asker's own records only; the platform sees it;
 * afterwards gg_admin1's records are as they were. The host use unit and the district's regulator
 * read the point (never write). The tasks, users and settlement calls are swept in their own files
 * (test/ad-tasks-scope.test.ts …): the last test fails when an advertising call group is swept by
 * no file.
 */
const MY_GROUPS = { adPointCalls, adCustomCalls, adIntentionCalls, gxgdOrderCalls, adOrderCalls };
const DISTRICT_REGULATORS: Record<string, string> = {
  '450103': 'jg_qingxiu',
  '450102': 'jg_xingning',
  '450105': 'jg_jiangnan',
  '450107': 'jg_xixiangtang',
  '450108': 'jg_liangqing',
  '450109': 'jg_yongning',
};

describe.each(dbKinds)('advertising data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let second: string;
  let otherRegulator: string;
  let hostRegulator: string;
  let actors: string[];
  let op: number;
  let point: {
    id: number;
    point_no: string;
    elevator_id: number;
    position: number;
    medium: number;
    area_code: string;
    version: number;
  };
  let custom: { id: number; name: string; version: number };
  let lead: { id: number; intention_no: string; version: number };
  let order: { id: number; order_no: string; version: number };
  const pp = {} as Record<string, CallProber<Record<string, Call>>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    op = await companyOfUser(t, 'gg_admin1');
    second = (await secondOperator(t, 2)).username;
    const sy1 = await companyOfUser(t, 'sy_admin1');
    [point] = await q(
      t,
      `select id, point_no, elevator_id, position, medium, area_code, version from ad_point
       where company_id = ${op} and use_company_id = ${sy1} and state = 1 order by id limit 1`,
    );
    hostRegulator = DISTRICT_REGULATORS[point.area_code];
    otherRegulator = Object.entries(DISTRICT_REGULATORS).find(([a]) => a !== point.area_code)![1];
    actors = [second, 'sy_admin2', otherRegulator, 'wb_admin1'];
    [custom] = await q(
      t,
      `select id, name, version from ad_custom where company_id = ${op} order by id limit 1`,
    );
    [lead] = await q(
      t,
      `select id, intention_no, version from ad_intention where company_id = ${op} and status = 1 order by id limit 1`,
    );
    const gg = await t.login('gg_admin1');
    const made = await t.api<{ id: number; orderNo: string; version: number }>('POST', '/adOrder/add', {
      token: gg,
      body: { customId: custom.id, startDate: '2033-05-01', endDate: '2033-05-31', pointIds: [point.id] },
    });
    expect(made.status, made.body.resultMsg).toBe(200);
    order = { id: made.body.data.id, order_no: made.body.data.orderNo, version: made.body.data.version };
    for (const [name, calls] of Object.entries(MY_GROUPS)) {
      pp[name] = new CallProber(t, calls as Record<string, Call>);
      await pp[name].signIn([...actors, 'sy_admin1', hostRegulator, 'gg_admin1']);
    }
  });
  afterAll(() => t?.close());

  /** gg_admin1's records as they are (the sweep compares before and after). */
  const snapshot = () =>
    q(
      t,
      `select (select row(version, state, price)::text from ad_point where id = ${point.id}) p,
              (select row(version, name)::text from ad_custom where id = ${custom.id}) c,
              (select row(version, status)::text from ad_intention where id = ${lead.id}) l,
              (select row(version, status, amount)::text from ad_order where id = ${order.id}) o,
              (select count(*) from ad_order_point where order_id = ${order.id} and active) lines`,
    );

  const isOperator = (a: string) => a === second;
  const sheetRows = async (
    p: CallProber<Record<string, Call>>,
    a: string,
    name: string,
    input: Record<string, unknown>,
    method: 'GET' | 'POST',
  ) => {
    const call = p.calls[name];
    const res = await t.inject({
      method,
      url: `/monitor/api${call.path}${method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : ''}`,
      headers: {
        authorization: `Bearer ${p.tokens[a]}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      payload: method === 'POST' ? JSON.stringify(input) : undefined,
    });
    if (!p.may(a, name)) {
      expect(res.statusCode, `${a} ${name}`).toBe(403);
      return null;
    }
    expect(res.statusCode, `${a} ${name}`).toBe(200);
    const wb = XLSX.read(res.rawPayload);
    return XLSX.utils
      .sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]], { header: 1 })
      .flat()
      .map(String);
  };
  const fileLeftOut = async (
    p: CallProber<Record<string, Call>>,
    a: string,
    name: string,
    input: Record<string, unknown>,
    needle: string,
    method: 'GET' | 'POST' = 'GET',
  ) => {
    const cells = await sheetRows(p, a, name, input, method);
    if (cells) expect(cells.includes(needle), `${a} ${name} leaves ${needle} out`).toBe(false);
    const control = await sheetRows(p, 'admin', name, input, method);
    expect(control?.includes(needle), `admin ${name} finds ${needle}`).toBe(true);
  };
  /** A count: its sum is what the same actor's list finds (the list's scope is probed by leftOut). */
  const countAsList = async (a: string, name: string) => {
    const p = pp.adPointCalls;
    const input = { areaCode: point.area_code, companyId: op };
    const res = await p.send<AdGroupCount>(a, name, input);
    if (!p.may(a, name)) return expect(res.status).toBe(403);
    expect(res.status).toBe(200);
    const list = await p.send<Page<unknown>>(a, 'list', { ...input, page: 1, limit: 1 });
    expect(
      res.body.data.reduce((s, c) => s + c.count, 0),
      `${a} ${name}`,
    ).toBe(list.body.data.total);
  };

  const pointProbes = (): Probes<typeof adPointCalls> => {
    const p = pp.adPointCalls;
    const hasPoint = p.hasId(point.id);
    return {
      list: (a) => p.leftOut(a, 'list', { keyword: point.point_no }, hasPoint),
      detail: (a) => p.refused(a, 'detail', { id: point.id }),
      // Another operator's add lands in its own company; the place is taken (one frame per wall): 409.
      add: (a) =>
        p.refused(
          a,
          'add',
          {
            elevatorId: point.elevator_id,
            position: point.position,
            medium: point.medium,
            size: '1',
            price: 1,
          },
          409,
        ),
      updatePoint: (a) => p.refused(a, 'updatePoint', { id: point.id, version: point.version, price: 1 }),
      updateBatch: (a) => p.refused(a, 'updateBatch', { ids: [point.id], state: 5 }),
      delete: (a) => p.refused(a, 'delete', { ids: [point.id] }),
      batchAddPoint: async (a) => {
        const res = await p.send<{ added: number; skipped: number }>(a, 'batchAddPoint', {
          elevatorIds: [point.elevator_id],
          positions: [point.position],
          medium: point.medium,
          size: '1',
          price: 1,
        });
        if (!p.may(a, 'batchAddPoint')) return expect(res.status).toBe(403);
        expect(res.body.data).toEqual({ added: 0, skipped: 1 });
      },
      getPointAll: (a) =>
        p.leftOut(a, 'getPointAll', { areaCode: point.area_code }, (d) =>
          (d as { points: number[][] }).points.some((x) => x[0] === point.id),
        ),
      count: (a) => countAsList(a, 'count'),
      countByArea: (a) => countAsList(a, 'countByArea'),
      countByOccasion: (a) => countAsList(a, 'countByOccasion'),
      countByLiftType: (a) => countAsList(a, 'countByLiftType'),
      lifts: async (a) => {
        // The registry's lifts to place points in: no operator's records.
        const res = await p.send(a, 'lifts', { keyword: 'x' });
        expect(res.status).toBe(p.may(a, 'lifts') ? 200 : 403);
      },
      export: (a) => fileLeftOut(p, a, 'export', { areaCode: point.area_code }, point.point_no),
      exportByPoint: (a) => p.refused(a, 'exportByPoint', { ids: [point.id] }),
      getPointAllExport: (a) =>
        fileLeftOut(p, a, 'getPointAllExport', { areaCode: point.area_code }, point.point_no),
    };
  };

  const customProbes = (): Probes<typeof adCustomCalls> => {
    const p = pp.adCustomCalls;
    return {
      list: (a) => p.leftOut(a, 'list', { keyword: custom.name }, p.hasId(custom.id)),
      all: (a) =>
        p.leftOut(a, 'all', { keyword: custom.name }, (d) =>
          (d as { id: number }[]).some((c) => c.id === custom.id),
        ),
      add: async (a) => {
        // Another operator may have a customer of the same name: its own.
        const res = await p.send<{ companyId: number }>(a, 'add', { name: `${custom.name}` });
        if (!p.may(a, 'add')) return expect(res.status).toBe(403);
        if (res.status === 200) expect(res.body.data.companyId).not.toBe(op);
        else expect(res.status).toBe(409);
      },
      update: (a) => p.refused(a, 'update', { id: custom.id, version: custom.version, remark: '越权' }),
      delete: (a) => p.refused(a, 'delete', { ids: [custom.id] }),
    };
  };

  const intentionProbes = (): Probes<typeof adIntentionCalls> => {
    const p = pp.adIntentionCalls;
    return {
      getGxgdIntentionList: (a) =>
        p.leftOut(a, 'getGxgdIntentionList', { keyword: lead.intention_no }, p.hasId(lead.id)),
      exportExcel: (a) =>
        fileLeftOut(p, a, 'exportExcel', { keyword: lead.intention_no }, lead.intention_no, 'POST'),
      accepted: (a) => p.refused(a, 'accepted', { id: lead.id, version: lead.version }),
      save: (a) => p.refused(a, 'save', { id: lead.id, version: lead.version, drop: true }),
    };
  };

  const gxgdProbes = (): Probes<typeof gxgdOrderCalls> => {
    const p = pp.gxgdOrderCalls;
    return {
      queryPage: (a) => p.leftOut(a, 'queryPage', { keyword: lead.intention_no }, p.hasId(lead.id)),
      save: (a) => p.refused(a, 'save', { id: lead.id, version: lead.version, customerName: '越权' }),
      exportExcel: (a) =>
        fileLeftOut(p, a, 'exportExcel', { keyword: lead.intention_no }, lead.intention_no, 'POST'),
      findById: (a) => p.refused(a, 'findById', { id: lead.id }),
    };
  };

  const orderProbes = (): Probes<typeof adOrderCalls> => {
    const p = pp.adOrderCalls;
    const move = { id: order.id, version: order.version };
    return {
      getOrderList: (a) => p.leftOut(a, 'getOrderList', { keyword: order.order_no }, p.hasId(order.id)),
      detail: (a) => p.refused(a, 'detail', { id: order.id }),
      // With gg_admin1's customer and point: not the asker's (400 names nothing of them).
      add: (a) =>
        p.refused(
          a,
          'add',
          { customId: custom.id, startDate: '2034-01-01', endDate: '2034-01-02', pointIds: [point.id] },
          400,
        ),
      update: (a) => p.refused(a, 'update', { ...move, remark: '越权' }),
      addUserOrder: (a) => p.refused(a, 'addUserOrder', { ...move, pointIds: [point.id] }),
      delUserOrder: (a) => p.refused(a, 'delUserOrder', { ...move, pointIds: [point.id] }),
      submit: (a) => p.refused(a, 'submit', move),
      confirm: (a) => p.refused(a, 'confirm', move),
      reject: (a) => p.refused(a, 'reject', move),
      start: (a) => p.refused(a, 'start', move),
      finish: (a) => p.refused(a, 'finish', move),
      cancel: (a) => p.refused(a, 'cancel', { ...move, reason: '越权' }),
      available: (a) =>
        p.leftOut(
          a,
          'available',
          { startDate: '2034-02-01', endDate: '2034-02-02', keyword: point.point_no, page: 1, limit: 10 },
          p.hasId(point.id),
        ),
      quote: (a) =>
        p.refused(
          a,
          'quote',
          { startDate: '2034-02-01', endDate: '2034-02-02', pointIds: [point.id] },
          isOperator(a) ? 400 : 404,
        ),
    };
  };

  it('every call of the groups has a probe', () => {
    pp.adPointCalls.expectProbeForEveryCall(pointProbes() as never);
    pp.adCustomCalls.expectProbeForEveryCall(customProbes() as never);
    pp.adIntentionCalls.expectProbeForEveryCall(intentionProbes() as never);
    pp.gxgdOrderCalls.expectProbeForEveryCall(gxgdProbes() as never);
    pp.adOrderCalls.expectProbeForEveryCall(orderProbes() as never);
  });

  it.each([0, 1, 2, 3])(
    "outsider %i reaches none of gg_admin1's points, customers, leads and orders",
    async (i) => {
      const a = actors[i];
      await pp.adPointCalls.sweep(a, pointProbes() as never, snapshot);
      await pp.adCustomCalls.sweep(a, customProbes() as never, snapshot);
      await pp.adIntentionCalls.sweep(a, intentionProbes() as never, snapshot);
      await pp.gxgdOrderCalls.sweep(a, gxgdProbes() as never, snapshot);
      await pp.adOrderCalls.sweep(a, orderProbes() as never, snapshot);
    },
  );

  it('the host use unit and the district regulator read the point, write nothing, see no orders', async () => {
    const p = pp.adPointCalls;
    const before = await snapshot();
    for (const a of ['sy_admin1', hostRegulator]) {
      const list = await p.send<Page<{ id: number }>>(a, 'list', { keyword: point.point_no });
      expect(list.status, `${a} list`).toBe(200);
      expect(
        list.body.data.records.some((r) => r.id === point.id),
        `${a} list`,
      ).toBe(true);
      expect((await p.send(a, 'detail', { id: point.id })).status, `${a} detail`).toBe(200);
      expect(
        (await p.send(a, 'updatePoint', { id: point.id, version: point.version, price: 1 })).status,
      ).toBe(403);
      expect((await p.send(a, 'delete', { ids: [point.id] })).status).toBe(403);
      expect((await pp.adOrderCalls.send(a, 'getOrderList', {})).status).toBe(403);
      expect((await pp.adCustomCalls.send(a, 'list', {})).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('every advertising call group is swept here or in another ad-*-scope test', () => {
    const mine = new Set(Object.values(MY_GROUPS).flatMap((g) => Object.values(g)));
    const groups = Object.entries(contract).filter(
      ([name, v]) =>
        name.endsWith('Calls') &&
        !Array.isArray(v) &&
        v &&
        typeof v === 'object' &&
        Object.values(v as object).some((c) => (c as Call)?.domain === 'ad' && allCalls.includes(c as Call)),
    );
    const files = fs
      .readdirSync(path.dirname(new URL(import.meta.url).pathname))
      .filter((f) => /^ad-.*scope\.test\.ts$/.test(f) && f !== 'ad-scope.test.ts')
      .map((f) => fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), f), 'utf8'));
    const unswept = groups
      .filter(([, g]) => !Object.values(g as object).every((c) => mine.has(c as Call)))
      .filter(([name]) => !files.some((src) => src.includes(name) && src.includes('expectProbeForEveryCall')))
      .map(([name]) => name);
    expect(unswept).toEqual([]);
  });
});
