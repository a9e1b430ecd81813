import { addDays, addMonths, FILING_STATE, shanghaiToday } from '@ec/contract';
import { and, asc, eq, gt, gte, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { rng } from '../../../platform/seed/random.ts';
import { inspectionLiftsRelation, recordInspection } from '../../elevator/api.ts';
import { demoQuoter } from '../bills/seed.ts';
import { inspectionItem, inspectionItemVariety } from '../catalog/tables.ts';
import { inspectionEquipment } from '../instruments/tables.ts';
import { inspectionOrder, inspectionOrderEvent } from '../orders/tables.ts';
import { inspectionInspector } from '../people/tables.ts';
import { deriveConclusion, type ItemResult } from './conclusion.ts';
import { reportItemColumns } from './flow.ts';
import { inspectionReport, inspectionReportInstrument, inspectionResult } from './tables.ts';

/** Rows per multi-row INSERT (well under PostgreSQL's 65,535 parameters at a dozen columns). */
const CHUNK = 500;
/** Share of first inspections that fail (a key item 不符合: 不合格, then 复检合格). */
const FAIL_SHARE = 0.08;
/** Share that pass with a general item to rectify (合格, with a rectification deadline). */
const RECTIFY_SHARE = 0.12;
/** Days from a failed inspection to its re-inspection. */
const REINSPECT_DAYS = 14;

type Item = {
  itemId: number;
  code: string;
  category: string;
  name: string;
  keyItem: boolean;
  sort: number;
};

/**
 * A year of demo periodic inspections (定期检验, after the orders' seed) by jy_admin1's organisation,
 * inspected by jy_inspector1 and pushed with a reviewer. Every lift in use of a use unit whose last
 * inspection falls in the past twelve months gets its report on that day: the registry's dates (the
 * elevator seed draws the last date, the next one year later) are the reports', so the inspection day
 * is twelve months before the lift's next-inspection date and the reports spread over the year as the
 * registry's dates do. Drawn with a fixed seed in the lifts' order: about 8 % fail (a key item 不符合:
 * 不合格), the use unit rectifies and the re-inspection two weeks later passes (复检合格, its next
 * date counted from the first inspection; the registry's last date moves to it, elevator/api.ts
 * recordInspection); about 12 % pass with a general item to rectify (合格 with a deadline); the rest 合格.
 * Each report is an order 已出报告 with its events, the item results and the instruments as signed.
 *
 * Left without a report: lifts overdue (last inspected over a year ago, about 4 % of the registry),
 * stopped or scrapped, without a use unit (a report names one), and those holding an order of the
 * orders' demo (their open applications; the browser test's lift). Inserted in multi-row statements.
 */
export async function seedReports(tx: Tx) {
  const user = async (name: string) =>
    (
      await tx
        .select({ id: sysUser.id, companyId: sysUser.companyId })
        .from(sysUser)
        .where(eq(sysUser.username, name))
    )[0];
  const jy = await user('jy_admin1');
  const insUser = await user('jy_inspector1');
  if (!jy?.companyId || !insUser) return;
  const orgId = jy.companyId;
  const [inspector] = await tx
    .select()
    .from(inspectionInspector)
    .where(eq(inspectionInspector.userId, insUser.id));
  if (!inspector) return;
  const today = shanghaiToday();
  // 审核人员: another approved inspector of the organisation with a valid certificate, when it has one.
  const [reviewer] = await tx
    .select({ id: inspectionInspector.id })
    .from(inspectionInspector)
    .where(
      and(
        eq(inspectionInspector.orgId, orgId),
        ne(inspectionInspector.id, inspector.id),
        eq(inspectionInspector.auditState, FILING_STATE.passed),
        isNull(inspectionInspector.deletedAt),
        gte(inspectionInspector.validUntil, today),
      ),
    )
    .orderBy(asc(inspectionInspector.id))
    .limit(1);
  const used = await tx
    .select()
    .from(inspectionEquipment)
    .where(and(eq(inspectionEquipment.orgId, orgId), eq(inspectionEquipment.state, 1)))
    .orderBy(asc(inspectionEquipment.id))
    .limit(2);

  // The organisation's catalogue per variety, in its order.
  const itemsOf = new Map<string, Item[]>();
  for (const row of await tx
    .select({ variety: inspectionItemVariety.variety, ...reportItemColumns })
    .from(inspectionItem)
    .innerJoin(inspectionItemVariety, eq(inspectionItemVariety.itemId, inspectionItem.id))
    .where(eq(inspectionItem.orgId, orgId))
    .orderBy(asc(inspectionItem.sort), asc(inspectionItem.id))) {
    const { variety, ...item } = row;
    itemsOf.set(variety, [...(itemsOf.get(variety) ?? []), item]);
  }

  const rel = inspectionLiftsRelation(null).as('seed_report_lift');
  const lifts = await tx
    .select({ id: rel.id, variety: rel.variety, useUnitId: rel.useCompanyId, next: rel.nextInspectDate })
    .from(rel)
    .where(
      and(
        isNotNull(rel.useCompanyId),
        eq(rel.useStatus, 1),
        gt(rel.nextInspectDate, today),
        lte(rel.nextInspectDate, addMonths(today, 12)),
        sql`not exists (select 1 from ${inspectionOrder} o where o.elevator_id = ${rel.id})`,
      ),
    )
    .orderBy(asc(rel.id));
  // Only lifts the organisation can quote (the bills' seed gives every reported order its notice).
  const quote = await demoQuoter(
    tx,
    lifts.map((l) => l.id),
    today,
  );

  const now = Date.now();
  // At 10:00 in Shanghai on the day, never later than now (an inspection of today is signed and pushed already).
  const at = (day: string) => new Date(Math.min(new Date(`${day}T10:00:00+08:00`).getTime(), now));
  const r = rng(20261201);
  type Attempt = { attempt: number; on: string; results: ItemResult[]; remarks: (string | null)[] };
  const plans: {
    lift: { id: number; useUnitId: number };
    variety: string;
    inspectedOn: string;
    items: Item[];
    attempts: (Attempt & ReturnType<typeof conclude>)[];
  }[] = [];
  const conclude = (items: Item[], a: Attempt, cycleStart: string) => {
    const c = deriveConclusion(
      items.map((i, k) => ({ ...i, result: a.results[k] })),
      a.on,
      { reinspection: a.attempt > 1, cycleStart },
    );
    if (!c.ok) throw new Error(c.message);
    return { conclusion: c.conclusion, deadline: c.rectificationDeadline, next: c.nextInspectionDate };
  };
  for (const lift of lifts) {
    const items = lift.variety ? itemsOf.get(lift.variety) : undefined;
    const x = r();
    if (!items?.length || !lift.next || !lift.useUnitId || !quote(orgId, lift.id)?.ok) continue;
    const inspectedOn = addMonths(lift.next, -12);
    const keyAt = items.findIndex((i) => i.keyItem);
    const generalAt = items.findIndex((i) => !i.keyItem);
    const all = (): ItemResult[] => items.map(() => '符合');
    const first: Attempt = { attempt: 1, on: inspectedOn, results: all(), remarks: items.map(() => null) };
    const attempts: Attempt[] = [first];
    const reOn = addDays(inspectedOn, REINSPECT_DAYS);
    if (x < FAIL_SHARE && keyAt >= 0 && addDays(reOn, 3) < today) {
      first.results[keyAt] = '不符合';
      first.remarks[keyAt] = '现场检验不符合要求，使用单位停用整改';
      attempts.push({ attempt: 2, on: reOn, results: all(), remarks: items.map(() => null) });
    } else if (x < FAIL_SHARE + RECTIFY_SHARE && generalAt >= 0) {
      first.results[generalAt] = '不符合';
      first.remarks[generalAt] = '一般项目不符合，限期整改';
    }
    plans.push({
      lift: { id: lift.id, useUnitId: lift.useUnitId },
      variety: lift.variety ?? '',
      inspectedOn,
      items,
      attempts: attempts.map((a) => ({ ...a, ...conclude(items, a, inspectedOn) })),
    });
  }

  for (let from = 0; from < plans.length; from += CHUNK) {
    const chunk = plans.slice(from, from + CHUNK);
    const orders = await tx
      .insert(inspectionOrder)
      .values(
        chunk.map((p) => ({
          orderNo: `JY${p.inspectedOn.slice(0, 7).replace('-', '')}-D${String(p.lift.id).padStart(5, '0')}`,
          elevatorId: p.lift.id,
          orgId,
          useUnitId: p.lift.useUnitId,
          state: 'reported',
          nextInspectionDate: addDays(p.inspectedOn, 10),
          attachments: {},
          inspectorId: inspector.id,
          inspectorUserId: insUser.id,
          plannedDate: p.inspectedOn,
          appliedAt: at(addDays(p.inspectedOn, -20)),
          acceptedAt: at(addDays(p.inspectedOn, -18)),
          distributedAt: at(addDays(p.inspectedOn, -10)),
          createdAt: at(addDays(p.inspectedOn, -20)),
          updatedAt: at(addDays(p.attempts[p.attempts.length - 1].on, 3)),
        })),
      )
      .returning({ id: inspectionOrder.id, orderNo: inspectionOrder.orderNo });
    const reportRows = chunk.flatMap((p, k) =>
      p.attempts.map((a) => ({
        orderId: orders[k].id,
        attempt: a.attempt,
        reportNo: `BG${orders[k].orderNo.replace(/^JY/, '')}-${a.attempt}`,
        elevatorId: p.lift.id,
        orgId,
        useUnitId: p.lift.useUnitId,
        inspectorUserId: insUser.id,
        inspectorIds: [inspector.id],
        instrumentIds: used.map((e) => e.id),
        state: 'pushed',
        conclusion: a.conclusion,
        rectificationDeadline: a.deadline,
        nextInspectionDate: a.next,
        inspectedOn: a.on,
        signed: true,
        signedAt: at(addDays(a.on, 1)),
        signedBy: insUser.id,
        pushed: true,
        pushedAt: at(addDays(a.on, 3)),
        reviewerId: reviewer?.id ?? null,
        issuedAt: at(addDays(a.on, 3)),
        createdAt: at(a.on),
        updatedAt: at(addDays(a.on, 3)),
      })),
    );
    const attemptsOf = chunk.flatMap((p) => p.attempts.map((a) => ({ plan: p, a })));
    const reports = await tx
      .insert(inspectionReport)
      .values(reportRows)
      .returning({ id: inspectionReport.id });
    // Signed: the instruments as signed with (what reports/flow.ts keepSignedInstruments keeps).
    const instrumentRows = reports.flatMap((rep) =>
      used.map((e) => ({
        reportId: rep.id,
        equipmentId: e.id,
        name: e.name,
        model: e.model,
        serialNo: e.serialNo,
        calibratedOn: e.calibratedOn,
        validUntil: e.validUntil,
      })),
    );
    for (let i = 0; i < instrumentRows.length; i += CHUNK)
      await tx.insert(inspectionReportInstrument).values(instrumentRows.slice(i, i + CHUNK));
    // The item results: every catalogue item of the lift's variety 符合 but the one that did not
    // conform, in one INSERT … SELECT per chunk (the rows built by the database, not sent one by one).
    const outcomes = reports.map((rep, k) => {
      const { plan, a } = attemptsOf[k];
      const bad = a.results.indexOf('不符合');
      return {
        id: rep.id,
        variety: plan.variety,
        bad: bad >= 0 ? plan.items[bad].itemId : 0,
        remark: bad >= 0 ? a.remarks[bad] : null,
      };
    });
    await tx.execute(sql`insert into ${inspectionResult} (report_id, item_id, code, category, name, key_item, sort, result, remark)
      select u.id, i.id, i.code, i.category, i.name, i.key_item, i.sort,
        case when i.id = u.bad then '不符合' else '符合' end, case when i.id = u.bad then u.remark end
      from json_to_recordset(${JSON.stringify(outcomes)}::json) as u(id int, variety text, bad int, remark text)
      join ${inspectionItemVariety} v on v.variety = u.variety
      join ${inspectionItem} i on i.id = v.item_id and i.org_id = ${orgId}`);
    await tx.insert(inspectionOrderEvent).values(
      chunk.flatMap((p, k) => [
        {
          orderId: orders[k].id,
          action: 'inspect',
          fromState: 'distributed',
          toState: 'inspecting',
          actorId: insUser.id,
          actorName: inspector.name,
          at: at(p.inspectedOn),
        },
        {
          orderId: orders[k].id,
          action: 'report',
          fromState: 'inspecting',
          toState: 'reported',
          actorId: jy.id,
          actorName: '检验机构管理员',
          at: at(addDays(p.attempts[p.attempts.length - 1].on, 3)),
        },
      ]),
    );
  }
  // The registry holds each lift's last and next dates already; a re-inspected lift's last date is
  // its re-inspection's (the next stays a year after the first inspection), and a next date of 28
  // February may stand for a last one of 29 February: written as the report has it.
  for (const p of plans) {
    const last = p.attempts[p.attempts.length - 1];
    if (last.attempt > 1 || p.inspectedOn.endsWith('-02-28'))
      await recordInspection(tx, p.lift.id, { passed: true, inspectedOn: last.on, nextDate: last.next });
  }
}
