import {
  EQUIPMENT_STATE,
  INSPECTION_ORDER_STATE_LABEL,
  type InspectionOrderState,
  type InspectionReportState,
  type InspectionWorkDetail,
  type InspectionWorkDue,
  type InspectionWorkPreview,
  type InspectionWorkTask,
  shanghaiToday,
  varietyName,
} from '@ec/contract';
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { forbidden } from '../../../platform/errors.ts';
import { inspectionLiftsRelation, liftSpecs } from '../../elevator/api.ts';
import { inspectionItem, inspectionItemVariety } from '../catalog/tables.ts';
import { inspectionEquipment as eq_ } from '../instruments/tables.ts';
import { visibleOrder } from '../orders/read.ts';
import { inspectionOrder as o } from '../orders/tables.ts';
import { deriveConclusion, type ItemResult } from './conclusion.ts';
import { reportDetail, reportStateLabel } from './read.ts';
import { isOrgAdminOf, reportScope } from './scope.ts';
import { inspectionReport as r, inspectionResult as res } from './tables.ts';

/*
 * The inspector's phone page (检验作业, /m/inspect): its lifts (the orders distributed to it, today's
 * first, then the upcoming and the overdue ones, and the signed reports waiting for the push), and one
 * lift's work: the lift, the current report with its results (or the catalogue's items before the
 * first results), the conclusion the signature would draw from the saved results (conclusion.ts, the
 * same options as flow.ts signReport) and the instruments usable on the inspection date. Reads only:
 * the writes are the reports' calls (flow.ts).
 */

const DUE_ORDER: Record<InspectionWorkDue, number> = { today: 0, upcoming: 1, overdue: 2, signed: 3 };
const OPEN_ORDER_STATES = ['distributed', 'inspecting'];
const OPEN_REPORT_STATES = ['inspecting', 'signed'];

const unitE = alias(enterprise, 'work_use_unit');

/** The orders `where` selects with their lift, use unit and current report (the last attempt not closed). */
async function taskRows(q: Queryable, where: SQL | undefined, today: string): Promise<InspectionWorkTask[]> {
  const lift = inspectionLiftsRelation(null).as('work_lift');
  const orders = await q
    .select({
      id: o.id,
      orderNo: o.orderNo,
      state: o.state,
      elevatorId: o.elevatorId,
      plannedDate: o.plannedDate,
      registerCode: lift.registerCode,
      elevatorName: lift.name,
      address: lift.address,
      variety: lift.variety,
      useUnitName: unitE.name,
    })
    .from(o)
    .innerJoin(lift, eq(lift.id, o.elevatorId))
    .leftJoin(unitE, eq(unitE.id, o.useUnitId))
    .where(where)
    .limit(500);
  if (orders.length === 0) return [];
  const ids = orders.map((x) => x.id);
  const reports = await q
    .select({
      id: r.id,
      orderId: r.orderId,
      reportNo: r.reportNo,
      attempt: r.attempt,
      state: r.state,
      inspectedOn: r.inspectedOn,
      recorded: sql<number>`(select count(*)::int from ${res} where ${res.reportId} = ${r.id} and ${res.result} is not null)`,
      total: sql<number>`(select count(*)::int from ${res} where ${res.reportId} = ${r.id})`,
    })
    .from(r)
    .where(and(inArray(r.orderId, ids), sql`${r.state} <> 'closed'`))
    .orderBy(asc(r.attempt));
  const current = new Map<number, (typeof reports)[number]>();
  for (const x of reports) current.set(x.orderId, x);
  return orders
    .map((x): InspectionWorkTask => {
      const rep = current.get(x.id) ?? null;
      const date = rep && rep.attempt > 1 ? rep.inspectedOn : x.plannedDate;
      const due: InspectionWorkDue =
        rep?.state === 'signed' || rep?.state === 'pushed'
          ? 'signed'
          : !date || date === today
            ? 'today'
            : date > today
              ? 'upcoming'
              : 'overdue';
      return {
        orderId: x.id,
        orderNo: x.orderNo,
        orderState: x.state,
        orderStateLabel: INSPECTION_ORDER_STATE_LABEL[x.state as InspectionOrderState] ?? x.state,
        reportId: rep?.id ?? null,
        reportNo: rep?.reportNo ?? null,
        attempt: rep?.attempt ?? 1,
        reportState: (rep?.state as InspectionReportState | undefined) ?? null,
        reportStateLabel: rep ? reportStateLabel(rep.state) : null,
        elevatorId: x.elevatorId,
        registerCode: x.registerCode,
        elevatorName: x.elevatorName,
        address: x.address,
        varietyName: varietyName(x.variety),
        useUnitName: x.useUnitName,
        plannedDate: date ?? x.plannedDate,
        due,
        recorded: rep?.recorded ?? null,
        total: rep?.total ?? null,
      };
    })
    .sort(
      (a, b) =>
        DUE_ORDER[a.due] - DUE_ORDER[b.due] ||
        (a.plannedDate ?? '').localeCompare(b.plannedDate ?? '') ||
        a.orderId - b.orderId,
    );
}

/**
 * The inspector's lifts: the orders distributed to it still to inspect (已分配, 检验中) and those whose
 * current report is open (a re-inspection after 不合格, a signed report not yet pushed). Anyone else
 * (an organisation's administrator) has none.
 */
export async function workTasks(q: Queryable, user: AuthUser): Promise<InspectionWorkTask[]> {
  if (user.userType !== 'inspector') return [];
  const openReport = sql`exists (select 1 from ${r} where ${r.orderId} = ${o.id} and ${r.inspectorUserId} = ${user.id} and ${inArray(r.state, OPEN_REPORT_STATES)})`;
  return taskRows(
    q,
    and(eq(o.inspectorUserId, user.id), or(inArray(o.state, OPEN_ORDER_STATES), openReport)),
    shanghaiToday(),
  );
}

/** The organisation's catalogue items for the lift's variety (the first report's items, flow.ts). */
async function catalogueItems(q: Queryable, orgId: number, variety: string | null) {
  if (!variety) return [];
  const items = await q
    .select({
      itemId: inspectionItem.id,
      code: inspectionItem.code,
      category: inspectionItem.category,
      name: inspectionItem.name,
      keyItem: inspectionItem.keyItem,
    })
    .from(inspectionItem)
    .innerJoin(inspectionItemVariety, eq(inspectionItemVariety.itemId, inspectionItem.id))
    .where(and(eq(inspectionItem.orgId, orgId), eq(inspectionItemVariety.variety, variety)))
    .orderBy(asc(inspectionItem.sort), asc(inspectionItem.id));
  return items.map((i) => ({ ...i, result: null, remark: null, photoFileIds: [] as string[] }));
}

/** The organisation's instruments in use and within their calibration on `onDate` (the signature's rule). */
function usableOn(q: Queryable, orgId: number, onDate: string) {
  return q
    .select({
      id: eq_.id,
      name: eq_.name,
      model: eq_.model,
      serialNo: eq_.serialNo,
      validUntil: sql<string>`coalesce(${eq_.validUntil}::text, '')`,
    })
    .from(eq_)
    .where(
      and(
        eq(eq_.orgId, orgId),
        eq(eq_.state, EQUIPMENT_STATE.inUse),
        gte(eq_.validUntil, onDate),
        lte(eq_.calibratedOn, onDate),
      ),
    )
    .orderBy(asc(eq_.name), asc(eq_.id))
    .limit(200);
}

/** One lift's work for the phone page (404 for an order the user does not see). */
export async function workDetail(
  q: Queryable,
  user: AuthUser,
  orderId: number,
): Promise<InspectionWorkDetail> {
  const order = await visibleOrder(q, user, orderId);
  // The work is the assigned inspector's (and its organisation's); a use unit or a regulator who reads
  // the order does not read the organisation's catalogue and instruments through it.
  const own =
    user.dataScope === 'all' ||
    isOrgAdminOf(user, order.orgId) ||
    (user.userType === 'inspector' && order.inspectorUserId === user.id);
  if (!own) throw forbidden('检验作业只对分配到该任务的检验人员和出具报告的检验机构开放');
  const today = shanghaiToday();
  const [task] = await taskRows(q, eq(o.id, order.id), today);
  const attempts = await q
    .select({
      id: r.id,
      reportNo: r.reportNo,
      attempt: r.attempt,
      state: r.state,
      conclusion: r.conclusion,
      rectificationDeadline: r.rectificationDeadline,
      inspectedOn: r.inspectedOn,
    })
    .from(r)
    .where(and(eq(r.orderId, order.id), reportScope(user), sql`${r.state} <> 'closed'`))
    .orderBy(asc(r.attempt));
  const last = attempts.at(-1);
  // In turn, not at once: `q` may be a transaction, one connection.
  const report = last ? await reportDetail(q, user, last.id) : null;
  const specs = await liftSpecs(q, order.elevatorId);
  const items = report ? report.results : await catalogueItems(q, order.orgId, specs?.variety ?? null);
  const onDate =
    report?.inspectedOn ?? (order.plannedDate && order.plannedDate < today ? order.plannedDate : today);
  let preview: InspectionWorkPreview | null = null;
  if (report && last) {
    const first = attempts.find((a) => a.attempt === 1)?.inspectedOn ?? null;
    const outcome = deriveConclusion(
      report.results.map((i) => ({
        code: i.code,
        name: i.name,
        keyItem: i.keyItem,
        result: i.result as ItemResult | null,
        remark: i.remark,
      })),
      onDate,
      { reinspection: last.attempt > 1, ...(last.attempt > 1 && first ? { cycleStart: first } : {}) },
    );
    preview = outcome.ok
      ? {
          ok: true,
          conclusion: outcome.conclusion,
          message: null,
          nonConformities: outcome.nonConformities.length,
          keyNonConformities: outcome.nonConformities.filter((i) => i.keyItem).length,
          rectificationDeadline: outcome.rectificationDeadline,
          nextInspectionDate: outcome.nextInspectionDate,
          onDate,
        }
      : {
          ok: false,
          conclusion: null,
          message: outcome.message,
          nonConformities: report.results.filter((i) => i.result === '不符合').length,
          keyNonConformities: report.results.filter((i) => i.result === '不符合' && i.keyItem).length,
          rectificationDeadline: null,
          nextInspectionDate: null,
          onDate,
        };
  }
  const earlierIds = attempts.slice(0, -1).map((a) => a.id);
  const failed = earlierIds.length
    ? await q
        .select({ reportId: res.reportId, code: res.code, name: res.name })
        .from(res)
        .where(and(inArray(res.reportId, earlierIds), eq(res.result, '不符合')))
        .orderBy(asc(res.sort), asc(res.id))
    : [];
  return {
    task: task!,
    lift: {
      variety: specs?.variety ?? null,
      varietyName: varietyName(specs?.variety),
      floors: specs?.floors ?? null,
      ratedLoad: specs?.ratedLoad ?? null,
      ratedSpeed: specs?.ratedSpeed ?? null,
    },
    report,
    items,
    preview,
    instruments: await usableOn(q, order.orgId, onDate),
    earlier: attempts.slice(0, -1).map((a) => ({
      id: a.id,
      reportNo: a.reportNo,
      attempt: a.attempt,
      conclusion: a.conclusion as InspectionWorkDetail['earlier'][number]['conclusion'],
      rectificationDeadline: a.rectificationDeadline,
      failedItems: failed.filter((f) => f.reportId === a.id).map((f) => `${f.code} ${f.name}`),
    })),
    today,
  };
}
