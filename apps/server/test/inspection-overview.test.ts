import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  addDays,
  inspectionOrderCalls,
  type OverdueLiftRow,
  type OverdueOverview,
  type Page,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * 超期未检总览 (issue 16): the figures per district and the overdue lifts behind them, checked against
 * lifts the test lays out in 武鸣区 (450110, jg_wuming's district, emptied of demo lifts first): every
 * boundary of the definitions (due today and in 30 days, overdue since yesterday, stopped, scrapped,
 * no date, an open and a closed order). A district regulator sees its districts only; a use unit its
 * own lifts; an inspection organisation is refused.
 */
const D = '450110';
const OTHER = '450105';

describe.each(dbKinds)('inspection overview (超期未检总览) on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionOrderCalls>;
  const today = shanghaiToday();
  /** The laid-out lifts by role. */
  const lift: Record<string, { id: number; code: string }> = {};
  let sy1: number;
  const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(text));

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionOrderCalls);
    await p.signIn(['jg_wuming', 'jg_jiangnan', 'sy_admin1', 'jy_admin1', 'wb_admin1']);
    [{ id: sy1 }] = await q<{ id: number }>(
      sql`select company_id as id from sys_user where username = 'sy_admin1'`,
    );
    await q(sql`update elevator set area_code = ${OTHER} where area_code = ${D}`);
    // Lifts with a use unit and no open order (past reported ones are the demo's year of history and
    // do not count here), moved into D with the dates and statuses of the plan.
    const picked = await q<{ id: number; register_code: string }>(
      sql`select id, register_code from elevator e where use_company_id is not null
        and not exists (select 1 from inspection_order o where o.elevator_id = e.id
          and o.state not in ('reported', 'closed', 'cancelled')) order by id limit 9`,
    );
    const plan: [string, string | null, number][] = [
      ['overdueWithOrder', addDays(today, -10), 1],
      ['overdueClosedOrder', addDays(today, -1), 1],
      ['overdueLongest', addDays(today, -400), 1],
      ['dueToday', today, 1],
      ['dueIn30', addDays(today, 30), 1],
      ['dueIn31', addDays(today, 31), 1],
      ['stopped', addDays(today, -5), 2],
      ['scrapped', addDays(today, -5), 3],
      ['noDate', null, 1],
    ];
    expect(picked).toHaveLength(plan.length);
    plan.forEach(([role], i) => {
      lift[role] = { id: picked[i].id, code: picked[i].register_code };
    });
    for (const [role, next, status] of plan)
      await q(sql`update elevator set area_code = ${D}, next_inspect_date = ${next}, use_status = ${status}
        where id = ${lift[role].id}`);
    const [org] = await q<{ id: number }>(
      sql`select company_id as id from sys_user where username = 'jy_admin1'`,
    );
    const order = (role: string, no: string, state: string) =>
      q(sql`insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date, attachments)
        select ${no}, id, ${org.id}, use_company_id, ${state}, next_inspect_date, '{}'::jsonb from elevator where id = ${lift[role].id}`);
    await order('overdueWithOrder', 'JYTEST-OPEN', 'accepted');
    await order('overdueClosedOrder', 'JYTEST-CLOSED', 'closed');
  }, 180_000);
  afterAll(() => t?.close());

  const overview = async (user: string) => {
    const res = await p.send<OverdueOverview>(user, 'overdueByDistrict');
    expect(res.status, `${user}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  const list = async (user: string, input: Record<string, unknown> = {}) => {
    const res = await p.send<Page<OverdueLiftRow>>(user, 'overdueLifts', { limit: 500, ...input });
    expect(res.status, `${user}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  /** The figures of some lifts, straight from the tables (the definitions written once more in SQL). */
  const figuresOf = async (where: ReturnType<typeof sql>) => {
    const [r] = await q<{
      inUse: number;
      dueSoon: number;
      overdue: number;
      overdueWithOrder: number;
      stopped: number;
    }>(sql`select
        count(*) filter (where e.use_status = 1)::int as "inUse",
        count(*) filter (where e.use_status = 1 and e.next_inspect_date between ${today}::date and ${addDays(today, 30)}::date)::int as "dueSoon",
        count(*) filter (where e.use_status = 1 and e.next_inspect_date < ${today}::date)::int as "overdue",
        count(*) filter (where e.use_status = 1 and e.next_inspect_date < ${today}::date and exists (select 1 from inspection_order o
          where o.elevator_id = e.id and o.state not in ('reported', 'closed', 'cancelled')))::int as "overdueWithOrder",
        count(*) filter (where e.use_status = 2)::int as "stopped"
      from elevator e where ${where}`);
    return { ...r, overdueWithoutOrder: r.overdue - r.overdueWithOrder };
  };

  it('counts the laid-out lifts of a district exactly, for its regulator and the platform', async () => {
    const expected = {
      areaCode: D,
      areaName: '武鸣区',
      inUse: 7,
      dueSoon: 2,
      overdue: 3,
      overdueWithOrder: 1,
      overdueWithoutOrder: 2,
      stopped: 1,
    };
    const mine = await overview('jg_wuming');
    expect(mine.today).toBe(today);
    expect(mine.dueWithinDays).toBe(30);
    expect(mine.districts).toEqual([expected]);
    const { areaCode, areaName, ...figures } = expected;
    expect(mine.total).toEqual(figures);
    const all = await overview('admin');
    expect(all.districts.find((d) => d.areaCode === D)).toEqual(expected);
    // The platform's districts are every district with lifts, each as the SQL counts it, and their sum.
    const areas = await q<{ area_code: string }>(sql`select distinct area_code from elevator order by 1`);
    expect(all.districts.map((d) => d.areaCode)).toEqual(areas.map((a) => a.area_code));
    for (const d of all.districts) {
      const { areaCode: code, areaName: _name, ...got } = d;
      expect(got, code).toEqual(await figuresOf(sql`e.area_code = ${code}`));
    }
    expect(all.total).toEqual(await figuresOf(sql`true`));
  });

  it('lists the overdue lifts, longest overdue first, with the open order, filtered and exported', async () => {
    const page = await list('jg_wuming');
    expect(page.total).toBe(3);
    expect(page.records.map((r) => r.registerCode)).toEqual([
      lift.overdueLongest.code,
      lift.overdueWithOrder.code,
      lift.overdueClosedOrder.code,
    ]);
    expect(page.records.map((r) => r.daysOverdue)).toEqual([400, 10, 1]);
    const [longest, withOrder, closed] = page.records;
    expect(withOrder).toMatchObject({
      areaCode: D,
      areaName: '武鸣区',
      nextInspectDate: addDays(today, -10),
      openOrderNo: 'JYTEST-OPEN',
      openOrderState: 'accepted',
      openOrderStateLabel: '已受理',
    });
    expect(withOrder.useUnitName).toBeTruthy();
    expect(closed.openOrderNo).toBeNull();
    expect(longest.openOrderId).toBeNull();

    expect((await list('jg_wuming', { hasOpenOrder: true })).records.map((r) => r.elevatorId)).toEqual([
      lift.overdueWithOrder.id,
    ]);
    const without = await list('jg_wuming', { hasOpenOrder: false });
    expect(without.total).toBe(2);
    expect(without.records.map((r) => r.elevatorId)).toEqual([
      lift.overdueLongest.id,
      lift.overdueClosedOrder.id,
    ]);
    expect((await list('jg_wuming', { registerCode: lift.overdueLongest.code })).total).toBe(1);
    // Paging: the total stays, the page moves on.
    const second = await list('jg_wuming', { page: 2, limit: 2 });
    expect(second.total).toBe(3);
    expect(second.records.map((r) => r.elevatorId)).toEqual([lift.overdueClosedOrder.id]);
    // The platform finds the district's lifts with the district filter.
    expect((await list('admin', { areaCode: D })).records.map((r) => r.elevatorId)).toEqual(
      page.records.map((r) => r.elevatorId),
    );

    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${inspectionOrderCalls.overdueLiftsExport.path}?hasOpenOrder=false`,
      headers: { authorization: `Bearer ${p.tokens.jg_wuming}` },
    });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], {
      header: 1,
      raw: false,
    });
    expect(rows[0]).toEqual([
      '注册代码',
      '电梯名称',
      '所在区域',
      '地址',
      '使用单位',
      '下次检验日期',
      '超期天数',
      '检验申请',
      '申请状态',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([lift.overdueLongest.code, lift.overdueClosedOrder.code].sort());
    expect(rows.slice(1).every((r) => r[2] === '武鸣区' && r[7] === '未报检')).toBe(true);
  });

  it('a district regulator never sees another district’s lifts', async () => {
    const other = await overview('jg_jiangnan');
    expect(other.districts.map((d) => d.areaCode)).toEqual([OTHER]);
    const { areaCode: _c, areaName: _n, ...figures } = other.districts[0];
    expect(figures).toEqual(await figuresOf(sql`e.area_code = ${OTHER}`));
    const page = await list('jg_jiangnan');
    expect(page.total).toBe((await figuresOf(sql`e.area_code = ${OTHER}`)).overdue);
    expect(page.records.every((r) => r.areaCode === OTHER)).toBe(true);
    // Asking for another district's lifts by name finds none, nor by register code.
    expect((await list('jg_jiangnan', { areaCode: D })).total).toBe(0);
    expect((await list('jg_jiangnan', { registerCode: lift.overdueLongest.code })).total).toBe(0);
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${inspectionOrderCalls.overdueLiftsExport.path}?areaCode=${D}`,
      headers: { authorization: `Bearer ${p.tokens.jg_jiangnan}` },
    });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload);
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 })).toHaveLength(1);
  });

  it('a use unit sees its own lifts; an inspection organisation and a maintenance company are refused', async () => {
    const own = await overview('sy_admin1');
    const areas = await q<{ area_code: string }>(
      sql`select distinct area_code from elevator where use_company_id = ${sy1} order by 1`,
    );
    expect(own.districts.map((d) => d.areaCode)).toEqual(areas.map((a) => a.area_code));
    expect(own.total).toEqual(await figuresOf(sql`e.use_company_id = ${sy1}`));
    const page = await list('sy_admin1');
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from elevator
      where use_company_id = ${sy1} and use_status = 1 and next_inspect_date < ${today}::date`);
    expect(page.total).toBe(n);
    const mine = new Set(
      (await q<{ id: number }>(sql`select id from elevator where use_company_id = ${sy1}`)).map((r) => r.id),
    );
    expect(page.records.every((r) => mine.has(r.elevatorId))).toBe(true);

    for (const user of ['jy_admin1', 'wb_admin1']) {
      for (const name of ['overdueByDistrict', 'overdueLifts', 'overdueLiftsExport'] as const) {
        const res = await p.send(user, name);
        expect(res.status, `${user} ${name}`).toBe(403);
      }
    }
    expect((await p.send('jy_admin1', 'overdueByDistrict')).body.resultMsg).toBe(
      '超期未检总览仅供监管部门和使用单位查看',
    );
  });

  it('refuses bad filters with a Chinese message', async () => {
    const res = await p.send('jg_wuming', 'overdueLifts', { hasOpenOrder: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toMatch(/[\u4e00-\u9fa5]/);
    const big = await p.send('jg_wuming', 'overdueLifts', { limit: 100_000 });
    expect(big.status).toBe(400);
  });
});
