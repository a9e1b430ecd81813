import { createHash, randomUUID } from 'node:crypto';
import {
  addDays,
  computeQuote,
  FILING_STATE,
  formatDateTime,
  type InspectionOrderQuote,
  type InspectionOrderState,
  shanghaiToday,
} from '@ec/contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise, sysFile, sysUser } from '../../../platform/db/tables.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { inspectionLiftsRelation } from '../../elevator/api.ts';
import { inspectionCost } from '../catalog/tables.ts';
import { quoteFacts } from '../params/facts.ts';
import { inspectionTechParam } from '../params/tables.ts';
import { inspectionInspector } from '../people/tables.ts';
import { orderNo } from './flow.ts';
import { inspectionChargeNotice, inspectionOrder, inspectionOrderEvent } from './tables.ts';

/** What each demo order went through, in order (the steps up to its state). */
const STEPS: Record<string, { action: string; from: string | null; to: string }[]> = {
  applied: [{ action: 'apply', from: null, to: 'applied' }],
  returned: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'sendBack', from: 'applied', to: 'returned' },
  ],
  accepted: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'accept', from: 'applied', to: 'accepted' },
  ],
  quoted: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'accept', from: 'applied', to: 'accepted' },
    { action: 'quote', from: 'accepted', to: 'quoted' },
  ],
  noticed: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'accept', from: 'applied', to: 'accepted' },
    { action: 'quote', from: 'accepted', to: 'quoted' },
    { action: 'notice', from: 'quoted', to: 'noticed' },
  ],
  distributed: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'accept', from: 'applied', to: 'accepted' },
    { action: 'quote', from: 'accepted', to: 'quoted' },
    { action: 'notice', from: 'quoted', to: 'noticed' },
    { action: 'distribute', from: 'noticed', to: 'distributed' },
  ],
  closed: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'accept', from: 'applied', to: 'accepted' },
    { action: 'close', from: 'accepted', to: 'closed' },
  ],
  cancelled: [
    { action: 'apply', from: null, to: 'applied' },
    { action: 'cancel', from: 'applied', to: 'cancelled' },
  ],
};

interface Plan {
  org: 'jy1' | 'jy2';
  state: InspectionOrderState;
  /** Days before today it was applied. */
  ago: number;
  pay?: 'paid' | 'exempt';
  /** On-site date, days from today. */
  onSite?: number;
}

const PLANS: Plan[] = [
  { org: 'jy1', state: 'applied', ago: 2 },
  { org: 'jy1', state: 'applied', ago: 1 },
  { org: 'jy1', state: 'returned', ago: 12 },
  { org: 'jy1', state: 'accepted', ago: 6 },
  { org: 'jy1', state: 'quoted', ago: 9 },
  { org: 'jy1', state: 'noticed', ago: 15 },
  { org: 'jy1', state: 'noticed', ago: 20, pay: 'paid' },
  { org: 'jy1', state: 'distributed', ago: 25, pay: 'paid', onSite: 0 },
  { org: 'jy1', state: 'distributed', ago: 40, pay: 'exempt', onSite: 3 },
  { org: 'jy1', state: 'closed', ago: 70 },
  { org: 'jy1', state: 'cancelled', ago: 100 },
  { org: 'jy2', state: 'applied', ago: 3 },
  { org: 'jy2', state: 'accepted', ago: 8 },
  { org: 'jy2', state: 'quoted', ago: 14 },
];

const idOf = async (tx: Tx, username: string) =>
  (
    await tx
      .select({ id: sysUser.id, companyId: sysUser.companyId, realName: sysUser.realName })
      .from(sysUser)
      .where(eq(sysUser.username, username))
  )[0];

/**
 * Demo orders in each state of the flow up to 已分配 across the demo use units' lifts (sy1, sy2):
 * eleven applied to jy1 (two distributed to jy_inspector1, one of them on site today), three to jy2,
 * applied over the last hundred days (the statistics have months), each within the 30 days before
 * its lift's next-inspection date (the registry's date set to it). One lift of sy1 in jy1's district
 * is kept free and moved into its application window (its next-inspection date set to 20 days from
 * today, a plain UPDATE of the registry's row): the lift sy_admin1 applies for in the browser test.
 */
export async function seedOrders(tx: Tx, storage: FileStorage | null) {
  // In turn: a transaction is one connection, which runs one query at a time anyway.
  const ids = [];
  for (const u of ['sy_admin1', 'sy_admin2', 'jy_admin1', 'jy_admin2', 'jy_inspector1'])
    ids.push(await idOf(tx, u));
  const [sy1, sy2, jy1, jy2, ins] = ids;
  if (!sy1?.companyId || !sy2?.companyId || !jy1?.companyId || !jy2?.companyId) return;
  const today = shanghaiToday();
  const rel = inspectionLiftsRelation(null).as('seed_order_lift');
  const lifts = await tx
    .select({ id: rel.id, areaCode: rel.areaCode, useCompanyId: rel.useCompanyId, next: rel.nextInspectDate })
    .from(rel)
    .where(and(inArray(rel.useCompanyId, [sy1.companyId, sy2.companyId]), isNotNull(rel.nextInspectDate)))
    .orderBy(asc(rel.id));
  // The browser test's lift: sy1's, in jy1's district, preferably with jy1's parameters (quotable).
  const withParams = new Set(
    (
      await tx
        .select({ id: inspectionTechParam.elevatorId })
        .from(inspectionTechParam)
        .where(eq(inspectionTechParam.orgId, jy1.companyId))
    ).map((r) => r.id),
  );
  const [{ areaCode: jy1Area } = { areaCode: null }] = await tx
    .select({ areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(eq(enterprise.id, jy1.companyId));
  const own = lifts.filter((l) => l.useCompanyId === sy1.companyId && l.areaCode === jy1Area);
  const target = own.find((l) => withParams.has(l.id)) ?? own[0];
  if (target)
    await tx.execute(
      sql`update elevator set next_inspect_date = ${addDays(today, 20)} where id = ${target.id}`,
    );
  const pool = lifts.filter((l) => l.id !== target?.id);
  const [inspector] = ins
    ? await tx
        .select()
        .from(inspectionInspector)
        .where(
          and(
            eq(inspectionInspector.userId, ins.id),
            eq(inspectionInspector.auditState, FILING_STATE.passed),
          ),
        )
    : [];
  const demoFiles = new Map<number, Record<string, string[]>>();
  for (const unit of [sy1, sy2])
    demoFiles.set(unit.id, storage ? await storeDemoAttachments(tx, storage, unit.id, unit.companyId!) : {});
  const orgs = { jy1: { id: jy1.companyId, user: jy1 }, jy2: { id: jy2.companyId, user: jy2 } };
  let at = 0;
  for (const plan of PLANS) {
    // A lift each (one open order per lift): with a small demo (DEMO_ELEVATORS=20) the last plans
    // find none and are left out.
    const lift = pool[at++];
    if (!lift) return;
    const org = orgs[plan.org];
    const applicant = lift.useCompanyId === sy1.companyId ? sy1 : sy2;
    const appliedAt = new Date(Date.now() - plan.ago * 86_400_000);
    // Applied within its window (TSG T7001-2023): the next-inspection date 5–29 days after the
    // application; the registry's date is the order's while the order is open (it moves on a pass).
    const next = addDays(shanghaiToday(appliedAt), 5 + ((at * 7) % 25));
    if (!['closed', 'cancelled'].includes(plan.state))
      await tx.execute(sql`update elevator set next_inspect_date = ${next} where id = ${lift.id}`);
    const stepAt = (i: number) => new Date(appliedAt.getTime() + i * 86_400_000 * Math.min(2, plan.ago / 6));
    const steps = STEPS[plan.state];
    const quoted = steps.some((s) => s.action === 'quote');
    let quote: InspectionOrderQuote | null = null;
    if (quoted) {
      const facts = await quoteFacts(tx, org.id, lift.id);
      const [cost] = facts?.variety
        ? await tx
            .select()
            .from(inspectionCost)
            .where(and(eq(inspectionCost.orgId, org.id), eq(inspectionCost.variety, facts.variety)))
        : [];
      const outcome = facts ? computeQuote(cost ?? null, facts, 'periodic', today) : null;
      if (outcome?.ok)
        quote = {
          amount: outcome.total,
          lines: outcome.lines,
          notes: outcome.notes,
          quotedAt: formatDateTime(stepAt(2)),
        };
      else continue;
    }
    const [{ id }] = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('inspection_order', 'id'))`.mapWith(Number) })
      .from(sql`(select 1) as one`);
    const distributed = plan.state === 'distributed' && inspector;
    await tx.insert(inspectionOrder).values({
      id,
      orderNo: orderNo(id, formatDateTime(appliedAt).slice(0, 7)),
      elevatorId: lift.id,
      orgId: org.id,
      useUnitId: lift.useCompanyId!,
      state: distributed || plan.state !== 'distributed' ? plan.state : 'noticed',
      nextInspectionDate: next,
      attachments: demoFiles.get(applicant.id) ?? {},
      fileIds: Object.values(demoFiles.get(applicant.id) ?? {}).flat(),
      applyRemark: plan.ago % 2 ? '请安排工作日现场检验' : null,
      returnReason: plan.state === 'returned' ? '维保单位自检报告缺少检验人员签字，请补充后重新提交' : null,
      closeReason: plan.state === 'closed' ? '电梯已停用改造，使用单位申请终止本次检验' : null,
      quoteAmount: quote?.amount ?? null,
      quote,
      quotedAt: quote ? stepAt(2) : null,
      inspectorId: distributed ? inspector.id : null,
      inspectorUserId: distributed ? inspector.userId : null,
      plannedDate: distributed ? addDays(today, plan.onSite ?? 0) : null,
      distributedAt: distributed ? stepAt(4) : null,
      appliedBy: applicant.id,
      appliedAt,
      acceptedAt: steps.some((s) => s.action === 'accept') ? stepAt(1) : null,
      version: steps.length - 1,
      createdAt: appliedAt,
      updatedAt: stepAt(steps.length - 1),
    });
    await tx.insert(inspectionOrderEvent).values(
      steps
        .filter((s) => distributed || s.action !== 'distribute')
        .map((s, i) => {
          const byUnit = s.action === 'apply' || s.action === 'cancel';
          const actor = byUnit ? applicant : org.user;
          return {
            orderId: id,
            action: s.action,
            fromState: s.from,
            toState: s.to,
            reason:
              s.action === 'sendBack'
                ? '维保单位自检报告缺少检验人员签字，请补充后重新提交'
                : s.action === 'close'
                  ? '电梯已停用改造，使用单位申请终止本次检验'
                  : null,
            actorId: actor.id,
            actorName: actor.realName,
            at: stepAt(i),
          };
        }),
    );
    if (quote && steps.some((s) => s.action === 'notice'))
      await tx.insert(inspectionChargeNotice).values({
        orderId: id,
        noticeNo: `SF${orderNo(id, formatDateTime(appliedAt).slice(0, 7)).slice(2)}`,
        amount: quote.amount,
        items: quote.lines,
        dueDate: addDays(formatDateTime(stepAt(3)).slice(0, 10), 30),
        issuedAt: stepAt(3),
        issuedBy: org.user.id,
        payState: plan.pay ?? 'unpaid',
        paidAt: plan.pay === 'paid' ? formatDateTime(stepAt(3)).slice(0, 10) : null,
        payMethod: plan.pay === 'paid' ? '银行转账' : null,
        recordedBy: plan.pay ? org.user.id : null,
      });
    if (!['closed', 'cancelled'].includes(plan.state))
      await tx
        .update(inspectionTechParam)
        .set({ orderId: id })
        .where(and(eq(inspectionTechParam.orgId, org.id), eq(inspectionTechParam.elevatorId, lift.id)));
  }
}

/** A one-page PDF with a line of text (Helvetica: the demo files' titles are ASCII). */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 72 760 Td (${text}) Tj 0 -28 Td /F1 11 Tf (Demo attachment of an inspection application) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const DEMO_ATTACHMENTS = [
  { key: 'applicationForm', name: '定期检验申请表.pdf', title: 'Periodic inspection application form' },
  { key: 'maintenanceContract', name: '电梯维保合同.pdf', title: 'Maintenance contract' },
  { key: 'selfCheckReport', name: '维保单位年度自检报告.pdf', title: 'Maintainer annual self-check report' },
];

/** The use unit's three required attachments, uploaded once by its administrator. */
async function storeDemoAttachments(tx: Tx, storage: FileStorage, userId: number, companyId: number) {
  const out: Record<string, string[]> = {};
  for (const a of DEMO_ATTACHMENTS) {
    const body = demoPdf(a.title);
    const id = randomUUID();
    await storage.put(id, body, 'application/pdf');
    await tx.insert(sysFile).values({
      id,
      fileName: a.name,
      ext: 'pdf',
      mime: 'application/pdf',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      storageKey: id,
      uploaderId: userId,
      ownerCompanyId: companyId,
    });
    out[a.key] = [id];
  }
  return out;
}
