import { addDays, FILING_STATE, shanghaiToday } from '@ec/contract';
import { and, asc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { recordInspection } from '../../elevator/api.ts';
import { inspectionItem, inspectionItemVariety } from '../catalog/tables.ts';
import { inspectionEquipment } from '../instruments/tables.ts';
import { inspectionOrder, inspectionOrderEvent } from '../orders/tables.ts';
import { inspectionInspector } from '../people/tables.ts';
import { deriveConclusion, type ItemResult, isPass } from './conclusion.ts';
import { keepSignedInstruments } from './flow.ts';
import { inspectionReport, inspectionResult } from './tables.ts';

/**
 * Demo reports (after the orders' seed): four lifts of sy_admin1's unit inspected by jy_inspector1 of
 * jy_admin1's organisation over the past year, each with its order 已出报告 and its report pushed; the
 * second failed (a key item 不符合: 不合格) and passed its re-inspection two weeks later (复检合格). The
 * lifts' inspection dates follow their last report (elevator/api.ts recordInspection). Lifts with an
 * order already, or due within 60 days (the orders' demo and browser test use those), are left alone.
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
  const sy = await user('sy_admin1');
  const insUser = await user('jy_inspector1');
  if (!jy?.companyId || !sy?.companyId || !insUser) return;
  const orgId = jy.companyId;
  const [inspector] = await tx
    .select()
    .from(inspectionInspector)
    .where(eq(inspectionInspector.userId, insUser.id));
  if (!inspector) return;
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
        gte(inspectionInspector.validUntil, shanghaiToday()),
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
  const instruments = used.map((r) => r.id);
  const today = shanghaiToday();
  const rows = rowsOf<{ id: number; variety: string }>(
    await tx.execute(sql`
    select e.id, e.variety from elevator e
    where e.use_company_id = ${sy.companyId} and e.use_status = 1
      and e.variety in (select v.variety from inspection_item_variety v join inspection_item i on i.id = v.item_id where i.org_id = ${orgId})
      and not exists (select 1 from inspection_order o where o.elevator_id = e.id)
      and (e.next_inspect_date is null or e.next_inspect_date > ${addDays(today, 60)})
    order by e.id limit 4`),
  );

  for (const [n, lift] of rows.entries()) {
    const items = await tx
      .select({
        itemId: inspectionItem.id,
        code: inspectionItem.code,
        category: inspectionItem.category,
        name: inspectionItem.name,
        keyItem: inspectionItem.keyItem,
        sort: inspectionItem.sort,
      })
      .from(inspectionItem)
      .innerJoin(inspectionItemVariety, eq(inspectionItemVariety.itemId, inspectionItem.id))
      .where(and(eq(inspectionItem.orgId, orgId), eq(inspectionItemVariety.variety, lift.variety)))
      .orderBy(asc(inspectionItem.sort), asc(inspectionItem.id));
    if (items.length === 0) continue;
    const failing = n === 1;
    const inspectedOn = addDays(today, -(330 - n * 80));
    const at = (day: string) => new Date(`${day}T10:00:00+08:00`);
    const [order] = await tx
      .insert(inspectionOrder)
      .values({
        orderNo: `JY${inspectedOn.slice(0, 7).replace('-', '')}-D${String(lift.id).padStart(5, '0')}`,
        elevatorId: lift.id,
        orgId,
        useUnitId: sy.companyId,
        state: 'reported',
        nextInspectionDate: addDays(inspectedOn, 10),
        attachments: {},
        inspectorId: inspector.id,
        inspectorUserId: insUser.id,
        plannedDate: inspectedOn,
        appliedAt: at(addDays(inspectedOn, -20)),
        acceptedAt: at(addDays(inspectedOn, -18)),
        distributedAt: at(addDays(inspectedOn, -10)),
      })
      .returning();
    const attempts: { attempt: number; on: string; key: ItemResult }[] = failing
      ? [
          { attempt: 1, on: inspectedOn, key: '不符合' },
          { attempt: 2, on: addDays(inspectedOn, 14), key: '符合' },
        ]
      : [{ attempt: 1, on: inspectedOn, key: '符合' }];
    let last: { passed: boolean; on: string; next: string | null } | null = null;
    for (const a of attempts) {
      const outcomes = items.map((i, k) => ({
        ...i,
        result: (i.keyItem && k === items.findIndex((x) => x.keyItem) ? a.key : '符合') as ItemResult,
        remark:
          i.keyItem && a.key === '不符合' && k === items.findIndex((x) => x.keyItem)
            ? '现场检验不符合要求'
            : null,
      }));
      const c = deriveConclusion(outcomes, a.on, { reinspection: a.attempt > 1, cycleStart: inspectedOn });
      if (!c.ok) continue;
      const issued = at(addDays(a.on, 3));
      const [report] = await tx
        .insert(inspectionReport)
        .values({
          orderId: order.id,
          attempt: a.attempt,
          reportNo: `BG${order.orderNo.replace(/^JY/, '')}-${a.attempt}`,
          elevatorId: lift.id,
          orgId,
          useUnitId: sy.companyId,
          inspectorUserId: insUser.id,
          inspectorIds: [inspector.id],
          instrumentIds: instruments,
          state: 'pushed',
          conclusion: c.conclusion,
          rectificationDeadline: c.rectificationDeadline,
          nextInspectionDate: c.nextInspectionDate,
          inspectedOn: a.on,
          signed: true,
          signedAt: at(addDays(a.on, 1)),
          signedBy: insUser.id,
          pushed: true,
          pushedAt: issued,
          reviewerId: reviewer?.id ?? null,
          issuedAt: issued,
        })
        .returning();
      // Signed: the instruments as signed with, as signReport keeps them.
      await keepSignedInstruments(tx, report.id, used);
      await tx.insert(inspectionResult).values(
        outcomes.map((o) => ({
          reportId: report.id,
          itemId: o.itemId,
          code: o.code,
          category: o.category,
          name: o.name,
          keyItem: o.keyItem,
          sort: o.sort,
          result: o.result,
          remark: o.remark,
        })),
      );
      last = { passed: isPass(c.conclusion), on: a.on, next: c.nextInspectionDate };
    }
    await tx.insert(inspectionOrderEvent).values([
      {
        orderId: order.id,
        action: 'inspect',
        fromState: 'distributed',
        toState: 'inspecting',
        actorId: insUser.id,
        actorName: inspector.name,
        at: at(inspectedOn),
      },
      {
        orderId: order.id,
        action: 'report',
        fromState: 'inspecting',
        toState: 'reported',
        actorId: jy.id,
        actorName: '检验机构管理员',
        at: at(addDays(inspectedOn, 3)),
      },
    ]);
    if (last)
      await recordInspection(tx, lift.id, { passed: last.passed, inspectedOn: last.on, nextDate: last.next });
  }
}
