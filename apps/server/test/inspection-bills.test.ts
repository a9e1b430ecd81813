import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  addDays,
  type InspectionBillBatchResult,
  type InspectionBillDetail,
  type InspectionBillPreview,
  type InspectionBillReport,
  type InspectionBillRow,
  type InspectionExpenseSummary,
  type InspectionReportDetail,
  inspectionBillCalls,
  inspectionReportCalls,
  type Page,
  RELEASE_REQUIRES_PAYMENT_PARAM,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAID_RELEASE_REFUSAL } from '../src/modules/inspection/bills/api.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { REGULATOR_OF_AREA } from '../src/platform/seed/demo.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * Inspection bills (issue 16, fees and bills): jy_admin1 gathers sy_admin1's charge notices of a
 * period into a bill (a preview first; a notice in one bill only, 50 creates at once make one bill),
 * records payments and exemptions of its charges in a batch (stale versions 409, 50 at once record
 * once), reads the reports its charges cover and its fee summary; the use unit and its district's
 * regulator read it, anyone else gets 404; bad input 400. The release rule: a report whose charge is
 * unpaid is not pushed (409) while the system parameter is on, and is when it is off.
 */
const N = 50;
type CreateOut = { bill: InspectionBillDetail | null; preview: InspectionBillPreview };

describe.each(dbKinds)('inspection bills on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionBillCalls>;
  let rp: CallProber<typeof inspectionReportCalls>;
  let jy1: number;
  let sy1: number;
  let sy2: number;
  let regulator: string;
  let otherRegulator: string;
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = (results: { status: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };
  const send = <T>(
    user: string,
    name: keyof typeof inspectionBillCalls,
    input: Record<string, unknown> = {},
  ) => p.send<T>(user, name, input);

  let seq = 0;
  /**
   * A charge notice of jy1 to `unit` issued on `day` (its order already reported, so that lifts may
   * carry several): amount in 分.
   */
  const notice = async (day: string, amount: number, unit = sy1, orderState = 'reported') => {
    seq += 1;
    const [lift] = await query<{ id: number }>(
      orderState === 'reported'
        ? `select id from elevator where use_company_id = ${unit} order by id limit 1`
        : `select e.id from elevator e where e.use_company_id = ${unit} and not exists (select 1 from inspection_order o
            where o.elevator_id = e.id and o.state not in ('reported', 'closed', 'cancelled')) order by e.id desc limit 1`,
    );
    const [order] = await query<{ id: number }>(
      `insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date, attachments)
        values ('JYBILL-${kind}-${seq}', ${lift.id}, ${jy1}, ${unit}, '${orderState}', '${today}', '{}'::jsonb) returning id`,
    );
    const [n] = await query<{ id: number }>(
      `insert into inspection_charge_notice (order_id, notice_no, amount, items, issued_at)
        values (${order.id}, 'SFBILL-${kind}-${seq}', ${amount}, '[]'::jsonb, '${day}T10:00:00+08:00') returning id`,
    );
    return { orderId: order.id, noticeId: n.id, liftId: lift.id };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const rows = await query<{ username: string; company_id: number | null }>(
      `select username, company_id from sys_user where username in ('jy_admin1', 'sy_admin1', 'sy_admin2')`,
    );
    const c = Object.fromEntries(rows.map((r) => [r.username, r.company_id!]));
    jy1 = c.jy_admin1;
    sy1 = c.sy_admin1;
    sy2 = c.sy_admin2;
    const [{ area_code }] = await query<{ area_code: string }>(
      `select area_code from enterprise where id = ${sy1}`,
    );
    regulator = REGULATOR_OF_AREA[area_code];
    otherRegulator = Object.entries(REGULATOR_OF_AREA).find(([a]) => a !== area_code)![1];
    expect(regulator).toBeTruthy();
    const users = [
      'jy_admin1',
      'jy_admin2',
      'jy_inspector1',
      'sy_admin1',
      'sy_admin2',
      'wb_admin1',
      regulator,
      otherRegulator,
    ];
    p = new CallProber(t, inspectionBillCalls);
    rp = new CallProber(t, inspectionReportCalls);
    await p.signIn(users);
    await rp.signIn(users);
  }, 180_000);
  afterAll(() => t?.close());

  it('the demo: monthly bills of the past months, and every pushed report’s charge paid or exempt', async () => {
    const demo = await send<Page<InspectionBillRow>>('jy_admin1', 'list', { limit: 100 });
    expect(demo.status).toBe(200);
    expect(demo.body.data.total).toBeGreaterThan(0);
    expect(demo.body.data.records.every((b) => b.chargeCount > 0 && b.periodTo < today)).toBe(true);
    const held = await query<{ n: number }>(
      `select count(*)::int as n from inspection_report r join inspection_charge_notice n on n.order_id = r.order_id
        where r.pushed and n.pay_state = 'unpaid'`,
    );
    expect(held[0].n).toBe(0);
    const noticed = await query<{ n: number }>(
      `select count(*)::int as n from inspection_report r where r.pushed
        and not exists (select 1 from inspection_charge_notice n where n.order_id = r.order_id)`,
    );
    expect(noticed[0].n, 'the demo reports’ orders have their notices').toBe(0);
  });

  it('create: a preview, then the bill gathers the period’s unbilled notices; again nothing is left (409)', async () => {
    const month = '2024-03';
    const a = await notice('2024-03-05', 45_000);
    const b = await notice('2024-03-28', 30_000);
    const outside = await notice('2024-04-01', 12_300);
    const otherUnit = await notice('2024-03-10', 9_900, sy2);

    const preview = await send<CreateOut>('jy_admin1', 'create', { useUnitId: sy1, month, dryRun: true });
    expect(preview.status, preview.body.resultMsg).toBe(200);
    expect(preview.body.data.bill).toBeNull();
    const ids = preview.body.data.preview.charges.map((c) => c.noticeId);
    expect(ids).toEqual([a.noticeId, b.noticeId]);
    expect(preview.body.data.preview.amount).toBe(75_000);
    expect(await query(`select 1 from inspection_bill_charge where notice_id = ${a.noticeId}`)).toHaveLength(
      0,
    );

    const created = await send<CreateOut>('jy_admin1', 'create', {
      useUnitId: sy1,
      month,
      remark: '三月账单',
    });
    expect(created.status, created.body.resultMsg).toBe(200);
    const bill = created.body.data.bill!;
    expect(bill.billNo).toMatch(/^ZD202403-\d{6}$/);
    expect(bill.periodFrom).toBe('2024-03-01');
    expect(bill.periodTo).toBe('2024-03-31');
    expect(bill.charges.map((c) => c.noticeId)).toEqual([a.noticeId, b.noticeId]);
    expect(bill).toMatchObject({
      amount: 75_000,
      unpaidAmount: 75_000,
      state: 'unpaid',
      stateLabel: '待缴费',
    });
    expect(
      bill.charges.some((c) => c.noticeId === outside.noticeId || c.noticeId === otherUnit.noticeId),
    ).toBe(false);

    const again = await send('jy_admin1', 'create', { useUnitId: sy1, month });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('没有未出账的收费通知单');

    // A date range over March and April gathers only what no bill holds yet (April's notice).
    const range = await send<CreateOut>('jy_admin1', 'create', {
      useUnitId: sy1,
      periodFrom: '2024-03-01',
      periodTo: '2024-04-30',
      dryRun: true,
    });
    expect(range.body.data.preview.charges.map((c) => c.noticeId)).toEqual([outside.noticeId]);
  });

  it('create: bad input 400, a use unit or another party 403, an unknown use unit 404', async () => {
    const bad = async (input: Record<string, unknown>, message: RegExp) => {
      const res = await send('jy_admin1', 'create', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.resultMsg).toMatch(message);
    };
    await bad({ useUnitId: sy1 }, /请选择账期/);
    await bad({ useUnitId: sy1, month: '2024-13' }, /月份格式/);
    await bad(
      { useUnitId: sy1, month: '2024-03', periodFrom: '2024-03-01', periodTo: '2024-03-02' },
      /月份或日期范围之一/,
    );
    await bad(
      { useUnitId: sy1, periodFrom: '2024-05-01', periodTo: '2024-04-01' },
      /结束日期不能早于开始日期/,
    );
    await bad({ useUnitId: sy1, periodFrom: '2022-01-01', periodTo: '2024-01-01' }, /不能超过 366 天/);
    await bad({ useUnitId: sy1, periodFrom: addDays(today, 2), periodTo: addDays(today, 5) }, /不能晚于今天/);
    await bad({ useUnitId: 'abc', month: '2024-03' }, /使用单位编号应为数字/);
    const unknown = await send('jy_admin1', 'create', { useUnitId: 99_999_999, month: '2024-03' });
    expect(unknown.status).toBe(404);
    for (const u of ['sy_admin1', regulator]) {
      const res = await send(u, 'create', { useUnitId: sy1, month: '2024-03' });
      expect(res.status, u).toBe(403);
    }
  });

  it('list, detail and scope: the organisation, the use unit and its regulator see the bill; others 404', async () => {
    await notice('2024-05-06', 20_000);
    const created = await send<CreateOut>('jy_admin1', 'create', { useUnitId: sy1, month: '2024-05' });
    const bill = created.body.data.bill!;
    const has = (d: Page<InspectionBillRow>) => d.records.some((r) => r.id === bill.id);
    for (const u of ['jy_admin1', 'sy_admin1', regulator, 'admin']) {
      const list = await send<Page<InspectionBillRow>>(u, 'list', { month: '2024-05', limit: 100 });
      expect(list.status, u).toBe(200);
      expect(has(list.body.data), u).toBe(true);
      const detail = await send<InspectionBillDetail>(u, 'get', { id: bill.id });
      expect(detail.status, u).toBe(200);
      expect(detail.body.data.charges).toHaveLength(1);
    }
    for (const u of ['jy_admin2', 'sy_admin2', otherRegulator, 'wb_admin1', 'jy_inspector1']) {
      const detail = await send(u, 'get', { id: bill.id });
      expect(detail.status, u).toBe(p.may(u, 'get') ? 404 : 403);
      const list = await send<Page<InspectionBillRow>>(u, 'list', { month: '2024-05', limit: 100 });
      if (list.status === 200) expect(has(list.body.data), u).toBe(false);
      else expect(list.status, u).toBe(403);
    }
    // Filters: state, use unit, a month its period does not overlap, the number.
    const f = async (input: Record<string, unknown>) =>
      has((await send<Page<InspectionBillRow>>('jy_admin1', 'list', { ...input, limit: 100 })).body.data);
    expect(await f({ state: 'unpaid', useUnitId: sy1 })).toBe(true);
    expect(await f({ state: 'settled' })).toBe(false);
    expect(await f({ useUnitId: sy2 })).toBe(false);
    expect(await f({ month: '2024-06' })).toBe(false);
    expect(await f({ billNo: bill.billNo })).toBe(true);
    // The export holds the list as filtered, amounts in 元.
    const file = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${inspectionBillCalls.export.path}?month=2024-05&useUnitId=${sy1}`,
      headers: { authorization: `Bearer ${p.tokens.jy_admin1}` },
    });
    expect(file.statusCode).toBe(200);
    const book = XLSX.read(file.rawPayload);
    const sheet = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], {
      raw: false,
    });
    const line = sheet.find((r) => r.账单编号 === bill.billNo);
    expect(line).toMatchObject({ 账期: '2024年05月', '应收（元）': '200.00', 状态: '待缴费' });
    expect(sheet.every((r) => r.账期 === '2024年05月' || String(r.账期).includes('2024-05'))).toBe(true);
    expect((await send('jy_admin1', 'list', { state: 'nope' })).status).toBe(400);
    expect((await send('jy_admin1', 'get', { id: 'x' })).status).toBe(400);
    expect((await send('jy_admin1', 'get', { id: 99_999_999 })).status).toBe(404);
  });

  it('batchEdit: part paid, then the rest exempt → 已结清; stale versions, bad input and others refused', async () => {
    const a = await notice('2024-07-03', 40_000);
    const b = await notice('2024-07-04', 10_000);
    const bill = (await send<CreateOut>('jy_admin1', 'create', { useUnitId: sy1, month: '2024-07' })).body
      .data.bill!;
    const bad = async (
      input: Record<string, unknown>,
      status: number,
      message: RegExp,
      user = 'jy_admin1',
    ) => {
      const res = await send(user, 'batchEdit', input);
      expect(res.status, `${user} ${JSON.stringify(input)}: ${res.body.resultMsg}`).toBe(status);
      expect(res.body.resultMsg).toMatch(message);
    };
    const one = [{ id: bill.id, version: bill.version }];
    await bad({ bills: one, payState: 'exempt' }, 400, /请填写免缴原因/);
    await bad({ bills: one, payState: 'paid' }, 400, /请选择缴费方式/);
    await bad({ bills: one, payState: 'owed', payMethod: '现金' }, 400, /缴费状态应为/);
    await bad({ bills: [], payState: 'paid', payMethod: '现金' }, 400, /请先选择账单/);
    await bad(
      { bills: one, payState: 'paid', payMethod: '现金', paidAt: addDays(today, 1) },
      400,
      /缴费日期不能晚于今天/,
    );
    await bad(
      { bills: one, payState: 'paid', payMethod: '现金', noticeIds: [999_999] },
      400,
      /不属于所选账单/,
    );
    await bad({ bills: one, payState: 'paid', payMethod: '现金' }, 404, /不存在或无权访问/, 'jy_admin2');
    await bad(
      { bills: one, payState: 'paid', payMethod: '现金' },
      403,
      // The service's reason, or the permission's when the role holds the page read only.
      /只有出具该账单的检验机构|没有权限执行此操作/,
      'sy_admin1',
    );
    await bad(
      { bills: one, payState: 'paid', payMethod: '现金' },
      403,
      // The service's reason, or the permission's when the role holds the page read only.
      /只有出具该账单的检验机构|没有权限执行此操作/,
      regulator,
    );
    expect(
      (await query<{ version: number }>(`select version from inspection_bill where id = ${bill.id}`))[0]
        .version,
    ).toBe(bill.version);

    const paid = await send<InspectionBillBatchResult>('jy_admin1', 'batchEdit', {
      bills: one,
      noticeIds: [a.noticeId],
      payState: 'paid',
      paidAt: today,
      payMethod: '银行转账',
    });
    expect(paid.status, paid.body.resultMsg).toBe(200);
    expect(paid.body.data).toMatchObject({ recorded: 1, amount: 40_000 });
    expect(paid.body.data.bills[0]).toMatchObject({
      state: 'partial',
      paidAmount: 40_000,
      unpaidAmount: 10_000,
    });
    // The order's history says so.
    const [ev] = await query<{ action: string }>(
      `select action from inspection_order_event where order_id = ${a.orderId}`,
    );
    expect(ev.action).toBe('pay');

    // The version read before is stale now.
    await bad({ bills: one, payState: 'exempt', payRemark: '减免' }, 409, /已被他人修改/);
    const fresh = paid.body.data.bills[0];
    const exempt = await send<InspectionBillBatchResult>('jy_admin1', 'batchEdit', {
      bills: [{ id: bill.id, version: fresh.version }],
      payState: 'exempt',
      payRemark: '公益单位减免',
    });
    expect(exempt.status, exempt.body.resultMsg).toBe(200);
    expect(exempt.body.data.recorded).toBe(1);
    expect(exempt.body.data.bills[0]).toMatchObject({
      state: 'settled',
      stateLabel: '已结清',
      exemptAmount: 10_000,
    });
    const [nb] = await query<{ pay_state: string; pay_remark: string }>(
      `select pay_state, pay_remark from inspection_charge_notice where id = ${b.noticeId}`,
    );
    expect(nb).toEqual({ pay_state: 'exempt', pay_remark: '公益单位减免' });
    await bad(
      {
        bills: [{ id: bill.id, version: exempt.body.data.bills[0].version }],
        payState: 'paid',
        payMethod: '现金',
      },
      409,
      /没有未缴费的收费通知单/,
    );
    const settled = await send<Page<InspectionBillRow>>('jy_admin1', 'list', {
      state: 'settled',
      month: '2024-07',
    });
    expect(settled.body.data.records.map((r) => r.id)).toContain(bill.id);
  });

  it('reports: the reports a bill’s charges cover, with their charge’s state; the use unit sees the pushed ones', async () => {
    const a = await notice('2024-08-02', 50_000);
    const b = await notice('2024-08-03', 50_000);
    const report = async (orderId: number, liftId: number, state: string, no: string) =>
      query(`insert into inspection_report (order_id, report_no, elevator_id, org_id, use_unit_id, state, conclusion,
          inspected_on, pushed) values (${orderId}, '${no}', ${liftId}, ${jy1}, ${sy1}, '${state}', '合格', '2024-08-05', ${state === 'pushed'})`);
    await report(a.orderId, a.liftId, 'pushed', `BGBILL-${kind}-A`);
    await report(b.orderId, b.liftId, 'signed', `BGBILL-${kind}-B`);
    const bill = (await send<CreateOut>('jy_admin1', 'create', { useUnitId: sy1, month: '2024-08' })).body
      .data.bill!;
    const org = await send<Page<InspectionBillReport>>('jy_admin1', 'reports', { billId: bill.id });
    expect(org.status, org.body.resultMsg).toBe(200);
    expect(org.body.data.records.map((r) => r.reportNo).sort()).toEqual([
      `BGBILL-${kind}-A`,
      `BGBILL-${kind}-B`,
    ]);
    expect(org.body.data.records.every((r) => r.billNo === bill.billNo && r.payState === 'unpaid')).toBe(
      true,
    );
    const unit = await send<Page<InspectionBillReport>>('sy_admin1', 'reports', { billId: bill.id });
    expect(unit.body.data.records.map((r) => r.reportNo)).toEqual([`BGBILL-${kind}-A`]);
    const unpaid = await send<Page<InspectionBillReport>>('jy_admin1', 'reports', {
      month: '2024-08',
      onlyUnpaid: true,
      limit: 100,
    });
    expect(unpaid.body.data.records.length).toBeGreaterThanOrEqual(2);
    expect((await send('jy_admin2', 'reports', { billId: bill.id })).status).toBe(404);
    expect((await send('sy_admin2', 'reports', { billId: bill.id })).status).toBe(404);
    expect((await send('jy_admin1', 'reports', { month: '2024-8' })).status).toBe(400);
  });

  it('managementExpense: the organisation’s figures per month and per use unit match its notices', async () => {
    await notice('2024-09-10', 11_100);
    await notice('2024-09-12', 22_200, sy2);
    const res = await send<InspectionExpenseSummary>('jy_admin1', 'managementExpense', {
      from: '2024-01',
      to: '2024-12',
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.rows).toHaveLength(12);
    expect(res.body.data.releaseRequiresPayment).toBe(true);
    const [sum] = await query<{ amount: number; unpaid: number; n: number }>(
      `select coalesce(sum(n.amount), 0)::int as amount, coalesce(sum(case when n.pay_state = 'unpaid' then n.amount else 0 end), 0)::int as unpaid,
        count(*)::int as n from inspection_charge_notice n join inspection_order o on o.id = n.order_id
        where o.org_id = ${jy1} and (n.issued_at at time zone 'Asia/Shanghai')::date between '2024-01-01' and '2024-12-31'`,
    );
    expect(res.body.data.totals).toMatchObject({
      amount: sum.amount,
      unpaidAmount: sum.unpaid,
      notices: sum.n,
    });
    const sep = res.body.data.rows.find((r) => r.key === '2024-09')!;
    expect(sep.amount).toBeGreaterThanOrEqual(33_300);
    expect(sep.unbilledAmount).toBeGreaterThanOrEqual(33_300);
    const byUnit = await send<InspectionExpenseSummary>('jy_admin1', 'managementExpense', {
      from: '2024-09',
      to: '2024-09',
      groupBy: 'useUnit',
    });
    expect(byUnit.body.data.rows.map((r) => r.key).sort()).toEqual([String(sy1), String(sy2)].sort());
    // The use unit sees its own notices only.
    const unit = await send<InspectionExpenseSummary>('sy_admin2', 'managementExpense', {
      from: '2024-09',
      to: '2024-09',
      groupBy: 'useUnit',
    });
    expect(unit.body.data.rows.map((r) => r.key)).toEqual([String(sy2)]);
    const other = await send<InspectionExpenseSummary>('jy_admin2', 'managementExpense', {
      from: '2024-09',
      to: '2024-09',
    });
    expect(other.body.data.rows.find((r) => r.key === '2024-09')?.notices ?? 0).toBe(
      (
        await query<{ n: number }>(
          `select count(*)::int as n from inspection_charge_notice n join inspection_order o on o.id = n.order_id
          where o.org_id = (select company_id from sys_user where username = 'jy_admin2')
            and to_char(n.issued_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '2024-09'`,
        )
      )[0].n,
    );
    expect((await send('jy_admin1', 'managementExpense', { from: '2024-10', to: '2024-01' })).status).toBe(
      400,
    );
    expect((await send('jy_admin1', 'managementExpense', { groupBy: 'year' })).status).toBe(400);
  });

  it('the release rule: an unpaid charge holds the report back (409) while the parameter is on; paid or off, it goes', async () => {
    const signedReport = async () => {
      const n = await notice(addDays(today, -3), 30_000, sy1, 'inspecting');
      const [r] = await query<{ id: number }>(
        `insert into inspection_report (order_id, report_no, elevator_id, org_id, use_unit_id, state, conclusion,
          inspected_on, next_inspection_date, signed) values (${n.orderId}, 'BGREL-${kind}-${n.orderId}', ${n.liftId}, ${jy1}, ${sy1},
          'signed', '合格', '${today}', '${addDays(today, 365)}', true) returning id`,
      );
      return { ...n, reportId: r.id };
    };
    const held = await signedReport();
    const refused = await rp.send<InspectionReportDetail>('jy_admin1', 'pushReport', { id: held.reportId });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(UNPAID_RELEASE_REFUSAL);
    const [still] = await query<{ state: string }>(
      `select state from inspection_report where id = ${held.reportId}`,
    );
    expect(still.state).toBe('signed');

    // Billed and paid through the bill: it goes.
    const bill = (
      await send<CreateOut>('jy_admin1', 'create', {
        useUnitId: sy1,
        periodFrom: addDays(today, -3),
        periodTo: addDays(today, -3),
      })
    ).body.data.bill!;
    expect(bill.charges.map((c) => c.noticeId)).toContain(held.noticeId);
    const paid = await send('jy_admin1', 'batchEdit', {
      bills: [{ id: bill.id, version: bill.version }],
      noticeIds: [held.noticeId],
      payState: 'paid',
      payMethod: '微信',
    });
    expect(paid.status, paid.body.resultMsg).toBe(200);
    const pushed = await rp.send<InspectionReportDetail>('jy_admin1', 'pushReport', { id: held.reportId });
    expect(pushed.status, pushed.body.resultMsg).toBe(200);
    expect(pushed.body.data.state).toBe('pushed');

    // The parameter off: an unpaid one goes too.
    const free = await signedReport();
    await query(
      `update sys_param set value = 'false' where config_key = '${RELEASE_REQUIRES_PAYMENT_PARAM}'`,
    );
    try {
      const off = await rp.send<InspectionReportDetail>('jy_admin1', 'pushReport', { id: free.reportId });
      expect(off.status, off.body.resultMsg).toBe(200);
      const summary = await send<InspectionExpenseSummary>('jy_admin1', 'managementExpense');
      expect(summary.body.data.releaseRequiresPayment).toBe(false);
    } finally {
      await query(
        `update sys_param set value = 'true' where config_key = '${RELEASE_REQUIRES_PAYMENT_PARAM}'`,
      );
    }
  });

  it(`${N} creates of one use unit’s period at once make one bill; each notice is in one bill`, async () => {
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push((await notice(`2023-02-${String(10 + i).padStart(2, '0')}`, 1_000 + i)).noticeId);
    // Half by the month, half by date ranges holding the same notices: different bills would gather
    // them; the unique notice lets one.
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send<CreateOut>(
          'jy_admin1',
          'create',
          i % 2
            ? { useUnitId: sy1, month: '2023-02' }
            : {
                useUnitId: sy1,
                periodFrom: `2023-02-${String(10 - (i % 5)).padStart(2, '0')}`,
                periodTo: '2023-02-20',
              },
        ),
      ),
    );
    const count = statuses(results);
    expect(count[200], JSON.stringify(count)).toBe(1);
    expect(count[409], JSON.stringify(count)).toBe(N - 1);
    const rows = await query<{ bill_id: number }>(
      `select bill_id from inspection_bill_charge where notice_id in (${ids.join(', ')})`,
    );
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.bill_id)).size).toBe(1);
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_bill b where b.use_unit_id = ${sy1} and b.period_from >= '2023-02-01'
        and b.period_to <= '2023-02-28'`,
    );
    expect(n).toBe(1);
    // A refused create left no bill without its charges behind.
    const [{ empty }] = await query<{ empty: number }>(
      `select count(*)::int as empty from inspection_bill b
        where not exists (select 1 from inspection_bill_charge c where c.bill_id = b.id)`,
    );
    expect(empty).toBe(0);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.resultMsg).toMatch(/已被其他账单收录|没有未出账的收费通知单/);
  });

  it(`${N} batch records of one bill at once: one records, the others are told (409)`, async () => {
    for (let i = 0; i < 3; i++) await notice(`2023-03-${String(10 + i).padStart(2, '0')}`, 2_000);
    const bill = (await send<CreateOut>('jy_admin1', 'create', { useUnitId: sy1, month: '2023-03' })).body
      .data.bill!;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send('jy_admin1', 'batchEdit', {
          bills: [{ id: bill.id, version: bill.version }],
          payState: i % 2 ? 'paid' : 'exempt',
          payMethod: '现金',
          payRemark: `第 ${i} 次登记`,
        }),
      ),
    );
    const count = statuses(results);
    expect(count[200], JSON.stringify(count)).toBe(1);
    expect(count[409], JSON.stringify(count)).toBe(N - 1);
    const [{ v }] = await query<{ v: number }>(
      `select version as v from inspection_bill where id = ${bill.id}`,
    );
    expect(v).toBe(bill.version + 1);
    const notices = await query<{ version: number; pay_state: string }>(
      `select n.version, n.pay_state from inspection_charge_notice n join inspection_bill_charge c on c.notice_id = n.id
        where c.bill_id = ${bill.id}`,
    );
    expect(notices).toHaveLength(3);
    expect(notices.every((x) => x.version === 1 && x.pay_state !== 'unpaid')).toBe(true);
    const events = await query<{ n: number }>(
      `select count(*)::int as n from inspection_order_event e join inspection_charge_notice n on n.order_id = e.order_id
        join inspection_bill_charge c on c.notice_id = n.id where c.bill_id = ${bill.id}`,
    );
    expect(events[0].n).toBe(3);
  });
});
