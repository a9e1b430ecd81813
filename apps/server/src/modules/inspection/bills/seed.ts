import { addDays, computeQuote, formatDateTime, shanghaiToday } from '@ec/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { inspectionLiftsRelation } from '../../elevator/api.ts';
import { inspectionCost } from '../catalog/tables.ts';
import { inspectionChargeNotice, inspectionOrder } from '../orders/tables.ts';
import type { QuoteFacts } from '../params/facts.ts';
import { inspectionTechParam } from '../params/tables.ts';
import { billNo } from './flow.ts';
import { monthRange } from './read.ts';
import { inspectionBill, inspectionBillCharge } from './tables.ts';

/** Notices issued within this many days are left out of the demo bills (for the user to bill). */
const RECENT_DAYS = 31;

/**
 * Demo fees (after the orders' and the reports' seeds):
 * - the past year's reported orders (the reports' seed writes them without a notice) get their
 *   charge notice, computed from the organisation's tariff, paid a few days after issue (the second
 *   one exempt): their reports were released, which the release rule asks;
 * - every organisation's notices issued more than a month ago are gathered into monthly bills per use
 *   unit (settled, as their notices are), the recent ones are left unbilled: 生成账单 on the page
 *   gathers them (one is still unpaid, the order 待缴费).
 */
export async function seedBills(tx: Tx) {
  const today = shanghaiToday();
  const reported = await tx
    .select({
      id: inspectionOrder.id,
      orderNo: inspectionOrder.orderNo,
      orgId: inspectionOrder.orgId,
      elevatorId: inspectionOrder.elevatorId,
      appliedAt: inspectionOrder.appliedAt,
      issuedBy: sql<
        number | null
      >`(select u.id from sys_user u where u.company_id = ${inspectionOrder.orgId} and u.user_type = 'inspection' order by u.id limit 1)`,
    })
    .from(inspectionOrder)
    .where(
      and(
        eq(inspectionOrder.state, 'reported'),
        sql`not exists (select 1 from ${inspectionChargeNotice} n where n.order_id = ${inspectionOrder.id})`,
      ),
    )
    .orderBy(inspectionOrder.id);
  const quote = await demoQuoter(tx, [...new Set(reported.map((o) => o.elevatorId))], today);
  const notices: (typeof inspectionChargeNotice.$inferInsert)[] = [];
  for (const [k, order] of reported.entries()) {
    const outcome = quote(order.orgId, order.elevatorId);
    if (!outcome?.ok) continue;
    const issued = new Date(order.appliedAt.getTime() + 3 * 86_400_000);
    const issuedDay = formatDateTime(issued).slice(0, 10);
    const exempt = k === 1;
    notices.push({
      orderId: order.id,
      noticeNo: `SF${order.orderNo.slice(2)}`,
      amount: outcome.total,
      items: outcome.lines,
      dueDate: addDays(issuedDay, 30),
      issuedAt: issued,
      issuedBy: order.issuedBy,
      payState: exempt ? 'exempt' : 'paid',
      paidAt: exempt ? null : addDays(issuedDay, 4),
      payMethod: exempt ? null : k % 2 ? '现金' : '银行转账',
      payRemark: exempt ? '使用单位为公益性养老机构，经审批免收本次检验费' : null,
      recordedBy: order.issuedBy,
      version: 1,
    });
  }
  for (let i = 0; i < notices.length; i += 500)
    await tx.insert(inspectionChargeNotice).values(notices.slice(i, i + 500));

  const groups = rowsOf<{ org_id: number; use_unit_id: number; month: string; ids: number[] }>(
    await tx.execute(sql`
      select o.org_id, o.use_unit_id, to_char(n.issued_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month,
        array_agg(n.id order by n.id) as ids
      from inspection_charge_notice n join inspection_order o on o.id = n.order_id
      where (n.issued_at at time zone 'Asia/Shanghai')::date < ${addDays(today, -RECENT_DAYS)}::date
        and not exists (select 1 from inspection_bill_charge c where c.notice_id = n.id)
      group by 1, 2, 3 order by 3, 1, 2`),
  );
  for (const g of groups) {
    const period = monthRange(g.month);
    const [{ id }] = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('inspection_bill', 'id'))`.mapWith(Number) })
      .from(sql`(select 1) as one`);
    const at = new Date(`${addDays(period.to, 1)}T09:30:00+08:00`);
    await tx.insert(inspectionBill).values({
      id,
      billNo: billNo(id, period.from),
      orgId: g.org_id,
      useUnitId: g.use_unit_id,
      periodFrom: period.from,
      periodTo: period.to,
      remark: `${g.month} 月度检验费账单`,
      createdByName: '检验机构管理员',
      createdAt: at.getTime() > Date.now() ? new Date() : at,
      updatedAt: at.getTime() > Date.now() ? new Date() : at,
    });
    await tx
      .insert(inspectionBillCharge)
      .values(g.ids.map((noticeId) => ({ billId: id, noticeId: Number(noticeId) })));
  }
}

/**
 * The periodic quote of the demo's lifts, as the order page computes it, in a few reads (the seeds
 * write a year of reported orders): the tariffs, the lifts' registered specs and the organisations'
 * parameters read once; each lift's facts as params/facts.ts quoteFacts takes them (the parameters
 * where recorded, else the registry's variety, floors and load). The reports' seed leaves out the
 * lifts it cannot quote (an escalator without its rise height), so that every seeded report's order
 * gets its charge notice here.
 */
export async function demoQuoter(tx: Tx, liftIds: number[], today: string) {
  const costs = new Map(
    (await tx.select().from(inspectionCost)).map((c) => [`${c.orgId}:${c.variety}`, c] as const),
  );
  const rel = inspectionLiftsRelation(null).as('seed_bill_lift');
  const specs = new Map<
    number,
    { variety: string | null; floors: number | null; ratedLoad: number | null }
  >();
  const params = new Map<string, typeof inspectionTechParam.$inferSelect>();
  for (let i = 0; i < liftIds.length; i += 5000) {
    const ids = liftIds.slice(i, i + 5000);
    for (const l of await tx
      .select({ id: rel.id, variety: rel.variety, floors: rel.floors, ratedLoad: rel.ratedLoad })
      .from(rel)
      .where(inArray(rel.id, ids)))
      specs.set(l.id, l);
    for (const p of await tx
      .select()
      .from(inspectionTechParam)
      .where(inArray(inspectionTechParam.elevatorId, ids)))
      params.set(`${p.orgId}:${p.elevatorId}`, p);
  }
  const factsOf = (orgId: number, liftId: number): QuoteFacts | null => {
    const lift = specs.get(liftId);
    if (!lift) return null;
    const p = params.get(`${orgId}:${liftId}`);
    return {
      variety: p?.variety ?? lift.variety,
      stops: p?.stops ?? lift.floors,
      riseM: p?.riseM ?? null,
      lengthM: p?.lengthM ?? null,
      ratedLoad: p?.ratedLoad ?? lift.ratedLoad,
    };
  };
  return (orgId: number, liftId: number) => {
    const facts = factsOf(orgId, liftId);
    if (!facts) return null;
    const cost = facts.variety ? costs.get(`${orgId}:${facts.variety}`) : undefined;
    return computeQuote(cost ?? null, facts, 'periodic', today);
  };
}
