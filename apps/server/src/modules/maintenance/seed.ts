/**
 * Demo data of electronic maintenance: the TSG T5002-2017 templates; a plan for every lift that is
 * under an audited contract today, worked by two filed workers of its company whose certificates
 * are valid; two months of visits (every 15 days) whose workers come from the roster, confirmed by
 * the lift's use unit's safety officers, audited by the district's regulator; the coming month
 * planned by the plan job itself. The recent visits are electronic records (photos, signatures,
 * checks, the hash chain); older ones were entered from paper (纸质记录补录) and carry no photos.
 * Before those two months, ten more months of visits of every lift with a plan (seedHistory): paper
 * records with neither photos nor items (the checklist stayed on paper, and the pages say so), about
 * one in eight signed out a few days late, all confirmed into the lift's hash chain.
 * wb_staff1 has orders today (one to start, one signed in, one in progress), and nothing is dated
 * after now.
 */
import { createHash, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  addDays,
  appendicesOfLift,
  distanceMeters,
  kindOfVisit,
  MAINTENANCE_INTERVAL_DAYS,
  MAINTENANCE_PARAMS,
  ORDER_STATUS,
  PAPER_RECORD_REMARK,
  SHANGHAI_OFFSET_MS,
  shanghaiToday,
  shiftMonth,
} from '@ec/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { sysFile, sysUser } from '../../platform/db/tables.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { DEMO_USERS, REGULATOR_OF_AREA } from '../../platform/seed/demo.ts';
import { rng } from '../../platform/seed/random.ts';
import { inspectionLiftsRelation, liftsRelation } from '../elevator/api.ts';
import { contractOn, filedWorkersOf, type WorkerFact } from '../parties/api.ts';
import { hashContent, linkHash } from './chain.ts';
import { findingsOf, recordFindings } from './checks.ts';
import { refreshLiftStates } from './lifts.ts';
import { generateOrders } from './plans.ts';
import {
  maintenanceContent,
  maintenanceContentItem,
  maintenanceContentVersion,
  maintenanceOrder,
  maintenanceOrderPhoto,
  maintenanceOrderRecord,
  maintenancePlan,
  orderNoOn,
  type StoredItem,
} from './tables.ts';
import { snapshotItem } from './templates/service.ts';
import { TSG_T5002 } from './templates/tsg-t5002.ts';

/** Who audits a lift's visits: its district's regulator by name (the city's first where none). */
const REGULATOR_NAME = new Map(DEMO_USERS.map((u) => [u.username, u.realName]));
const auditorOf = (areaCode: string | null): string =>
  REGULATOR_NAME.get(REGULATOR_OF_AREA[areaCode ?? ''] ?? 'jg_qingxiu') ?? '监管员';

const DAY = 86_400_000;
/** Lifts whose recent visits are seeded as electronic records (photos, signatures, checks). */
const ELECTRONIC_LIFTS = 80;

/** Seeds the templates: every installation needs them (a base seeder, run on the first start). */
export async function seedTemplates(tx: Tx) {
  const ids = new Map<string, { id: number; items: StoredItem[] }>();
  for (const t of TSG_T5002) {
    const [c] = await tx
      .insert(maintenanceContent)
      .values({ name: t.name, appendix: t.appendix, remark: t.remark })
      .returning();
    const items = await tx
      .insert(maintenanceContentItem)
      .values(
        t.items.map((i, k) => ({
          contentId: c.id,
          kind: i.kind,
          seq: k + 1,
          name: i.name,
          requirement: i.requirement ?? null,
          measured: Boolean(i.unit),
          unit: i.unit ?? null,
          seasonWindow: i.season ?? null,
        })),
      )
      .returning();
    const stored = items.map(snapshotItem);
    await tx
      .insert(maintenanceContentVersion)
      .values({ contentId: c.id, version: c.version, name: c.name, items: stored });
    ids.set(t.appendix, { id: c.id, items: stored });
  }
  return ids;
}

/** The seeded templates by appendix with their first version's items. */
async function loadTemplates(tx: Tx) {
  const rows = await tx
    .select({
      id: maintenanceContent.id,
      appendix: maintenanceContent.appendix,
      items: maintenanceContentVersion.items,
    })
    .from(maintenanceContent)
    .innerJoin(
      maintenanceContentVersion,
      and(
        eq(maintenanceContentVersion.contentId, maintenanceContent.id),
        eq(maintenanceContentVersion.version, 1),
      ),
    )
    .orderBy(asc(maintenanceContent.id));
  return new Map(rows.map((r) => [r.appendix, { id: r.id, items: r.items }]));
}

/** A small PNG of noise (a stand-in for a site photo or a signature); its bytes differ per seed. */
function demoPng(r: () => number, w = 48, h = 36): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const base = [Math.floor(r() * 200), Math.floor(r() * 200), Math.floor(r() * 200)];
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w * 3; x++) raw[y * (w * 3 + 1) + 1 + x] = base[x % 3] + Math.floor(r() * 55);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function storeDemoFile(
  tx: Tx,
  storage: FileStorage,
  body: Buffer,
  name: string,
  uploaderId: number,
  ownerCompanyId: number | null,
) {
  const id = randomUUID();
  await storage.put(id, body, 'image/png');
  const sha256 = createHash('sha256').update(body).digest('hex');
  await tx.insert(sysFile).values({
    id,
    fileName: name,
    ext: 'png',
    mime: 'image/png',
    size: body.length,
    sha256,
    storageKey: id,
    uploaderId,
    ownerCompanyId,
  });
  return { id, sha256 };
}

/** Results a maintainer writes other than 正常, by item name. */
const FINDINGS: Record<string, [StoredItem['result'], string, string | null]> = {
  制动器间隙: ['已调整', '间隙调整至 0.5 mm', '0.5'],
  导靴上油杯: ['已更换', '油杯破损，已更换', null],
  轿厢平层准确度: ['已调整', '平层误差 8 mm，调整后 3 mm', '3'],
  '轿门防撞击保护装置（安全触板、光幕、光电等）': ['异常', '光幕偶发误动作，已告知使用单位，待更换', null],
  扶手带: ['已调整', '扶手带张紧度已调整', null],
  '梳齿板梳齿与踏板面齿槽、导向胶带': ['已更换', '断齿两处，已更换梳齿板', null],
};
const MEASURED_DEFAULT: Record<string, string> = { mm: '9', '%': '1', m: '0.6' };

function fill(items: StoredItem[], kind: number, r: () => number): StoredItem[] {
  return items
    .filter((i) => i.kind <= kind)
    .map((i) => {
      const f = FINDINGS[i.name];
      if (f && r() < 0.25)
        return { ...i, result: f[0], note: f[1], value: i.measured ? (f[2] ?? '5') : null };
      return { ...i, result: '正常', value: i.measured ? (MEASURED_DEFAULT[i.unit ?? ''] ?? '1') : null };
    });
}

const at = (day: string, minutes: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS + minutes * 60_000);

type Order = typeof maintenanceOrder.$inferSelect;
type OrderStep = { at: Date; action: string; operator: string; detail: string | null };
/** The month (yyyy-MM) `n` months after the day's (negative: before). */
/** The visits of the history, the oldest 15 days × HISTORY_FROM (+ the lift's phase) ago. */
const HISTORY_FROM = 24;
/** The history ends where the two months of seedMaintenance's own visits (k = 4 … 0) begin. */
const HISTORY_TO = 5;
/** The plan's visit number of the history's first visit: the history's last is the 24th (年度). */
const HISTORY_SEQ = (k: number) => HISTORY_FROM + HISTORY_TO - k;

/**
 * The ten months before seedMaintenance's own two: a visit every 15 days of each lift with a plan,
 * entered from paper (纸质记录补录): no photos, no sign-in location and no items (the pages say the
 * checklist is on paper); about one in eight signed out one to six days after its plan date (按时维保率
 * is not 100 %); confirmed by the use unit's safety officer and mostly audited, chained (hashes
 * computed here from the very values inserted, so that the detail's 记录完整 holds). Rows are made
 * here and inserted together by `flush`, many to a statement; the order numbers are a block of the
 * sequence taken once.
 */
class History {
  private orders: { row: Order; steps: OrderStep[] }[] = [];
  private next = 0;
  private constructor(private readonly base: number) {}

  static async start(tx: Tx, lifts: number) {
    const [{ n }] = rowsOf<{ n: string }>(
      await tx.execute(sql`select nextval('maintenance_order_no_seq')::text as n`),
    );
    const base = Number(n) + 1;
    await tx.execute(
      sql`select setval('maintenance_order_no_seq', ${base + lifts * (HISTORY_FROM - HISTORY_TO + 1)})`,
    );
    return new History(base);
  }

  /** The lift's history visits; returns the chain's last hash and length, for the visits after. */
  add(
    h: () => number,
    l: { id: number; areaCode: string | null },
    o: {
      company: number;
      useCompany: number;
      phase: number;
      today: string;
      templateId: number;
      valid: WorkerFact[];
      officers: { id: number; name: string }[];
      now: number;
    },
  ): { chainHash: string | null; chainSeq: number } {
    let chainHash: string | null = null;
    let chainSeq = 0;
    for (let k = HISTORY_FROM; k >= HISTORY_TO; k--) {
      const planDate = addDays(o.today, -(k * MAINTENANCE_INTERVAL_DAYS + o.phase));
      // From the first of the month 11 months ago: the statistics' default period.
      if (planDate < `${shiftMonth(o.today, -11)}-01`) continue;
      const a = o.valid[Math.floor(h() * o.valid.length)];
      const b = o.valid[(o.valid.indexOf(a) + 1 + Math.floor(h() * (o.valid.length - 1))) % o.valid.length];
      const workers = a.userId === b.userId ? [a] : [a, b];
      const late = h() < 0.12 ? 1 + Math.floor(h() * 6) : 0;
      const signInAt = at(addDays(planDate, late), 8 * 60 + 30 + Math.floor(h() * 450));
      const signOutAt = new Date(signInAt.getTime() + (35 + Math.floor(h() * 60)) * 60_000);
      const officer = o.officers.length ? o.officers[Math.floor(h() * o.officers.length)] : null;
      const confirmAt = new Date(signOutAt.getTime() + (2 + Math.floor(h() * 46)) * 3600_000);
      const audited = officer !== null && h() < 0.85;
      const auditAt = new Date(confirmAt.getTime() + (1 + Math.floor(h() * 4)) * DAY);
      if (auditAt.getTime() > o.now) continue;
      const row: Order = {
        id: 0,
        orderNo: `WB${planDate.replaceAll('-', '')}${this.base + this.next++}`,
        elevatorId: l.id,
        planId: null,
        maintenanceCompanyId: o.company,
        useCompanyId: o.useCompany,
        areaCode: l.areaCode,
        kind: kindOfVisit(HISTORY_SEQ(k)),
        status: !officer
          ? ORDER_STATUS.awaitingConfirm
          : audited
            ? ORDER_STATUS.approved
            : ORDER_STATUS.completed,
        planDate,
        contentId: o.templateId,
        contentVersion: 1,
        workerIds: workers.map((w) => w.userId),
        workers: workers.map((w) => w.name),
        signInAt,
        signInLat: null,
        signInLng: null,
        signInDistanceM: null,
        signOutAt,
        signOutLat: null,
        signOutLng: null,
        signOutDistanceM: null,
        submittedAt: signOutAt,
        items: [],
        parts: [],
        workerSignatureFileId: null,
        remark: PAPER_RECORD_REMARK,
        confirmedByUserId: officer?.id ?? null,
        confirmedBy: officer?.name ?? null,
        confirmedAt: officer ? confirmAt : null,
        confirmSignatureFileId: null,
        confirmRemark: null,
        auditedBy: audited ? auditorOf(l.areaCode) : null,
        auditedAt: audited ? auditAt : null,
        auditRemark: null,
        correctsOrderId: null,
        contentHash: null,
        chainHash: null,
        chainSeq: null,
        openFindings: 0,
        version: 0,
        createdAt: at(planDate, -3 * 24 * 60 + 120),
      };
      const steps: OrderStep[] = [
        {
          at: signOutAt,
          action: '提交维保记录',
          operator: workers[0].name,
          detail: `${PAPER_RECORD_REMARK}${late ? `，较计划日期晚 ${late} 天` : ''}`,
        },
      ];
      if (officer) {
        row.contentHash = hashContent(row, [], new Map());
        row.chainHash = linkHash(chainHash, row.contentHash);
        row.chainSeq = ++chainSeq;
        chainHash = row.chainHash;
        steps.push({
          at: confirmAt,
          action: '使用单位确认',
          operator: officer.name,
          detail: `维保记录已确认，存证哈希 ${chainHash.slice(0, 16)}…`,
        });
      }
      if (audited)
        steps.push({ at: auditAt, action: '审核通过', operator: auditorOf(l.areaCode), detail: null });
      this.orders.push({ row, steps });
    }
    return { chainHash, chainSeq };
  }

  /** Inserts the rows made so far, 500 orders to a statement (and their steps, 2,000 to one). */
  async flush(tx: Tx) {
    for (let i = 0; i < this.orders.length; i += 500) {
      const chunk = this.orders.slice(i, i + 500);
      const ids = await tx
        .insert(maintenanceOrder)
        .values(chunk.map(({ row: { id: _id, ...row } }) => row))
        .returning({ id: maintenanceOrder.id });
      const steps = chunk.flatMap((x, j) => x.steps.map((s) => ({ ...s, orderId: ids[j].id })));
      for (let k = 0; k < steps.length; k += 2000)
        await tx.insert(maintenanceOrderRecord).values(steps.slice(k, k + 2000));
    }
    this.orders = [];
  }
}

export async function seedMaintenance(tx: Tx, storage: FileStorage | null, now = Date.now()) {
  const r = rng(20261125);
  /** The history's own draws, so that the two recent months stay as they were. */
  const h = rng(20261128);
  const today = shanghaiToday(new Date(now));
  const templates = await loadTemplates(tx);
  const lift = liftsRelation().as('seed_lift');
  // The registry's variety picks the lift's appendix (3430 杂物电梯 C, 32xx 液压 B, 33xx D, else A).
  const spec = inspectionLiftsRelation(null).as('seed_spec');
  const lifts = await tx
    .select({
      id: lift.id,
      areaCode: lift.areaCode,
      useCompanyId: lift.useCompanyId,
      maintenanceCompanyId: lift.maintenanceCompanyId,
      latitude: lift.latitude,
      longitude: lift.longitude,
      type: lift.type,
      variety: spec.variety,
    })
    .from(lift)
    .innerJoin(spec, eq(spec.id, lift.id))
    .where(and(isNotNull(lift.maintenanceCompanyId), isNotNull(lift.useCompanyId)))
    .orderBy(asc(lift.id));
  const crews = new Map<number, WorkerFact[]>();
  const confirmers = new Map<number, { id: number; name: string }[]>();
  const [staff1] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'wb_staff1'));
  const [officer1] = await tx
    .select({ companyId: sysUser.companyId })
    .from(sysUser)
    .where(eq(sysUser.username, 'aq_officer1'));
  // wb_staff1's lifts for today: his company's, preferably of aq_officer1's use unit in 青秀区 (so that
  // the demo's worker, safety officer and regulator meet on the same orders).
  const staffCompany = staff1
    ? (await tx.select({ c: sysUser.companyId }).from(sysUser).where(eq(sysUser.id, staff1.id)))[0]?.c
    : null;
  const rank = (l: (typeof lifts)[number]) =>
    (l.useCompanyId === officer1?.companyId ? 2 : 0) + (l.areaCode === '450103' ? 1 : 0);
  const staffLiftIds = new Set<number>();
  for (const l of lifts
    .filter((x) => x.maintenanceCompanyId === staffCompany)
    .sort((a, b) => rank(b) - rank(a) || a.id - b.id)) {
    if (staffLiftIds.size === 3) break;
    if (await contractOn(tx, l.id, today)) staffLiftIds.add(l.id);
  }
  let staffLifts = 0;
  let electronic = 0;
  let duplicates = 0;
  /** Lifts visited once after their contract lapsed (the 无有效维保合同 check finds them). */
  let lapsed = 0;
  const files = new Map<string, string>();
  let lastPhoto: Buffer | null = null;
  const history = await History.start(tx, lifts.length);

  for (const l of lifts) {
    const company = l.maintenanceCompanyId as number;
    const useCompany = l.useCompanyId as number;
    if (!crews.has(company)) crews.set(company, await filedWorkersOf(tx, company));
    if (!confirmers.has(useCompany))
      confirmers.set(
        useCompany,
        await tx
          .select({ id: sysUser.id, name: sysUser.realName })
          .from(sysUser)
          .where(
            and(
              eq(sysUser.companyId, useCompany),
              eq(sysUser.userType, 'safety_officer'),
              eq(sysUser.filingState, 3),
            ),
          )
          .orderBy(asc(sysUser.id)),
      );
    const crew = crews.get(company) ?? [];
    const valid = crew.filter((w) => w.certExpiry !== null && w.certExpiry >= today);
    if (valid.length === 0) continue;
    const officers = confirmers.get(useCompany) ?? [];
    const template = templates.get(appendicesOfLift(l)[0])!;
    const contractToday = await contractOn(tx, l.id, today);
    const withStaff = staffLiftIds.has(l.id) && staff1 && valid.some((w) => w.userId === staff1.id);
    if (withStaff) staffLifts++;
    const phase = withStaff ? 0 : Math.floor(r() * MAINTENANCE_INTERVAL_DAYS) + 1;
    // Two lifts whose contract has lapsed get one visit after it (an electronic record, so checked).
    const lapsedLift = !contractToday && lapsed < 2;
    const isElectronic = withStaff || lapsedLift || electronic < ELECTRONIC_LIFTS;
    if (isElectronic) electronic++;
    // A lift with a plan (under contract today) has the ten months before too, from paper.
    const past = contractToday
      ? history.add(h, l, {
          company,
          useCompany,
          phase,
          today,
          templateId: template.id,
          valid,
          officers,
          now,
        })
      : null;
    const first = past
      ? addDays(today, -((HISTORY_FROM + HISTORY_SEQ(HISTORY_FROM) - 1) * MAINTENANCE_INTERVAL_DAYS + phase))
      : addDays(today, -(4 * MAINTENANCE_INTERVAL_DAYS + phase));
    let seq = past ? HISTORY_SEQ(HISTORY_TO) : 0;
    let chainHash: string | null = past?.chainHash ?? null;
    let chainSeq = past?.chainSeq ?? 0;
    let lastDate = first;
    for (let k = 4; k >= 0; k--) {
      const planDate = addDays(today, -(k * MAINTENANCE_INTERVAL_DAYS + phase));
      if (!contractToday && !(await contractOn(tx, l.id, planDate))) {
        if (!(k === 1 && lapsedLift)) continue;
        lapsed++;
      }
      seq++;
      lastDate = planDate;
      const kind = kindOfVisit(seq);
      const pickTwo = () => {
        const a = valid[Math.floor(r() * valid.length)];
        let b = valid[Math.floor(r() * valid.length)];
        if (b.userId === a.userId) b = valid[(valid.indexOf(a) + 1) % valid.length];
        return a.userId === b.userId ? [a] : [a, b];
      };
      let workers = pickTwo();
      if (withStaff)
        workers = [
          valid.find((w) => w.userId === staff1.id)!,
          ...valid.filter((w) => w.userId !== staff1.id).slice(0, 1),
        ];
      const rare = r();
      if (isElectronic && rare < 0.03) workers = workers.slice(0, 1);
      else if (isElectronic && rare < 0.05) {
        const expired = crew.find((w) => w.certExpiry !== null && w.certExpiry < planDate);
        if (expired) workers = [workers[0], expired];
      }
      const base = {
        orderNo: orderNoOn(planDate),
        elevatorId: l.id,
        maintenanceCompanyId: company,
        useCompanyId: useCompany,
        areaCode: l.areaCode,
        kind,
        planDate,
        contentId: template.id,
        contentVersion: 1,
        workerIds: workers.map((w) => w.userId),
        workers: workers.map((w) => w.name),
        createdAt: at(planDate, -3 * 24 * 60 + 120),
      };
      const steps: { at: Date; action: string; operator: string; detail: string | null }[] = [
        {
          at: base.createdAt,
          action: '创建工单',
          operator: '系统',
          detail: `按维保计划生成${['', '半月', '季度', '半年', '年度'][kind]}保养工单`,
        },
      ];
      // wb_staff1's visits today: one to start, one signed in, one in progress.
      if (k === 0 && withStaff) {
        const state = [ORDER_STATUS.planned, ORDER_STATUS.signedIn, ORDER_STATUS.working][staffLifts - 1];
        const signInAt = state === ORDER_STATUS.planned ? null : new Date(now - 20 * 60_000);
        const items = state === ORDER_STATUS.planned ? [] : template.items.filter((i) => i.kind <= kind);
        const [o] = await tx
          .insert(maintenanceOrder)
          .values({
            ...base,
            status: state,
            items:
              state === ORDER_STATUS.working
                ? fill(items, kind, r).map((i, n) =>
                    n < 5 ? i : { ...i, result: null, value: null, note: null },
                  )
                : items,
            signInAt,
            signInLat: signInAt && l.latitude ? l.latitude + 0.0002 : null,
            signInLng: signInAt && l.longitude ? l.longitude + 0.0002 : null,
            signInDistanceM:
              signInAt && l.latitude && l.longitude
                ? distanceMeters(l.latitude + 0.0002, l.longitude + 0.0002, l.latitude, l.longitude)
                : null,
          })
          .returning();
        if (signInAt)
          steps.push({
            at: signInAt,
            action: '现场签到',
            operator: workers[0].name,
            detail: `定位距电梯 ${o.signInDistanceM ?? '-'} 米`,
          });
        await tx.insert(maintenanceOrderRecord).values(steps.map((s) => ({ ...s, orderId: o.id })));
        continue;
      }
      const far = isElectronic && r() < 0.04;
      const dLat = far ? 0.008 : (r() - 0.5) * 0.0006;
      const dLng = far ? 0.004 : (r() - 0.5) * 0.0006;
      const signInAt = at(planDate, 9 * 60 + Math.floor(r() * 420));
      const short = isElectronic && r() < 0.05;
      const signOutAt = new Date(
        signInAt.getTime() + (short ? 12 + Math.floor(r() * 10) : 35 + Math.floor(r() * 60)) * 60_000,
      );
      if (signOutAt.getTime() > now) continue;
      const items = fill(template.items, kind, r);
      const signIn = l.latitude && l.longitude ? { lat: l.latitude + dLat, lng: l.longitude + dLng } : null;
      const distance = signIn ? distanceMeters(signIn.lat, signIn.lng, l.latitude!, l.longitude!) : null;
      // Signed out where the worker signed in (a paper record has no position); submitted minutes
      // later, with no further draw of the generator (the demo's other draws stay as they were).
      const signOut =
        signIn && isElectronic ? { lat: signIn.lat - dLat / 2, lng: signIn.lng - dLng / 2 } : null;
      const signOutDistance = signOut
        ? distanceMeters(signOut.lat, signOut.lng, l.latitude!, l.longitude!)
        : null;
      const confirmAt = new Date(
        Math.min(signOutAt.getTime() + (1 + Math.floor(r() * 20)) * 3600_000, now - 5 * 60_000),
      );
      const officer = officers.length ? officers[Math.floor(r() * officers.length)] : null;
      const awaiting = !officer || confirmAt <= signOutAt || (k === 0 && r() < 0.4);
      const audited = !awaiting && (k >= 2 ? r() < 0.85 : k === 1 ? r() < 0.4 : false);
      const rejected = !awaiting && k === 2 && l.id % 40 === 0;
      const status = awaiting
        ? ORDER_STATUS.awaitingConfirm
        : rejected
          ? ORDER_STATUS.rejected
          : audited
            ? ORDER_STATUS.approved
            : ORDER_STATUS.completed;
      const withPhotos = isElectronic && k <= 1 && storage !== null;
      const uploader = workers[0].userId;
      const signature = withPhotos
        ? await storeDemoFile(tx, storage, demoPng(r, 120, 40), '签名.png', uploader, company)
        : null;
      const auditAt = new Date(Math.min(confirmAt.getTime() + 2 * DAY, now - 60_000));
      const submittedAt = new Date(
        Math.max(
          signOutAt.getTime(),
          Math.min(
            signOutAt.getTime() + (3 + (Math.floor(signInAt.getTime() / 60_000) % 7)) * 60_000,
            now - 60_000,
            awaiting ? now : confirmAt.getTime() - 60_000,
          ),
        ),
      );
      const [o] = await tx
        .insert(maintenanceOrder)
        .values({
          ...base,
          status,
          signInAt,
          signInLat: signIn?.lat ?? null,
          signInLng: signIn?.lng ?? null,
          signInDistanceM: distance,
          signOutAt,
          signOutLat: signOut?.lat ?? null,
          signOutLng: signOut?.lng ?? null,
          signOutDistanceM: signOutDistance,
          submittedAt,
          items,
          remark:
            withPhotos || !isElectronic
              ? items.some((i) => i.result === '异常')
                ? '发现异常项，已书面告知使用单位'
                : null
              : '纸质记录补录',
          workerSignatureFileId: signature?.id ?? null,
          confirmedByUserId: awaiting ? null : officer!.id,
          confirmedBy: awaiting ? null : officer!.name,
          confirmedAt: awaiting ? null : confirmAt,
          auditedBy: audited || rejected ? auditorOf(l.areaCode) : null,
          auditedAt: audited || rejected ? auditAt : null,
          auditRemark: rejected ? '照片与电梯不符，请重新维保并拍照' : null,
        })
        .returning();
      if (signature) files.set(signature.id, signature.sha256);
      const photos: { label: string; sha256: string }[] = [];
      if (withPhotos) {
        for (const [n, label] of MAINTENANCE_PARAMS.requiredPhotos.entries()) {
          if (r() < 0.02) continue;
          let body = demoPng(r);
          if (lastPhoto && duplicates < 2 && k === 1 && n === 0 && electronic % 10 === 5) {
            body = lastPhoto;
            duplicates++;
          }
          lastPhoto = body;
          const f = await storeDemoFile(tx, storage, body, `${label}.png`, uploader, company);
          await tx
            .insert(maintenanceOrderPhoto)
            .values({ orderId: o.id, fileId: f.id, label, sha256: f.sha256, seq: n });
          photos.push({ label, sha256: f.sha256 });
        }
      }
      steps.push(
        {
          at: signInAt,
          action: '现场签到',
          operator: workers.map((w) => w.name).join('、'),
          detail: distance === null ? null : `定位距电梯 ${distance} 米`,
        },
        {
          at: signOutAt,
          action: '现场签退',
          operator: workers[0].name,
          detail: signOutDistance === null ? null : `定位距电梯 ${signOutDistance} 米`,
        },
        {
          at: submittedAt,
          action: '提交维保记录',
          operator: workers[0].name,
          detail: `共 ${items.length} 项，${items.filter((i) => i.result !== '正常').length} 项有调整、更换或异常`,
        },
      );
      if (!awaiting) {
        chainSeq++;
        const contentHash = hashContent(o, photos, files);
        chainHash = linkHash(chainHash, contentHash);
        await tx
          .update(maintenanceOrder)
          .set({ contentHash, chainHash, chainSeq })
          .where(eq(maintenanceOrder.id, o.id));
        steps.push({
          at: confirmAt,
          action: '使用单位确认',
          operator: officer!.name,
          detail: `维保记录已确认，存证哈希 ${chainHash.slice(0, 16)}…`,
        });
      }
      if (audited || rejected)
        steps.push({
          at: auditAt,
          action: rejected ? '审核驳回' : '审核通过',
          operator: auditorOf(l.areaCode),
          detail: rejected ? '照片与电梯不符，请重新维保并拍照' : null,
        });
      await tx.insert(maintenanceOrderRecord).values(steps.map((s) => ({ ...s, orderId: o.id })));
      if (withPhotos) await recordFindings(tx, o.id, await findingsOf(tx, o, l));
      if (rejected) {
        const [redo] = await tx
          .insert(maintenanceOrder)
          .values({
            ...base,
            orderNo: orderNoOn(today),
            planDate: today,
            correctsOrderId: o.id,
            status: ORDER_STATUS.planned,
            createdAt: auditAt,
          })
          .returning({ id: maintenanceOrder.id });
        await tx.insert(maintenanceOrderRecord).values({
          orderId: redo.id,
          at: auditAt,
          action: '创建工单',
          operator: auditorOf(l.areaCode),
          detail: '驳回后重做',
        });
      }
    }
    if (contractToday && seq > 0)
      await tx.insert(maintenancePlan).values({
        elevatorId: l.id,
        maintenanceCompanyId: company,
        contentId: template.id,
        intervalDays: MAINTENANCE_INTERVAL_DAYS,
        firstDate: first,
        nextDate: addDays(lastDate, MAINTENANCE_INTERVAL_DAYS),
        visitSeq: seq,
        workerIds: withStaff
          ? [
              staff1.id,
              ...valid
                .filter((w) => w.userId !== staff1.id)
                .slice(0, 1)
                .map((w) => w.userId),
            ]
          : valid.slice(0, 2).map((w) => w.userId),
      });
  }
  await history.flush(tx);
  await refreshLiftStates(tx);
  // The coming month, made by the plan job itself.
  await generateOrders(tx, today, 30);
}
