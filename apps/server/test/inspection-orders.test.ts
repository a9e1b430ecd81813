import {
  API_PREFIX,
  addDays,
  type ChargeNoticeDetail,
  chargeNoticeCalls,
  costCalls,
  type InspectionOrderDetail,
  type InspectionOrderQuote,
  type InspectionOrderRow,
  inspectionOrderCalls,
  type Page,
  shanghaiMonth,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { REGULATOR_OF_AREA } from '../src/platform/seed/demo.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * Inspection orders (issue 16 part 2, orders/): the use unit's application within the 30-day window
 * (both sides of it), the organisation's acceptance, send-back, close and remark, the use unit's
 * corrections and withdrawal, the quote computed from the tariff, the charge notice and its payment,
 * the distribution to a passed inspector with a valid certificate, the lists, the main page and the
 * monthly figures; who may do what (403), what lies outside a user's scope (404), bad input (400),
 * and every wrong-state or stale move (409, naming the state).
 */
const USERS = [
  'sy_admin1',
  'sy_admin2',
  'aq_officer1',
  'jy_admin1',
  'jy_admin2',
  'jy_inspector1',
  'jg_qingxiu',
  'jg_jiangnan',
];

describe.each(dbKinds)('inspection orders on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionOrderCalls>;
  let cn: CallProber<typeof chargeNoticeCalls>;
  let cost: CallProber<typeof costCalls>;
  let jy1: number;
  let jy2: number;
  let sy1: number;
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  const send = <T = InspectionOrderDetail>(
    user: string,
    name: keyof typeof inspectionOrderCalls,
    input: Record<string, unknown> = {},
  ) => p.send<T>(user, name, input);

  const upload = async (user: string) => {
    const { payload, contentType } = multipart([{ name: '申请材料.png', body: PNG_1PX, type: 'image/png' }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${p.tokens[user]}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const files = async (user = 'sy_admin1') => ({
    applicationForm: [await upload(user)],
    maintenanceContract: [await upload(user)],
    selfCheckReport: [await upload(user)],
  });

  /**
   * A lift of the use unit with no open order, its next inspection `days` from today; `quotable`:
   * one jy1 may quote (in its district, or with its technical parameters).
   */
  const used = new Set<number>();
  const freeLift = async (company: number, days: number, quotable = false) => {
    const rows = await query<{ id: number }>(
      `select e.id from elevator e where e.use_company_id = ${company} and e.use_status = 1
        and not exists (select 1 from inspection_order o where o.elevator_id = e.id
          and o.state not in ('reported', 'closed', 'cancelled'))
        ${quotable ? `and (e.area_code = (select area_code from enterprise where id = ${jy1}) or exists (select 1 from inspection_tech_param tp where tp.elevator_id = e.id and tp.org_id = ${jy1}))` : ''}
        order by e.id`,
    );
    const lift = rows.find((r) => !used.has(r.id));
    if (!lift) throw new Error('no free lift');
    used.add(lift.id);
    await query(`update elevator set next_inspect_date = '${addDays(today, days)}' where id = ${lift.id}`);
    return lift.id;
  };
  const apply = async (elevatorId: number, user = 'sy_admin1', orgId = jy1) =>
    send(user, 'apply', { elevatorId, orgId, attachments: await files(user) });
  const applied = async (days = 10, quotable = false) => {
    const res = await apply(await freeLift(sy1, days, quotable));
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  /** An order moved to 待缴费 (applied, accepted, quoted, notice issued). */
  const noticed = async () => {
    const o = await applied(10, true);
    expect((await send('jy_admin1', 'acceptance', { id: o.id })).status).toBe(200);
    const q = await send('jy_admin1', 'quotedPrice', { id: o.id });
    expect(q.status, q.body.resultMsg).toBe(200);
    const s = await send('jy_admin1', 'signChargeNotice', { id: o.id });
    expect(s.status, s.body.resultMsg).toBe(200);
    return s.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionOrderCalls);
    cn = new CallProber(t, chargeNoticeCalls);
    cost = new CallProber(t, costCalls);
    await p.signIn(USERS);
    await cn.signIn(USERS);
    await cost.signIn(['jy_admin1']);
    const ids = await query<{ username: string; company_id: number }>(
      `select username, company_id from sys_user where username in ('jy_admin1', 'jy_admin2', 'sy_admin1')`,
    );
    const of = (u: string) => ids.find((r) => r.username === u)!.company_id;
    jy1 = of('jy_admin1');
    jy2 = of('jy_admin2');
    sy1 = of('sy_admin1');
    // jy1 records the technical parameters of sy1's lifts: each is quotable by jy1 (catalog's quote).
    await query(`insert into inspection_tech_param (org_id, elevator_id, variety, stops)
      select ${jy1}, id, variety, coalesce(floors, 6) from elevator where use_company_id = ${sy1}
      on conflict do nothing`);
  }, 120_000);
  afterAll(() => t?.close());
  // The demo use unit has a few lifts: each test starts with the orders of the earlier ones withdrawn.
  let seeded = 0;
  beforeEach(async () => {
    if (!seeded)
      seeded = (await query<{ n: number }>('select coalesce(max(id), 0)::int as n from inspection_order'))[0]
        .n;
    await query(`update inspection_order set state = 'cancelled' where id > ${seeded}
      and state not in ('reported', 'closed', 'cancelled')`);
    used.clear();
  });

  it('seeds orders in each state and leaves sy_admin1 a lift to apply for', async () => {
    const states = await query<{ state: string }>(
      `select distinct state from inspection_order where org_id = ${jy1} order by state`,
    );
    expect(states.map((s) => s.state)).toEqual(
      expect.arrayContaining([
        'accepted',
        'applied',
        'cancelled',
        'closed',
        'distributed',
        'noticed',
        'quoted',
        'returned',
      ]),
    );
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from elevator e where e.use_company_id = ${sy1}
        and e.next_inspect_date between '${addDays(today, 1)}' and '${addDays(today, 30)}'
        and e.area_code = (select area_code from enterprise where id = ${jy1})`,
    );
    expect(n).toBeGreaterThan(0);
    // The demo orders carry their use unit's attachments, readable by the organisation.
    const [seededOrder] = await query<{ id: number }>(
      `select id from inspection_order where org_id = ${jy1} and state = 'applied' order by id limit 1`,
    );
    const detail = (await send('jy_admin1', 'get', { id: seededOrder.id })).body.data;
    const file = detail.attachments.find((a) => a.key === 'selfCheckReport')!.files[0];
    expect(file.name).toBe('维保单位年度自检报告.pdf');
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/showFile?id=${file.id}`,
      headers: { authorization: `Bearer ${p.tokens.jy_admin1}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes an application within the 30 days before the next-inspection date, both ends included', async () => {
    for (const days of [30, 0]) {
      const o = await applied(days);
      expect(o.state).toBe('applied');
      expect(o.stateLabel).toBe('待受理');
      expect(o.orderNo).toMatch(new RegExp(`^JY${shanghaiMonth().replace('-', '')}-\\d{6}$`));
      expect(o.nextInspectionDate).toBe(addDays(today, days));
      expect(o.useUnitId).toBe(sy1);
      expect(o.orgId).toBe(jy1);
      expect(o.attachments.filter((a) => a.required).every((a) => a.files.length === 1)).toBe(true);
      expect(o.history.map((h) => [h.action, h.toState])).toEqual([['apply', 'applied']]);
    }
  });

  it('refuses an application earlier or later than the window, naming the rule and the dates', async () => {
    const [{ before }] = await query<{ before: number }>(
      'select coalesce(max(id), 0)::int as before from inspection_order',
    );
    const early = await freeLift(sy1, 31);
    const res = await apply(early);
    expect(res.status).toBe(400);
    const next = addDays(today, 31);
    expect(res.body.resultMsg).toBe(
      `下次检验日期为 ${next}，须在该日期前 30 日内（${addDays(next, -30)} 起）申请定期检验（TSG T7001-2023）`,
    );
    const late = await freeLift(sy1, -1);
    const res2 = await apply(late);
    expect(res2.status).toBe(400);
    expect(res2.body.resultMsg).toContain('已超过下次检验日期');
    expect(res2.body.resultMsg).toContain('TSG T7001-2023');
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_order where id > ${before}`,
    );
    expect(n).toBe(0);
  });

  it('lists the use unit’s lifts with their window and open order, and the organisations to apply to', async () => {
    type Lifts = Page<{
      elevatorId: number;
      canApply: boolean;
      reason: string | null;
      openOrderNo: string | null;
    }>;
    const lift = await freeLift(sy1, 7);
    const early = await freeLift(sy1, 45);
    const before = (await send<Lifts>('sy_admin1', 'applicableLifts', { limit: 500 })).body.data.records;
    expect(before.find((r) => r.elevatorId === lift)).toMatchObject({ canApply: true, reason: null });
    expect(before.find((r) => r.elevatorId === early)?.reason).toContain('TSG T7001-2023');
    const only = (await send<Lifts>('sy_admin1', 'applicableLifts', { limit: 500, onlyApplicable: true }))
      .body.data;
    expect(only.records.some((r) => r.elevatorId === lift)).toBe(true);
    expect(only.records.every((r) => r.canApply)).toBe(true);
    const o = (await apply(lift)).body.data;
    const after = (await send<Lifts>('sy_admin1', 'applicableLifts', { limit: 500 })).body.data.records;
    expect(after.find((r) => r.elevatorId === lift)).toMatchObject({
      canApply: false,
      openOrderNo: o.orderNo,
    });
    const other = (await send<Lifts>('sy_admin2', 'applicableLifts', { limit: 500 })).body.data.records;
    expect(other.some((r) => r.elevatorId === lift)).toBe(false);
    expect((await send('jy_admin1', 'applicableLifts')).status).toBe(403);
    const orgs = (await send<{ id: number }[]>('sy_admin1', 'orgOptions')).body.data.map((r) => r.id);
    expect(orgs).toEqual(expect.arrayContaining([jy1, jy2]));
    expect(orgs).not.toContain(sy1);
  });

  it('refuses a second open application for a lift (409 naming the open one)', async () => {
    const o = await applied();
    const res = await apply(o.elevatorId);
    expect(res.status).toBe(409);
    expect(res.body.resultMsg).toContain(o.orderNo);
  });

  it('lets only the lift’s use unit apply, with its own attachments and a filed organisation', async () => {
    const lift = await freeLift(sy1, 5);
    expect((await apply(lift, 'jy_admin1')).status).toBe(403);
    expect((await apply(lift, 'sy_admin2')).status).toBe(404);
    const missing = await send('sy_admin1', 'apply', {
      elevatorId: lift,
      orgId: jy1,
      attachments: { applicationForm: [await upload('sy_admin1')] },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.errors)).toContain('请上传维保合同');
    const foreign = await send('sy_admin1', 'apply', {
      elevatorId: lift,
      orgId: jy1,
      attachments: { ...(await files()), selfCheckReport: [await upload('sy_admin2')] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.resultMsg).toContain('维保单位自检报告');
    const notAnOrg = await send('sy_admin1', 'apply', {
      elevatorId: lift,
      orgId: sy1,
      attachments: await files(),
    });
    expect(notAnOrg.status).toBe(400);
    expect((await send('sy_admin1', 'apply', { elevatorId: 'x', orgId: jy1 })).status).toBe(400);
  });

  it('shows an order to its use unit, its safety officer and its organisation; others get 404', async () => {
    const o = await applied();
    for (const u of ['sy_admin1', 'aq_officer1', 'jy_admin1', 'admin'])
      expect((await send(u, 'get', { id: o.id })).status, u).toBe(200);
    for (const u of ['sy_admin2', 'jy_admin2', 'jy_inspector1'])
      expect((await send(u, 'get', { id: o.id })).status, u).toBe(404);
    // The regulator of the lift's district reads it (its 检验工单 page) and may not act on it; another
    // district's does not see it.
    const [{ area }] = await query<{ area: string }>(
      `select area_code as area from elevator where id = ${o.elevatorId}`,
    );
    const own = REGULATOR_OF_AREA[area];
    const other = own === 'jg_jiangnan' ? 'jg_qingxiu' : 'jg_jiangnan';
    await p.signIn([own]);
    expect((await send(own, 'get', { id: o.id })).status, own).toBe(200);
    expect((await send(own, 'acceptance', { id: o.id })).status, own).toBe(403);
    expect((await send(other, 'get', { id: o.id })).status, other).toBe(404);
    // The attachments are readable by whoever reads the order, and by nobody else.
    const fileId = o.attachments[0].files[0].id;
    const read = (u: string) =>
      t.inject({
        method: 'GET',
        url: `${API_PREFIX}/showFile?id=${fileId}`,
        headers: { authorization: `Bearer ${p.tokens[u]}` },
      });
    expect((await read('jy_admin1')).statusCode).toBe(200);
    expect((await read('jy_admin2')).statusCode).toBe(404);
    // Lists: the organisation's and the use unit's find it, the others' do not.
    const has = (d: unknown) => (d as Page<InspectionOrderRow>).records.some((r) => r.id === o.id);
    const filters = { state: 'applied', month: shanghaiMonth(), registerCode: o.registerCode };
    expect(has((await send('jy_admin1', 'organizationQuery', filters)).body.data)).toBe(true);
    expect(has((await send('jy_admin2', 'organizationQuery', filters)).body.data)).toBe(false);
    expect(has((await send('sy_admin1', 'useUnitQuery', filters)).body.data)).toBe(true);
    expect(has((await send('sy_admin2', 'useUnitQuery', filters)).body.data)).toBe(false);
    expect(
      has((await send('jy_admin1', 'organizationQuery', { ...filters, state: 'accepted' })).body.data),
    ).toBe(false);
    expect(
      has((await send('jy_admin1', 'organizationQuery', { ...filters, month: '2020-01' })).body.data),
    ).toBe(false);
    // Totals count what the filters keep: with the lift's and the use unit's filters, and without.
    for (const f of [filters, { useUnit: o.useUnitName, limit: 500 }, { limit: 500 }]) {
      const page = (await send<Page<InspectionOrderRow>>('jy_admin1', 'organizationQuery', f)).body.data;
      const [{ n }] = await query<{ n: number }>(
        `select count(*)::int as n from inspection_order o join elevator e on e.id = o.elevator_id
          join enterprise u on u.id = o.use_unit_id where o.org_id = ${jy1}
          ${
            'registerCode' in f
              ? `and e.register_code = '${o.registerCode}' and o.state = 'applied'
            and to_char(o.applied_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '${shanghaiMonth()}'`
              : ''
          }
          ${'useUnit' in f ? `and u.name = '${o.useUnitName}'` : ''}`,
      );
      expect(page.total, JSON.stringify(f)).toBe(n);
    }
    expect((await send('jy_admin1', 'organizationQuery', { state: 'nope' })).status).toBe(400);
    expect((await send('jy_admin1', 'organizationQuery', { month: '2026-13' })).status).toBe(400);
  });

  it('accepts once; a wrong-state or another party’s move is refused', async () => {
    const o = await applied();
    expect((await send('sy_admin1', 'acceptance', { id: o.id })).status).toBe(403);
    expect((await send('jy_admin2', 'acceptance', { id: o.id })).status).toBe(404);
    expect((await send('jy_admin1', 'acceptance', { id: o.id, version: o.version + 1 })).status).toBe(409);
    const ok = await send('jy_admin1', 'acceptance', { id: o.id, version: o.version });
    expect(ok.status).toBe(200);
    expect(ok.body.data.state).toBe('accepted');
    const again = await send('jy_admin1', 'acceptance', { id: o.id });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('已受理');
    expect((await send('jy_admin1', 'sendBack', { id: o.id, reason: '材料不全' })).status).toBe(409);
    expect((await send('sy_admin1', 'cancelBind', { id: o.id })).status).toBe(409);
    expect(
      (await send('sy_admin1', 'update', { id: o.id, version: ok.body.data.version, remark: 'x' })).status,
    ).toBe(409);
    expect((await send('jy_admin1', 'signChargeNotice', { id: o.id })).status).toBe(409);
    expect((await send('jy_admin1', 'close', { id: o.id })).status).toBe(400);
    expect((await send('jy_admin2', 'close', { id: o.id, reason: '重复申请' })).status).toBe(404);
    const closed = await send('jy_admin1', 'close', { id: o.id, reason: '使用单位申请终止' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ state: 'closed', closeReason: '使用单位申请终止' });
    expect((await send('jy_admin1', 'close', { id: o.id, reason: '再次关闭' })).status).toBe(409);
    // A closed order frees the lift: it may be applied for again.
    expect((await apply(o.elevatorId)).status).toBe(200);
  });

  it('sends back with a reason; the use unit corrects (versioned) and applies again, or withdraws', async () => {
    const o = await applied();
    expect((await send('jy_admin1', 'sendBack', { id: o.id })).status).toBe(400);
    const back = await send('jy_admin1', 'sendBack', { id: o.id, reason: '自检报告缺少签字' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ state: 'returned', returnReason: '自检报告缺少签字' });
    expect((await send('sy_admin2', 'update', { id: o.id, version: back.body.data.version })).status).toBe(
      404,
    );
    expect((await send('jy_admin1', 'update', { id: o.id, version: back.body.data.version })).status).toBe(
      403,
    );
    const upd = await send('sy_admin1', 'update', {
      id: o.id,
      version: back.body.data.version,
      attachments: await files(),
      remark: '已补充签字',
    });
    expect(upd.status, upd.body.resultMsg).toBe(200);
    expect(upd.body.data).toMatchObject({ state: 'returned', applyRemark: '已补充签字' });
    const stale = await send('sy_admin1', 'update', {
      id: o.id,
      version: back.body.data.version,
      remark: 'x',
    });
    expect(stale.status).toBe(409);
    const re = await send('sy_admin1', 'apply', {
      id: o.id,
      version: upd.body.data.version,
      elevatorId: o.elevatorId,
      orgId: jy1,
      attachments: await files(),
    });
    expect(re.status, re.body.resultMsg).toBe(200);
    expect(re.body.data).toMatchObject({ id: o.id, state: 'applied', returnReason: null });
    expect(re.body.data.history.map((h) => h.action)).toEqual(['apply', 'sendBack', 'update', 'reapply']);
    // Re-applying an order that is not returned is refused.
    const twice = await send('sy_admin1', 'apply', {
      id: o.id,
      elevatorId: o.elevatorId,
      orgId: jy1,
      attachments: await files(),
    });
    expect(twice.status).toBe(409);
    expect((await send('jy_admin1', 'cancelBind', { id: o.id })).status).toBe(403);
    const cancelled = await send('sy_admin1', 'cancelBind', { id: o.id, reason: '改期申请' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.state).toBe('cancelled');
    expect((await send('sy_admin1', 'cancelBind', { id: o.id })).status).toBe(409);
  });

  it('keeps the organisation’s remark for the organisation', async () => {
    const o = await applied();
    expect((await send('sy_admin1', 'saveRemark', { id: o.id, remark: 'x' })).status).toBe(403);
    expect((await send('jy_admin2', 'saveRemark', { id: o.id, remark: 'x' })).status).toBe(404);
    const res = await send('jy_admin1', 'saveRemark', { id: o.id, remark: '需登高车' });
    expect(res.status).toBe(200);
    expect(res.body.data.orgRemark).toBe('需登高车');
    expect((await send('sy_admin1', 'get', { id: o.id })).body.data.orgRemark).toBeNull();
  });

  it('quotes from the tariff, previews and issues the charge notice, records the payment once', async () => {
    const o = await applied(10, true);
    expect((await send('jy_admin1', 'quotedPrice', { id: o.id })).status).toBe(409);
    expect((await send('jy_admin1', 'acceptance', { id: o.id })).status).toBe(200);
    expect((await send('sy_admin1', 'quotedPrice', { id: o.id })).status).toBe(403);
    expect((await send('jy_admin1', 'chargeData', { id: o.id })).status).toBe(404);
    const quoted = await send('jy_admin1', 'quotedPrice', { id: o.id });
    expect(quoted.status, quoted.body.resultMsg).toBe(200);
    const expected = await cost.send<{ total: number; lines: unknown[] }>('jy_admin1', 'quote', {
      elevatorId: o.elevatorId,
    });
    expect(quoted.body.data.state).toBe('quoted');
    expect(quoted.body.data.quoteAmount).toBe(expected.body.data.total);
    expect(quoted.body.data.quote?.lines).toEqual(expected.body.data.lines);
    const data = await send<InspectionOrderQuote>('sy_admin1', 'chargeData', { id: o.id });
    expect(data.status).toBe(200);
    expect(data.body.data.amount).toBe(expected.body.data.total);
    expect(data.body.data.lines.reduce((s, l) => s + l.amount, 0)).toBe(data.body.data.amount);

    // Quoted again (the tariff may have changed): a notice signed on the earlier quote is stale.
    const requoted = await send('jy_admin1', 'quotedPrice', { id: o.id });
    expect(requoted.status).toBe(200);
    expect(requoted.body.data.history.filter((h) => h.action === 'quote')).toHaveLength(2);
    const stale = await send('jy_admin1', 'signChargeNotice', {
      id: o.id,
      version: quoted.body.data.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toContain('已报价');
    const preview = await send<ChargeNoticeDetail>('jy_admin1', 'preChargeNotice', { id: o.id });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      noticeNo: null,
      amount: expected.body.data.total,
      payState: 'unpaid',
    });
    expect((await cn.send('jy_admin1', 'getDetail', { orderId: o.id })).status).toBe(404);
    expect(
      (await send('jy_admin1', 'signChargeNotice', { id: o.id, dueDate: addDays(today, -1) })).status,
    ).toBe(400);
    const signed = await send('jy_admin1', 'signChargeNotice', { id: o.id, dueDate: addDays(today, 15) });
    expect(signed.status, signed.body.resultMsg).toBe(200);
    expect(signed.body.data.state).toBe('noticed');
    expect(signed.body.data.notice).toMatchObject({
      noticeNo: `SF${o.orderNo.slice(2)}`,
      amount: expected.body.data.total,
      dueDate: addDays(today, 15),
      payState: 'unpaid',
    });
    expect((await send('jy_admin1', 'signChargeNotice', { id: o.id })).status).toBe(409);
    expect((await send('jy_admin1', 'quotedPrice', { id: o.id })).status).toBe(409);
    const detail = await cn.send<ChargeNoticeDetail>('sy_admin1', 'getDetail', { orderId: o.id });
    expect(detail.status).toBe(200);
    expect((await cn.send('jy_admin2', 'getDetail', { orderId: o.id })).status).toBe(404);
    expect((await cn.send('sy_admin1', 'add', { orderId: o.id, payState: 'paid' })).status).toBe(403);
    expect((await cn.send('jy_admin1', 'add', { orderId: o.id, payState: 'unpaid' })).status).toBe(400);
    const paid = await cn.send<ChargeNoticeDetail>('jy_admin1', 'add', {
      orderId: o.id,
      payState: 'paid',
      payMethod: '银行转账',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ payState: 'paid', paidAt: today, payStateLabel: '已缴费' });
    const again = await cn.send('jy_admin1', 'add', { orderId: o.id, payState: 'exempt' });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('已缴费');
  });

  it('distributes to a passed inspector of the organisation with a valid certificate, from today on', async () => {
    const o = await noticed();
    const inspectors = await query<{
      id: number;
      org_id: number;
      user_id: number | null;
      audit_state: number;
    }>(
      'select id, org_id, user_id, audit_state from inspection_inspector where deleted_at is null order by id',
    );
    const mine = inspectors.find((i) => i.org_id === jy1 && i.user_id !== null && i.audit_state === 3)!;
    const other = inspectors.find((i) => i.org_id === jy2 && i.audit_state === 3)!;
    const pending = inspectors.find((i) => i.org_id === jy1 && i.audit_state !== 3);
    const planned = addDays(today, 2);
    expect(
      (await send('jy_admin1', 'distribution', { id: o.id, inspectorId: other.id, plannedDate: planned }))
        .status,
    ).toBe(404);
    if (pending)
      expect(
        (await send('jy_admin1', 'distribution', { id: o.id, inspectorId: pending.id, plannedDate: planned }))
          .status,
      ).toBe(404);
    expect(
      (
        await send('jy_admin1', 'distribution', {
          id: o.id,
          inspectorId: mine.id,
          plannedDate: addDays(today, -1),
        })
      ).status,
    ).toBe(400);
    const [{ valid_until }] = await query<{ valid_until: string }>(
      `select valid_until::text from inspection_inspector where id = ${mine.id}`,
    );
    await query(`update inspection_inspector set valid_until = '${addDays(today, 1)}' where id = ${mine.id}`);
    const expired = await send('jy_admin1', 'distribution', {
      id: o.id,
      inspectorId: mine.id,
      plannedDate: planned,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.resultMsg).toContain('有效期至');
    await query(`update inspection_inspector set valid_until = '${valid_until}' where id = ${mine.id}`);
    expect(
      (await send('sy_admin1', 'distribution', { id: o.id, inspectorId: mine.id, plannedDate: planned }))
        .status,
    ).toBe(403);
    const ok = await send('jy_admin1', 'distribution', {
      id: o.id,
      inspectorId: mine.id,
      plannedDate: planned,
    });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data).toMatchObject({ state: 'distributed', inspectorId: mine.id, plannedDate: planned });
    // The inspector finds its task, and reads it.
    const tasks = await send<Page<InspectionOrderRow>>('jy_inspector1', 'inspectorQuery', { limit: 500 });
    expect(tasks.body.data.records.some((r) => r.id === o.id)).toBe(true);
    expect((await send('jy_inspector1', 'get', { id: o.id })).status).toBe(200);
    // An order not yet noticed cannot be distributed.
    const early = await applied();
    expect(
      (await send('jy_admin1', 'distribution', { id: early.id, inspectorId: mine.id, plannedDate: planned }))
        .status,
    ).toBe(409);
  });

  it('counts the main page and the monthly figures exactly', async () => {
    const main = await send<{
      byState: Record<string, number>;
      dueNotApplied: number;
      todayDistributed: number;
    }>('jy_admin1', 'inspecttionOrganizationMain');
    expect(main.status).toBe(200);
    const states = await query<{ state: string; n: number }>(
      `select state, count(*)::int as n from inspection_order where org_id = ${jy1} group by state`,
    );
    for (const s of states) expect(main.body.data.byState[s.state], s.state).toBe(s.n);
    const [due] = await query<{ n: number }>(
      `select count(*)::int as n from elevator e where e.use_status = 1
        and e.area_code = (select area_code from enterprise where id = ${jy1})
        and e.next_inspect_date between '${today}' and '${addDays(today, 30)}'
        and not exists (select 1 from inspection_order o where o.elevator_id = e.id
          and o.state not in ('reported', 'closed', 'cancelled'))`,
    );
    expect(main.body.data.dueNotApplied).toBe(due.n);
    const [todays] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_order where org_id = ${jy1} and planned_date = '${today}'
        and state in ('distributed', 'inspecting')`,
    );
    expect(main.body.data.todayDistributed).toBe(todays.n);

    const stats = await send<{ month: string; applied: number; quotedAmount: number; paidAmount: number }[]>(
      'jy_admin1',
      'inspecttionOrganizationStatistics',
    );
    expect(stats.status).toBe(200);
    expect(stats.body.data).toHaveLength(12);
    const month = shanghaiMonth();
    const now = stats.body.data.find((r) => r.month === month)!;
    const [exp] = await query<{ applied: number; quoted: number; paid: number }>(
      `select
        (select count(*)::int from inspection_order where org_id = ${jy1}
          and to_char(applied_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '${month}') as applied,
        (select coalesce(sum(quote_amount), 0)::int from inspection_order where org_id = ${jy1}
          and to_char(quoted_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '${month}') as quoted,
        (select coalesce(sum(n.amount), 0)::int from inspection_charge_notice n join inspection_order o on o.id = n.order_id
          where o.org_id = ${jy1} and n.pay_state = 'paid' and to_char(n.paid_at, 'YYYY-MM') = '${month}') as paid`,
    );
    expect(now).toMatchObject({ applied: exp.applied, quotedAmount: exp.quoted, paidAmount: exp.paid });
    expect(now.applied).toBeGreaterThan(0);
    const other = await send<{ month: string; applied: number }[]>(
      'jy_admin2',
      'inspecttionOrganizationStatistics',
      {
        from: month,
        to: month,
      },
    );
    const [exp2] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_order where org_id = ${jy2}
        and to_char(applied_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '${month}'`,
    );
    expect(other.body.data).toEqual([expect.objectContaining({ month, applied: exp2.n })]);
    expect((await send('jy_admin1', 'inspecttionOrganizationStatistics', { from: '2026-1' })).status).toBe(
      400,
    );
    expect(
      (await send('jy_admin1', 'inspecttionOrganizationStatistics', { from: '2026-05', to: '2026-04' }))
        .status,
    ).toBe(400);
  });
});
