import {
  type Call,
  type ChainVerdict,
  type CheckRow,
  type MaintainedLift,
  maintenanceItemCalls,
  maintenanceOrderCalls,
  maintenancePlanCalls,
  maintenanceWorkCalls,
  orderCheckCalls,
  type Page,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The write rules of electronic maintenance under 50 concurrent requests (on PostgreSQL they really
 * run at once; PGlite runs them one by one): an order is signed in, confirmed and decided once, a
 * finding marked once, an order signed out once, a lift has one plan, a lift's chain never forks, and concurrent template
 * edits each get their own version.
 */
const N = 50;
const O = maintenanceOrderCalls;

describe.each(dbKinds)('maintenance write rules under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown>) =>
    call.method === 'GET'
      ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, number> })
      : t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = (results: ApiResult[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };
  /** Copies of an order of the lift, waiting for confirmation (the same shape as a submitted visit). */
  let batch = 0;
  const awaitingCopies = async (from: number, n: number) =>
    (
      await query<{ id: number }>(`
      insert into maintenance_order (order_no, elevator_id, maintenance_company_id, use_company_id, area_code, kind, status,
        plan_date, content_id, content_version, worker_ids, workers, sign_in_at, sign_out_at, items)
      select 'WB-RACE-' || o.id || '-' || ${++batch} || '-' || g, o.elevator_id, o.maintenance_company_id, o.use_company_id, o.area_code, o.kind, 3,
        o.plan_date, o.content_id, o.content_version, o.worker_ids, o.workers, o.sign_in_at, o.sign_out_at, o.items
      from maintenance_order o, generate_series(1, ${n}) g where o.id = ${from}
      returning id`)
    ).map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    for (const u of ['admin', 'wb_admin1', 'wb_staff1', 'aq_officer1']) tokens[u] = await t.login(u);
  }, 600_000);
  afterAll(() => t?.close());

  it('confirms an order once, and chains concurrent confirmations of one lift without a fork', async () => {
    const aqCompany = (
      await query<{ company_id: number }>("select company_id from sys_user where username = 'aq_officer1'")
    )[0].company_id;
    const [source] = await query<{ id: number; elevator_id: number }>(
      `select id, elevator_id from maintenance_order where use_company_id = ${aqCompany} and status >= 4 and chain_seq is not null order by id limit 1`,
    );
    const [one] = await awaitingCopies(source.id, 1);
    const same = await Promise.all(
      Array.from({ length: N }, () => send('aq_officer1', O.confirm, { id: one, version: 0 })),
    );
    expect(statuses(same)).toEqual({ 200: 1, 409: N - 1 });

    const many = await awaitingCopies(source.id, 20);
    const all = await Promise.all(many.map((id) => send('aq_officer1', O.confirm, { id, version: 0 })));
    expect(statuses(all)).toEqual({ 200: 20 });
    const seqs = (
      await query<{ chain_seq: number }>(
        `select chain_seq from maintenance_order where elevator_id = ${source.elevator_id} and chain_seq is not null order by chain_seq`,
      )
    ).map((r) => r.chain_seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, k) => k + 1));
    const last = many[many.length - 1];
    expect((await send<ChainVerdict>('admin', O.verifyChain, { orderId: last })).body.data).toMatchObject({
      intact: true,
    });
  });

  it('signs an order in once', async () => {
    const staff = (await query<{ id: number }>("select id from sys_user where username = 'wb_staff1'"))[0].id;
    const [order] = await query<{ id: number; version: number }>(
      `select id, version from maintenance_order where status = 0 and ${staff} = any(worker_ids) order by id limit 1`,
    );
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        send('wb_staff1', maintenanceWorkCalls.signIn, {
          id: order.id,
          version: order.version,
          latitude: 22.8,
          longitude: 108.3,
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const log = await query<{ n: number }>(
      `select count(*)::int as n from maintenance_order_record where order_id = ${order.id} and action = '现场签到'`,
    );
    expect(log[0].n).toBe(1);
  });

  it('signs an order out once (the rule is the UPDATE’s: only while sign_out_at is null)', async () => {
    const staff = (await query<{ id: number }>("select id from sys_user where username = 'wb_staff1'"))[0].id;
    const answered = `(select jsonb_agg(i || '{"result": "正常", "value": "5"}'::jsonb order by n)
      from jsonb_array_elements(items) with ordinality as x(i, n))`;
    const [order] = await query<{ id: number; version: number }>(
      `update maintenance_order set items = ${answered}
        where id = (select id from maintenance_order where status in (1, 2) and sign_out_at is null
          and ${staff} = any(worker_ids) and jsonb_array_length(items) > 0 order by id limit 1)
        returning id, version`,
    );
    // All 50 name the version they read (the call requires it): one lands, the others find it signed out.
    const results = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send('wb_staff1', maintenanceWorkCalls.signOut, {
          id: order.id,
          version: order.version,
          latitude: 22.8 + k / 100_000,
          longitude: 108.3,
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    expect(
      results.filter((r) => r.status === 409).every((r) => /签退，不能重复签退$/.test(r.body.resultMsg)),
    ).toBe(true);
    const winner = results.find((r) => r.status === 200)!.body.data as {
      signOutTime: string;
      version: number;
    };
    const [row] = await query<{ lat: number; n: number; version: number }>(
      `select sign_out_lat as lat, version, (select count(*)::int from maintenance_order_record
         where order_id = ${order.id} and action = '现场签退') as n
       from maintenance_order where id = ${order.id}`,
    );
    expect(row.n).toBe(1);
    expect(row.version).toBe(winner.version);
  });

  it('decides an order once, and redoes a rejected one once', async () => {
    const [order] = await query<{ id: number }>(
      'select id from maintenance_order where status = 4 order by id limit 1',
    );
    const results = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send('admin', k % 2 ? O.auditPass : O.auditReject, { ids: [order.id], description: '并发审核' }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const redo = await query<{ n: number }>(
      `select count(*)::int as n from maintenance_order where corrects_order_id = ${order.id}`,
    );
    const [decided] = await query<{ status: number }>(
      `select status from maintenance_order where id = ${order.id}`,
    );
    expect(redo[0].n).toBe(decided.status === 6 ? 1 : 0);
  });

  it('marks a finding once', async () => {
    const list = (
      await send<Page<CheckRow>>('admin', orderCheckCalls.list, { verdict: 0, page: 1, limit: 1 })
    ).body.data;
    const id = list.records[0].id;
    const results = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send('admin', orderCheckCalls.update, { id, verdict: (k % 2) + 1, note: `第${k}位` }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
  });

  it('keeps one plan per lift', async () => {
    const lifts = (
      await send<Page<MaintainedLift>>('wb_admin1', maintenancePlanCalls.queryList, { page: 1, limit: 500 })
    ).body.data.records;
    const lift = lifts.find((l) => l.planId !== null && !l.flags.includes('no_contract'))!;
    expect((await send('wb_admin1', maintenancePlanCalls.delete, { ids: [lift.planId] })).status).not.toBe(
      200,
    );
    const deleted = await t.api(maintenancePlanCalls.delete.method, maintenancePlanCalls.delete.path, {
      token: tokens.wb_admin1,
      query: { ids: String(lift.planId) },
    });
    expect(deleted.status).toBe(200);
    const plan = {
      elevatorId: lift.elevatorId,
      templateId: lift.templateId,
      intervalDays: 15,
      firstDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      workerIds: lift.workerIds,
    };
    const results = await Promise.all(
      Array.from({ length: N }, () => send('wb_admin1', maintenancePlanCalls.save, plan)),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    expect(results.find((r) => r.status === 409)?.body.resultMsg).toBe('该电梯已有维保计划，请修改原计划');
  });

  it('gives every concurrent template edit its own version', async () => {
    const [before] = await query<{ version: number }>('select version from maintenance_content where id = 4');
    const results = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send('admin', maintenanceItemCalls.add, { contentId: 4, kind: 4, name: `并发新增项目${k}` }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: N });
    const [after] = await query<{ version: number }>('select version from maintenance_content where id = 4');
    expect(after.version).toBe(before.version + N);
    const versions = await query<{ version: number; items: number }>(
      `select version, jsonb_array_length(items) as items from maintenance_content_version where content_id = 4 and version > ${before.version} order by version`,
    );
    expect(versions.map((v) => v.version)).toEqual(
      Array.from({ length: N }, (_, k) => before.version + k + 1),
    );
    // Each version holds the items that existed when it was made: one more each time.
    expect(versions.map((v) => v.items)).toEqual(versions.map((_, k) => versions[0].items + k));
  });
});
