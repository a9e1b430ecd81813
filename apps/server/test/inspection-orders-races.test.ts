import {
  API_PREFIX,
  addDays,
  chargeNoticeCalls,
  type InspectionOrderDetail,
  inspectionOrderCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The orders' write rules under 50 concurrent requests (at once on PostgreSQL; one by one on
 * PGlite): one open order per lift (the partial unique index), one decision on an application (the
 * conditional UPDATE on its state), one charge notice per order, one payment record per notice.
 */
const N = 50;

describe.each(dbKinds)('inspection orders under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionOrderCalls>;
  let cn: CallProber<typeof chargeNoticeCalls>;
  let jy1: number;
  let sy1: number;
  let attachments: Record<string, string[]>;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = (results: { status: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };
  const upload = async () => {
    const { payload, contentType } = multipart([{ name: '申请表.png', body: PNG_1PX, type: 'image/png' }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${p.tokens.sy_admin1}`, 'content-type': contentType },
      payload,
    });
    return res.json().data.id as string;
  };
  const freeLift = async () => {
    const [lift] = await query<{ id: number }>(
      `select e.id from elevator e where e.use_company_id = ${sy1} and not exists (select 1 from inspection_order o
        where o.elevator_id = e.id and o.state not in ('reported', 'closed', 'cancelled')) order by e.id desc limit 1`,
    );
    await query(
      `update elevator set next_inspect_date = '${addDays(shanghaiToday(), 12)}' where id = ${lift.id}`,
    );
    return lift.id;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionOrderCalls);
    await p.signIn(['sy_admin1', 'aq_officer1', 'jy_admin1']);
    cn = new CallProber(t, chargeNoticeCalls);
    await cn.signIn(['jy_admin1']);
    const ids = await query<{ username: string; company_id: number }>(
      `select username, company_id from sys_user where username in ('jy_admin1', 'sy_admin1')`,
    );
    jy1 = ids.find((r) => r.username === 'jy_admin1')!.company_id;
    sy1 = ids.find((r) => r.username === 'sy_admin1')!.company_id;
    attachments = {
      applicationForm: [await upload()],
      maintenanceContract: [await upload()],
      selfCheckReport: [await upload()],
    };
  }, 120_000);
  afterAll(() => t?.close());

  it('takes one application for a lift', async () => {
    const lift = await freeLift();
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        p.send('sy_admin1', 'apply', { elevatorId: lift, orgId: jy1, attachments }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body.resultMsg).toContain('该电梯已有未办结的检验申请');
    // The lift may have past orders (the demo's year of reports): the one applied now and its event.
    const [row] = await query<{ n: number; events: number }>(
      `select count(*)::int as n, (select count(*)::int from inspection_order_event e
        where e.order_id in (select id from inspection_order where elevator_id = ${lift} and state = 'applied')) as events
       from inspection_order where elevator_id = ${lift} and state = 'applied'`,
    );
    expect(row).toEqual({ n: 1, events: 1 });
  });

  // The organisation accepts or sends back while the use unit withdraws: one of them moves the
  // application out of 待受理 (a withdrawal after a send-back would be a later, valid move: not raced here).
  it.each([
    ['acceptance', 'cancelBind'],
    ['sendBack', 'acceptance'],
  ] as const)('decides an application once (%s against %s)', async (first, second) => {
    const lift = await freeLift();
    const res = await p.send<InspectionOrderDetail>('sy_admin1', 'apply', {
      elevatorId: lift,
      orgId: jy1,
      attachments,
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    const id = res.body.data.id;
    const act = (name: 'acceptance' | 'cancelBind' | 'sendBack', i: number) =>
      name === 'cancelBind'
        ? p.send('sy_admin1', 'cancelBind', { id })
        : p.send('jy_admin1', name, { id, reason: `退回${i}` });
    const results = await Promise.all(Array.from({ length: N }, (_, i) => act(i % 2 ? second : first, i)));
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ moves: number }>(
      `select count(*)::int as moves from inspection_order_event where order_id = ${id} and action <> 'apply'`,
    );
    expect(row.moves).toBe(1);
  });

  it('accepts once among 50 acceptances', async () => {
    const lift = await freeLift();
    const res = await p.send<InspectionOrderDetail>('sy_admin1', 'apply', {
      elevatorId: lift,
      orgId: jy1,
      attachments,
    });
    const id = res.body.data.id;
    const results = await Promise.all(
      Array.from({ length: N }, () => p.send('jy_admin1', 'acceptance', { id })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.resultMsg).toContain('已受理');
    const [row] = await query<{ state: string; version: number }>(
      `select state, version from inspection_order where id = ${id}`,
    );
    expect(row).toEqual({ state: 'accepted', version: 1 });
  });

  it('issues one charge notice and records one payment', async () => {
    const lift = await freeLift();
    await query(`insert into inspection_tech_param (org_id, elevator_id, variety, stops)
      select ${jy1}, id, coalesce(variety, '3110'), coalesce(floors, 6) from elevator where id = ${lift}
      on conflict do nothing`);
    const res = await p.send<InspectionOrderDetail>('sy_admin1', 'apply', {
      elevatorId: lift,
      orgId: jy1,
      attachments,
    });
    const id = res.body.data.id;
    for (const step of ['acceptance', 'quotedPrice'] as const)
      expect((await p.send('jy_admin1', step, { id })).status, step).toBe(200);
    const signed = await Promise.all(
      Array.from({ length: N }, () => p.send('jy_admin1', 'signChargeNotice', { id })),
    );
    expect(statuses(signed)).toEqual({ 200: 1, 409: N - 1 });
    const paid = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        cn.send('jy_admin1', 'add', { orderId: id, payState: i % 2 ? 'paid' : 'exempt' }),
      ),
    );
    expect(statuses(paid)).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ notices: number; records: number }>(
      `select (select count(*)::int from inspection_charge_notice where order_id = ${id}) as notices,
        (select count(*)::int from inspection_order_event where order_id = ${id} and action in ('pay', 'exempt')) as records`,
    );
    expect(row).toEqual({ notices: 1, records: 1 });
  });
});
