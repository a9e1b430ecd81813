import { shanghaiToday } from '@ec/contract';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { readableFileIds } from '../../../platform/files/references.ts';
import { liftSpecs, recordInspection } from '../../elevator/api.ts';
import { assertChargeAllowsRelease } from '../bills/api.ts';
import { inspectionItem, inspectionItemVariety } from '../catalog/tables.ts';
import { usableInstruments } from '../instruments/index.ts';
import { orderInspecting, orderReported } from '../orders/inspection-moves.ts';
import { visibleOrder } from '../orders/read.ts';
import { passedInspectorsOf } from '../people/api.ts';
import { type Conclusion, deriveConclusion, type ItemResult, isPass } from './conclusion.ts';
import {
  REPORT_NOT_FOUND,
  type Report,
  reportDetail,
  reportStateLabel,
  resultsOf,
  visibleReport,
} from './read.ts';
import { isOrgAdminOf, reportScope } from './scope.ts';
import {
  inspectionReportFileHistory as h,
  inspectionReport as r,
  inspectionResult as res,
  inspectionReportInstrument as ri,
} from './tables.ts';

/*
 * The reports' writes. Each one first takes the report row with one conditional UPDATE (the version
 * goes up) whose WHERE carries what the write decided from its read of the report: the states it
 * may move from; the account checked as the report's inspector (an act of the inspector: the order
 * re-assigned or the inspector's account relinked meanwhile, people/open-work.ts, and the old account
 * finds no row); and the version read when the client sent one or when the write decided on the
 * report's content (the signature's conclusion, the instruments checked against the date). Of two
 * writes on one report the second finds no row and is told so (409, naming the state now, or that
 * the report went to another account). What goes with it (the results, the order's state, the
 * lift's dates) is written in the same transaction (the routes run these in one), so a refusal
 * after the first UPDATE leaves nothing moved.
 */

// ---------------------------------------------------------------- parties

/**
 * The acting account when it acts as the report's inspector (403 for anyone else): the write's
 * `account`, which `take` puts in its WHERE.
 */
function asInspector(user: AuthUser, report: Report, what: string): number {
  if (user.userType !== 'inspector' || report.inspectorUserId !== user.id)
    throw forbidden(`只有分配到该检验任务的检验人员可以${what}`);
  return user.id;
}

/** The organisation's administrators (a report's organisation never changes: nothing to re-check). */
function asOrg(user: AuthUser, report: Report, what: string) {
  if (!isOrgAdminOf(user, report.orgId)) throw forbidden(`只有出具该报告的检验机构可以${what}`);
}

/** The organisation (undefined) or the report's inspector (its account, as asInspector). */
function asInspectorOrOrg(user: AuthUser, report: Report, what: string): number | undefined {
  if (isOrgAdminOf(user, report.orgId)) return undefined;
  return asInspector(user, report, what);
}

// ---------------------------------------------------------------- the report row's moves

const stale = (state: string) =>
  conflict(`该检验报告已被他人修改或状态已变化（当前状态：${reportStateLabel(state)}），请刷新后重试`);

const REASSIGNED = '该检验报告已被他人修改或已改派给其他检验人员账号，请刷新后重试';

interface Take {
  /** The states the write moves the report from. */
  from: string[];
  /** The refusal's end when the report is in none of them (`…，${verb}`). */
  verb: string;
  set?: Partial<typeof r.$inferInsert>;
  /** The version the client sent: it must be the one read (409 otherwise). */
  version?: number | undefined;
  /** The write decided on the report's content as read: the version read goes in the WHERE. */
  pinned?: boolean;
  /** The account checked as the report's inspector (asInspector): it goes in the WHERE. */
  account?: number | undefined;
}

/**
 * Writes the report if it is still in one of `from`, still the `account`'s when given, and at the
 * version read when the client sent a version or the write is `pinned`, raising its version; 409
 * naming the state (or that the report went to another account) otherwise.
 */
async function take(q: Queryable, report: Report, t: Take) {
  if (!t.from.includes(report.state))
    throw conflict(`该检验报告当前状态为「${reportStateLabel(report.state)}」，${t.verb}`);
  // A version other than the one read: the client did not see what the checks were made on.
  if (t.version !== undefined && t.version !== report.version) throw stale(report.state);
  const pin = t.pinned || t.version !== undefined;
  const rows = await q
    .update(r)
    .set({ ...t.set, version: sql`${r.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(r.id, report.id),
        inArray(r.state, t.from),
        pin ? eq(r.version, report.version) : undefined,
        t.account !== undefined ? eq(r.inspectorUserId, t.account) : undefined,
      ),
    )
    .returning();
  if (rows.length === 0) {
    const [now] = await q
      .select({ state: r.state, account: r.inspectorUserId })
      .from(r)
      .where(eq(r.id, report.id));
    if (t.account !== undefined && now && now.account !== t.account) throw conflict(REASSIGNED);
    throw stale(now?.state ?? report.state);
  }
  return rows[0];
}

// ---------------------------------------------------------------- the first report of an order

const reportNoOf = (orderNo: string, attempt: number) => `BG${orderNo.replace(/^JY/, '')}-${attempt}`;

/** A catalogue item as a report copies it into its results (the report flow and the demo's history). */
export const reportItemColumns = {
  itemId: inspectionItem.id,
  code: inspectionItem.code,
  category: inspectionItem.category,
  name: inspectionItem.name,
  keyItem: inspectionItem.keyItem,
  sort: inspectionItem.sort,
};

/** The catalogue items of the organisation for the lift's variety, in the catalogue's order. */
async function itemsFor(q: Queryable, orgId: number, elevatorId: number) {
  const lift = await liftSpecs(q, elevatorId);
  if (!lift?.variety) throw conflict('该电梯未登记设备品种，无法确定检验项目');
  const items = await q
    .select(reportItemColumns)
    .from(inspectionItem)
    .innerJoin(inspectionItemVariety, eq(inspectionItemVariety.itemId, inspectionItem.id))
    .where(and(eq(inspectionItem.orgId, orgId), eq(inspectionItemVariety.variety, lift.variety)))
    .orderBy(asc(inspectionItem.sort), asc(inspectionItem.id));
  if (items.length === 0) throw conflict('本机构检验项目目录中没有该电梯品种的检验项目，请先维护检验项目');
  return items;
}

/**
 * The order's first report, created with its items (no result yet) when the inspector records the
 * first results; the unique (order, attempt) makes two first calls at once one report.
 */
async function firstReportOf(q: Queryable, user: AuthUser, orderId: number): Promise<Report> {
  // Locked while the inspector is checked and the report made: a re-assignment (distributeOrder
  // moves the row) committed meanwhile refuses the old inspector, one under way waits for this.
  const order = await visibleOrder(q, user, orderId, true);
  if (user.userType !== 'inspector' || order.inspectorUserId !== user.id)
    throw forbidden('只有分配到该检验任务的检验人员可以录入检验结果');
  const [existing] = await q
    .select()
    .from(r)
    .where(and(eq(r.orderId, orderId), eq(r.attempt, 1)));
  if (existing) return existing;
  if (order.state !== 'distributed' && order.state !== 'inspecting')
    throw conflict('该检验申请尚未分配或已结束，不能录入检验结果');
  const items = await itemsFor(q, order.orgId, order.elevatorId);
  const [created] = await q
    .insert(r)
    .values({
      orderId,
      attempt: 1,
      reportNo: reportNoOf(order.orderNo, 1),
      elevatorId: order.elevatorId,
      orgId: order.orgId,
      useUnitId: order.useUnitId,
      inspectorUserId: order.inspectorUserId,
      inspectorIds: order.inspectorId ? [order.inspectorId] : [],
      inspectedOn: order.plannedDate,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [now] = await q
      .select()
      .from(r)
      .where(and(eq(r.orderId, orderId), eq(r.attempt, 1)));
    if (!now) throw conflict('检验报告正在创建，请稍后重试');
    return now;
  }
  await q.insert(res).values(items.map((i) => ({ ...i, reportId: created.id })));
  return created;
}

// ---------------------------------------------------------------- results

export interface ResultInput {
  reportId?: number;
  orderId?: number;
  version?: number;
  results: { itemId: number; result: ItemResult; remark?: string; photoFileIds?: string[] }[];
}

export async function updateResults(q: Queryable, user: AuthUser, v: ResultInput) {
  const report =
    v.reportId !== undefined
      ? await visibleReport(q, user, v.reportId)
      : await firstReportOf(q, user, v.orderId!);
  const account = asInspector(user, report, '录入检验结果');
  const itemIds = v.results.map((x) => x.itemId);
  if (new Set(itemIds).size !== itemIds.length) throw badRequest('同一检验项目不能重复录入');
  const photos = [...new Set(v.results.flatMap((x) => x.photoFileIds ?? []))];
  if (photos.length) {
    const readable = await readableFileIds(q, user, photos);
    if (photos.some((id) => !readable.has(id))) throw badRequest('缺陷照片不存在或无权使用，请重新上传');
  }
  // Without a version, concurrent saves of other items do not refuse each other: the state and the
  // account are what this write decided on.
  await take(q, report, { from: ['inspecting'], verb: '不能录入检验结果', version: v.version, account });
  if (report.attempt === 1) await orderInspecting(q, user, report.orderId);
  const known = await q
    .select({ itemId: res.itemId })
    .from(res)
    .where(and(eq(res.reportId, report.id), inArray(res.itemId, itemIds)));
  if (known.length !== itemIds.length) {
    const have = new Set(known.map((k) => k.itemId));
    throw badRequest(`检验项目不属于该报告：${itemIds.filter((id) => !have.has(id)).join('、')}`);
  }
  for (const x of v.results) {
    await q
      .update(res)
      .set({
        result: x.result,
        remark: x.remark ?? null,
        photoFileIds: x.photoFileIds ?? [],
        updatedAt: new Date(),
      })
      .where(and(eq(res.reportId, report.id), eq(res.itemId, x.itemId)));
  }
  return reportDetail(q, user, report.id);
}

// ---------------------------------------------------------------- report fields

export async function updateReport(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version: number; inspectedOn?: string; instrumentIds?: number[]; remark?: string },
) {
  const report = await visibleReport(q, user, v.id);
  const account = asInspector(user, report, '修改检验报告');
  const on = v.inspectedOn ?? report.inspectedOn ?? shanghaiToday();
  if (v.inspectedOn && v.inspectedOn > shanghaiToday()) throw badRequest('检验日期不能晚于今天');
  const ids = v.instrumentIds ?? report.instrumentIds;
  if (v.instrumentIds !== undefined || v.inspectedOn !== undefined)
    await usableInstruments(q, report.orgId, ids, on);
  await take(q, report, {
    from: ['inspecting'],
    verb: '不能修改',
    set: {
      ...(v.inspectedOn !== undefined ? { inspectedOn: v.inspectedOn } : {}),
      ...(v.instrumentIds !== undefined ? { instrumentIds: [...new Set(v.instrumentIds)] } : {}),
      ...(v.remark !== undefined ? { remark: v.remark || null } : {}),
    },
    version: v.version,
    // The instruments were checked against the date read (or the date against the instruments read).
    pinned: true,
    account,
  });
  return reportDetail(q, user, report.id);
}

// ---------------------------------------------------------------- signature

/** The first inspection's date (a re-inspection's next-inspection cycle counts from it). */
async function firstInspectedOn(q: Queryable, orderId: number) {
  const [first] = await q
    .select({ on: r.inspectedOn })
    .from(r)
    .where(and(eq(r.orderId, orderId), eq(r.attempt, 1)));
  return first?.on ?? null;
}

export async function signReport(q: Queryable, user: AuthUser, v: { id: number; version?: number }) {
  const report = await visibleReport(q, user, v.id);
  const account = asInspector(user, report, '签字');
  if (report.state !== 'inspecting')
    throw conflict(`该检验报告当前状态为「${reportStateLabel(report.state)}」，不能签字`);
  if (!report.inspectedOn) throw badRequest('请先填写检验日期');
  if (report.inspectedOn > shanghaiToday()) throw badRequest('检验日期晚于今天，请在现场检验后再签字');
  if (report.instrumentIds.length === 0) throw badRequest('请先选择本次检验使用的检验设备');
  const today = shanghaiToday();
  // Each instrument in use and within its calibration on the inspection date (409 naming it).
  const used = await usableInstruments(q, report.orgId, report.instrumentIds, report.inspectedOn);
  const people = await passedInspectorsOf(q, report.orgId, report.inspectorIds);
  if (people.length !== report.inspectorIds.length)
    throw conflict('检验人员不是本机构审核通过的检验人员，不能签字');
  for (const p of people) {
    const last = p.validUntil;
    if (!last || last < report.inspectedOn || last < today)
      throw conflict(
        `检验人员${p.name}（证书编号 ${p.certNo ?? '未登记'}）的资格证书${last ? `已于 ${last} 过期` : '未登记有效期'}，不能签字`,
      );
  }
  const items = await resultsOf(q, report.id);
  const cycleStart =
    report.attempt > 1 ? ((await firstInspectedOn(q, report.orderId)) ?? report.inspectedOn) : undefined;
  const outcome = deriveConclusion(
    items.map((i) => ({
      code: i.code,
      name: i.name,
      keyItem: i.keyItem,
      result: i.result as ItemResult | null,
      remark: i.remark,
    })),
    report.inspectedOn,
    { reinspection: report.attempt > 1, ...(cycleStart ? { cycleStart } : {}) },
  );
  if (!outcome.ok) throw badRequest(outcome.message);
  await take(q, report, {
    from: ['inspecting'],
    verb: '不能签字',
    set: {
      state: 'signed',
      signed: true,
      signedAt: new Date(),
      signedBy: user.id,
      conclusion: outcome.conclusion,
      rectificationDeadline: outcome.rectificationDeadline,
      nextInspectionDate: outcome.nextInspectionDate,
    },
    version: v.version,
    // The version read: results, date or instruments changed meanwhile (each bumps it) refuse the
    // signature, whose conclusion was worked out from what was read.
    pinned: true,
    account,
  });
  // The instruments as they were when signed (read for share above, so no recalibration or edit
  // is under way): the signed report prints these from now on (read.ts). Never none: checked above.
  await keepSignedInstruments(q, report.id, used);
  return reportDetail(q, user, report.id);
}

/** An instrument row as a signed report keeps it (inspection_report_instrument). */
type SignedInstrument = Pick<
  typeof ri.$inferInsert,
  'name' | 'model' | 'serialNo' | 'calibratedOn' | 'validUntil'
> & { id: number };

/**
 * Keeps what a signed report prints about its instruments, as they are now: written in the signing
 * transaction (signReport) and by the demo data's signed reports (seed.ts).
 */
export async function keepSignedInstruments(q: Queryable, reportId: number, used: SignedInstrument[]) {
  if (used.length === 0) return;
  await q.insert(ri).values(
    used.map((e) => ({
      reportId,
      equipmentId: e.id,
      name: e.name,
      model: e.model,
      serialNo: e.serialNo,
      calibratedOn: e.calibratedOn,
      validUntil: e.validUntil,
    })),
  );
}

export async function remarkPdf(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version?: number; remark: string },
) {
  const report = await visibleReport(q, user, v.id);
  const account = asInspectorOrOrg(user, report, '填写报告备注');
  await take(q, report, {
    from: ['inspecting', 'signed'],
    verb: '不能修改报告备注',
    set: { pdfRemark: v.remark || null },
    version: v.version,
    account,
  });
  return reportDetail(q, user, report.id);
}

// ---------------------------------------------------------------- push

/**
 * Releases a signed report to the use unit and the regulator (refused while its order's charge is
 * unpaid, the release rule of bills/api.ts): the report, the order (已出报告, for the
 * first inspection) and the lift (its dates on a pass, 停用 on a failure) move in this transaction.
 */
/**
 * 审核人员: an approved inspector of the report's organisation whose certificate is valid today, and
 * not one who inspected (a report is reviewed by someone else). 400 naming why otherwise.
 */
async function assertReviewer(q: Queryable, report: Report, reviewerId: number) {
  const [p] = await passedInspectorsOf(q, report.orgId, [reviewerId]);
  const refuse = (message: string) => badRequest(message, [{ field: 'reviewerId', message }]);
  if (!p) throw refuse('审核人员不是本机构审核通过的检验人员');
  if (report.inspectorIds.includes(reviewerId))
    throw refuse(`${p.name}是本报告的检验人员，审核须由其他检验人员进行`);
  const today = shanghaiToday();
  if (!p.validUntil || p.validUntil < today)
    throw refuse(
      `审核人员${p.name}的资格证书${p.validUntil ? `已于 ${p.validUntil} 过期` : '未登记有效期'}，不能审核`,
    );
}

export async function pushReport(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version?: number; reviewerId?: number },
) {
  const report = await visibleReport(q, user, v.id);
  asOrg(user, report, '推送检验报告');
  // The release rule (bills/api.ts): not while the order's charge notice is unpaid, unless turned off.
  await assertChargeAllowsRelease(q, report.orderId);
  if (v.reviewerId !== undefined) await assertReviewer(q, report, v.reviewerId);
  const now = new Date();
  const done = await take(q, report, {
    from: ['signed'],
    verb: '须先由检验人员签字才能推送',
    set: { state: 'pushed', pushed: true, pushedAt: now, issuedAt: now, reviewerId: v.reviewerId ?? null },
    version: v.version,
  });
  if (report.attempt === 1) await orderReported(q, user, report.orderId);
  const conclusion = done.conclusion as Conclusion;
  const moved = await recordInspection(q, report.elevatorId, {
    passed: isPass(conclusion),
    inspectedOn: done.inspectedOn!,
    nextDate: done.nextInspectionDate,
  });
  if (!moved) throw notFound('电梯不存在');
  return reportDetail(q, user, report.id);
}

// ---------------------------------------------------------------- re-inspection

export async function createReinspect(q: Queryable, user: AuthUser, v: { id: number }) {
  const source = await visibleReport(q, user, v.id);
  asOrg(user, source, '创建复检报告');
  if (source.state !== 'pushed' || (source.conclusion !== '不合格' && source.conclusion !== '复检不合格'))
    throw conflict('只有已推送且结论为不合格（或复检不合格）的报告可以复检');
  const [last] = await q
    .select({ n: max(r.attempt) })
    .from(r)
    .where(and(eq(r.orderId, source.orderId), sql`${r.state} <> 'closed'`));
  if ((last?.n ?? 0) > source.attempt) throw conflict('该报告已有复检报告');
  // The re-inspection is the same inspector's work: their current account (read for share, so a
  // change of account or a delete under way is waited for and seen; people/open-work.ts), and not
  // for an inspector deleted since, whose old account would get the new report.
  const lead = source.inspectorIds[0];
  const [inspector] = lead === undefined ? [] : await passedInspectorsOf(q, source.orgId, [lead]);
  if (!inspector)
    throw conflict(
      '原报告的检验人员已删除或不再是本机构审核通过的检验人员，不能创建复检报告，请重新申请检验',
    );
  const attempt = source.attempt + 1;
  const created = await refusingConflicts(
    async () =>
      (
        await q
          .insert(r)
          .values({
            orderId: source.orderId,
            attempt,
            reportNo: source.reportNo.replace(/-\d+$/, `-${attempt}`),
            elevatorId: source.elevatorId,
            orgId: source.orgId,
            useUnitId: source.useUnitId,
            inspectorUserId: inspector.userId,
            inspectorIds: source.inspectorIds,
            instrumentIds: source.instrumentIds,
          })
          .returning()
      )[0],
    { unique: '该报告已有复检报告' },
  );
  const items = await resultsOf(q, source.id);
  await q.insert(res).values(
    items.map((i) => ({
      reportId: created.id,
      itemId: i.itemId,
      code: i.code,
      category: i.category,
      name: i.name,
      keyItem: i.keyItem,
      sort: i.sort,
    })),
  );
  return reportDetail(q, user, created.id);
}

// ---------------------------------------------------------------- original records

export async function updateOriginalRecord(q: Queryable, user: AuthUser, v: { id: number; fileId: string }) {
  const report = await visibleReport(q, user, v.id);
  const account = asInspectorOrOrg(user, report, '上传原始记录');
  const readable = await readableFileIds(q, user, [v.fileId]);
  if (!readable.has(v.fileId)) throw badRequest('原始记录文件不存在或无权使用，请重新上传');
  await take(q, report, {
    from: ['inspecting', 'signed', 'pushed'],
    verb: '不能上传原始记录',
    set: { originalRecordFileId: v.fileId },
    account,
  });
  const [top] = await q
    .select({ n: max(h.version) })
    .from(h)
    .where(eq(h.reportId, report.id));
  await refusingConflicts(
    () =>
      q.insert(h).values({
        reportId: report.id,
        version: (top?.n ?? 0) + 1,
        fileId: v.fileId,
        uploadedBy: user.id,
        uploaderName: user.realName || user.username,
      }),
    { unique: '原始记录正在被他人更新，请刷新后重试' },
  );
}

// ---------------------------------------------------------------- close, batch edit

/** The reports `ids`, each visible (404) and the user's organisation's (403). */
async function ownReports(q: Queryable, user: AuthUser, ids: number[], what: string) {
  const wanted = [...new Set(ids)];
  const rows = await q
    .select()
    .from(r)
    .where(and(inArray(r.id, wanted), reportScope(user)));
  if (rows.length !== wanted.length) throw notFound(REPORT_NOT_FOUND);
  for (const row of rows) asOrg(user, row, what);
  return rows;
}

export async function closeReports(q: Queryable, user: AuthUser, v: { ids: number[]; reason: string }) {
  const rows = await ownReports(q, user, v.ids, '关闭检验报告');
  for (const row of rows)
    await take(q, row, {
      from: ['inspecting', 'signed'],
      verb: '不能关闭（已推送或已关闭的报告不能关闭）',
      set: { state: 'closed', closedAt: new Date(), closeReason: v.reason },
    });
  return { closed: rows.length };
}

export async function batchEdit(
  q: Queryable,
  user: AuthUser,
  v: { ids: number[]; inspectedOn?: string; instrumentIds?: number[] },
) {
  if (v.inspectedOn === undefined && v.instrumentIds === undefined)
    throw badRequest('请填写要修改的检验日期或检验设备');
  if (v.inspectedOn && v.inspectedOn > shanghaiToday()) throw badRequest('检验日期不能晚于今天');
  const rows = await ownReports(q, user, v.ids, '批量修改检验报告');
  for (const row of rows) {
    const on = v.inspectedOn ?? row.inspectedOn ?? shanghaiToday();
    await usableInstruments(q, row.orgId, v.instrumentIds ?? row.instrumentIds, on);
    await take(q, row, {
      from: ['inspecting'],
      verb: '不能修改（已签字的报告不能修改）',
      set: {
        ...(v.inspectedOn !== undefined ? { inspectedOn: v.inspectedOn } : {}),
        ...(v.instrumentIds !== undefined ? { instrumentIds: [...new Set(v.instrumentIds)] } : {}),
      },
      // The version read: the instruments were checked against the date read with it.
      pinned: true,
    });
  }
  return { updated: rows.length };
}
