/**
 * 监管核查 (DOMAIN.md §6.2): the findings computed when an order is submitted, the check pages'
 * lists and the regulator's verdicts. A verdict is given once: the UPDATE only matches a finding
 * still 待核查, so two reviewers marking the same finding at once cannot both succeed.
 */
import {
  type CallParsedInput,
  CHECK_KINDS,
  CHECK_VERDICTS,
  type CheckKind,
  type CheckRow,
  distanceMeters,
  formatDateTime,
  MAINTENANCE_PARAMS,
  type MaintenanceKind,
  type orderCheckCalls,
  type Page,
  PICTURE_CHECK_KINDS,
} from '@ec/contract';
import { and, desc, eq, gte, inArray, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { inArea } from '../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { paramList, paramNumber } from '../../platform/params.ts';
import { liftsRelation } from '../elevator/api.ts';
import { contractOn, workersByIds } from '../parties/api.ts';
import { photosOf, photosOfOrders } from './orders/read.ts';
import { orderScope } from './scope.ts';
import { maintenanceCheck, maintenanceOrder, maintenanceOrderPhoto } from './tables.ts';

type Order = typeof maintenanceOrder.$inferSelect;
interface Finding {
  kind: CheckKind;
  detail: string;
  otherOrderId?: number;
}

/** What the regulator's checks find in a submitted order (its lift's coordinates given). */
export async function findingsOf(
  db: Queryable,
  o: Order,
  lift: { latitude: number | null; longitude: number | null },
): Promise<Finding[]> {
  const out: Finding[] = [];
  const day = o.planDate;
  if (o.signInAt && o.signOutAt) {
    const minutes = Math.round((o.signOutAt.getTime() - o.signInAt.getTime()) / 60_000);
    const kind = o.kind as MaintenanceKind;
    const min = await paramNumber(
      db,
      MAINTENANCE_PARAMS.minMinutesKey(kind),
      MAINTENANCE_PARAMS.minMinutes[kind],
    );
    if (minutes < min)
      out.push({ kind: 'short_duration', detail: `现场作业 ${minutes} 分钟，低于 ${min} 分钟` });
  }
  if (lift.latitude !== null && lift.longitude !== null) {
    const max = await paramNumber(
      db,
      MAINTENANCE_PARAMS.signInMaxMetersKey,
      MAINTENANCE_PARAMS.signInMaxMeters,
    );
    // The sign-in and the sign-out are held to the same limit (参数设置 维保签到距离上限).
    const at = [
      { kind: 'far_sign_in', what: '签到', lat: o.signInLat, lng: o.signInLng },
      { kind: 'far_sign_out', what: '签退', lat: o.signOutLat, lng: o.signOutLng },
    ] as const;
    for (const p of at) {
      if (typeof p.lat !== 'number' || typeof p.lng !== 'number') continue;
      const d = distanceMeters(p.lat, p.lng, lift.latitude, lift.longitude);
      if (d > max) out.push({ kind: p.kind, detail: `${p.what}位置距电梯 ${d} 米，超过 ${max} 米` });
    }
  }
  if (o.workerIds.length < 2)
    out.push({ kind: 'few_workers', detail: `现场作业人员 ${o.workerIds.length} 人，少于 2 人` });
  const workers = await workersByIds(db, o.workerIds);
  const expired = workers.filter((w) => !w.certExpiry || w.certExpiry < day);
  const unknown = o.workerIds.filter((id) => !workers.some((w) => w.userId === id));
  if (expired.length > 0 || unknown.length > 0)
    out.push({
      kind: 'cert_expired',
      detail: [
        ...expired.map(
          (w) => `${w.name}的作业人员证${w.certExpiry ? `于 ${w.certExpiry} 过期` : '未登记有效期'}`,
        ),
        ...(unknown.length ? [`${unknown.length} 名作业人员未备案`] : []),
      ].join('；'),
    });
  if (!(await contractOn(db, o.elevatorId, day)))
    out.push({ kind: 'no_contract', detail: `${day} 该电梯没有审核通过的有效维保合同` });
  const photos = await photosOf(db, o.id);
  const required = await paramList(
    db,
    MAINTENANCE_PARAMS.requiredPhotosKey,
    MAINTENANCE_PARAMS.requiredPhotos,
  );
  const missing = required.filter((l) => !photos.some((p) => p.label === l));
  if (missing.length > 0) out.push({ kind: 'photos_missing', detail: `缺少照片：${missing.join('、')}` });
  if (photos.length > 0) {
    const [reused] = await db
      .select({
        orderId: maintenanceOrderPhoto.orderId,
        label: maintenanceOrderPhoto.label,
        orderNo: maintenanceOrder.orderNo,
      })
      .from(maintenanceOrderPhoto)
      .innerJoin(maintenanceOrder, eq(maintenanceOrder.id, maintenanceOrderPhoto.orderId))
      .where(
        and(
          inArray(
            maintenanceOrderPhoto.sha256,
            photos.map((p) => p.sha256),
          ),
          ne(maintenanceOrderPhoto.orderId, o.id),
        ),
      )
      .orderBy(maintenanceOrderPhoto.orderId)
      .limit(1);
    if (reused)
      out.push({
        kind: 'duplicate_photo',
        detail: `照片与工单 ${reused.orderNo} 的「${reused.label}」照片内容相同`,
        otherOrderId: reused.orderId,
      });
  }
  return out;
}

/** Records the findings of a submitted order (a resubmission of the same kind keeps the first). */
export async function recordFindings(db: Queryable, orderId: number, findings: Finding[]) {
  if (findings.length === 0) return;
  await db
    .insert(maintenanceCheck)
    .values(
      findings.map((f) => ({
        orderId,
        kind: f.kind,
        detail: f.detail,
        otherOrderId: f.otherOrderId ?? null,
      })),
    )
    .onConflictDoNothing();
}

const maintainer = alias(enterprise, 'check_maintainer');
const other = alias(maintenanceOrder, 'other_order');
const lift = liftsRelation().as('check_lift');
type Filters = CallParsedInput<typeof orderCheckCalls.list>;

/** The findings of one check page (order checks or picture checks) within the user's order scope. */
export async function listChecks(
  db: Queryable,
  user: AuthUser,
  f: Filters,
  page: 'order' | 'picture',
): Promise<Page<CheckRow>> {
  const kinds = page === 'picture' ? [...PICTURE_CHECK_KINDS] : (Object.keys(CHECK_KINDS) as CheckKind[]);
  const conditions: (SQL | undefined)[] = [
    page === 'picture'
      ? inArray(maintenanceCheck.kind, kinds)
      : notInArray(maintenanceCheck.kind, [...PICTURE_CHECK_KINDS]),
    orderScope(user),
    f.kind ? eq(maintenanceCheck.kind, f.kind) : undefined,
    f.verdict !== undefined ? eq(maintenanceCheck.verdict, f.verdict) : undefined,
    f.maintenanceCompanyId ? eq(maintenanceOrder.maintenanceCompanyId, f.maintenanceCompanyId) : undefined,
    f.areaCode ? inArea(maintenanceOrder.areaCode, f.areaCode) : undefined,
    f.dateFrom ? gte(maintenanceOrder.planDate, f.dateFrom) : undefined,
    f.dateTo ? lte(maintenanceOrder.planDate, f.dateTo) : undefined,
    f.keyword ? or(eq(maintenanceOrder.orderNo, f.keyword), eq(lift.registerCode, f.keyword)) : undefined,
  ];
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        c: maintenanceCheck,
        orderNo: maintenanceOrder.orderNo,
        elevatorId: maintenanceOrder.elevatorId,
        planDate: maintenanceOrder.planDate,
        registerCode: lift.registerCode,
        address: lift.address,
        maintenanceCompanyName: maintainer.name,
        reviewerName: sysUser.realName,
        otherOrderNo: other.orderNo,
      })
      .from(maintenanceCheck)
      .innerJoin(maintenanceOrder, eq(maintenanceOrder.id, maintenanceCheck.orderId))
      .innerJoin(lift, eq(lift.id, maintenanceOrder.elevatorId))
      .leftJoin(maintainer, eq(maintainer.id, maintenanceOrder.maintenanceCompanyId))
      .leftJoin(sysUser, eq(sysUser.id, maintenanceCheck.reviewedBy))
      .leftJoin(other, eq(other.id, maintenanceCheck.otherOrderId))
      .where(where);
  const countBase = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(maintenanceCheck)
    .innerJoin(maintenanceOrder, eq(maintenanceOrder.id, maintenanceCheck.orderId))
    .innerJoin(lift, eq(lift.id, maintenanceOrder.elevatorId))
    .where(where);
  const [{ n }] = await countBase;
  const rows = await base()
    .orderBy(desc(maintenanceCheck.createdAt), desc(maintenanceCheck.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  // The page's photos in one query (picture checks show each order's photos).
  const photos =
    page === 'picture' ? await photosOfOrders(db, [...new Set(rows.map((r) => r.c.orderId))]) : null;
  const records: CheckRow[] = [];
  for (const r of rows) {
    records.push({
      id: r.c.id,
      orderId: r.c.orderId,
      orderNo: r.orderNo,
      elevatorId: r.elevatorId,
      registerCode: r.registerCode,
      address: r.address,
      maintenanceCompanyName: r.maintenanceCompanyName,
      planDate: r.planDate,
      kind: r.c.kind,
      kindLabel: CHECK_KINDS[r.c.kind as CheckKind] ?? r.c.kind,
      detail: r.c.detail,
      verdict: r.c.verdict,
      verdictLabel: CHECK_VERDICTS[r.c.verdict] ?? String(r.c.verdict),
      note: r.c.note,
      reviewerName: r.reviewerName,
      reviewTime: r.c.reviewedAt ? formatDateTime(r.c.reviewedAt) : null,
      createTime: formatDateTime(r.c.createdAt),
      photos: photos?.get(r.c.orderId) ?? [],
      otherOrderNo: r.otherOrderNo,
    });
  }
  return { records, total: n, page: f.page, limit: f.limit };
}

/**
 * Marks findings 确认违规 (1) or 误报 (2): only findings of this page's kinds, in the user's scope,
 * still 待核查. Nothing marked at all is a 409 that says why.
 */
export async function markChecks(
  db: Queryable,
  user: AuthUser,
  ids: number[],
  verdict: number,
  note: string | null | undefined,
  page: 'order' | 'picture',
): Promise<{ updated: number }> {
  const kindCondition =
    page === 'picture'
      ? inArray(maintenanceCheck.kind, [...PICTURE_CHECK_KINDS])
      : notInArray(maintenanceCheck.kind, [...PICTURE_CHECK_KINDS]);
  const inScope = sql`${maintenanceCheck.orderId} in (select ${maintenanceOrder.id} from ${maintenanceOrder} where ${orderScope(user)})`;
  const updated = await db
    .update(maintenanceCheck)
    .set({ verdict, note: note ?? null, reviewedBy: user.id, reviewedAt: new Date() })
    .where(and(inArray(maintenanceCheck.id, ids), eq(maintenanceCheck.verdict, 0), kindCondition, inScope))
    .returning({ id: maintenanceCheck.id });
  if (updated.length > 0) return { updated: updated.length };
  const [found] = await db
    .select({ verdict: maintenanceCheck.verdict })
    .from(maintenanceCheck)
    .where(and(inArray(maintenanceCheck.id, ids), kindCondition, inScope))
    .limit(1);
  if (!found) throw notFound('核查记录不存在或无权访问');
  throw conflict(`该核查记录已标记为「${CHECK_VERDICTS[found.verdict]}」，不能重复核查`);
}
