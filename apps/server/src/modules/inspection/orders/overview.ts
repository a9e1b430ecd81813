import {
  addDays,
  INSPECTION_APPLY_WINDOW_DAYS,
  INSPECTION_ORDER_FINAL_STATES,
  type InspectionOrderState,
  isReviewer,
  type OverdueDistrictRow,
  type OverdueFigures,
  type OverdueLiftRow,
  type OverdueOverview,
  shanghaiToday,
} from '@ec/contract';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import { forbidden } from '../../../platform/errors.ts';
import { type ExcelColumn, keysetBatches } from '../../../platform/excel.ts';
import { inspectionLiftsRelation, liftsDueRelation } from '../../elevator/api.ts';
import { stateLabel } from './read.ts';
import { isUseUnitUser } from './scope.ts';
import { inspectionOrder as o } from './tables.ts';

/*
 * 超期未检总览 (issue 16): the regulator's overview of the lifts due and overdue for periodic
 * inspection by district, and the overdue lifts behind it (list and export). The lifts come from the
 * registry through elevator/api.ts (its inspection relations); an overdue lift's open order (at most
 * one: inspection_order_open_lift_uq) is joined to tell 已报检 from 未报检.
 *
 * Whose lifts: the platform (and a city-wide regulator, data scope all) every district; a district
 * regulator its districts; a use unit (its administrator and safety officers) its own lifts. An
 * inspection organisation or an inspector is refused (403): it sees its due lifts on 检验电梯.
 */

export const OVERVIEW_REFUSED = '超期未检总览仅供监管部门和使用单位查看';

interface LiftScope {
  /** The districts (null: every district). */
  areas: string[] | null;
  /** Only the lifts of this use unit. */
  useUnitId: number | null;
}

export function overviewScope(user: AuthUser): LiftScope {
  if (isReviewer(user.dataScope))
    return { areas: user.dataScope === 'all' ? null : user.areaCodes, useUnitId: null };
  if (isUseUnitUser(user)) return { areas: null, useUnitId: user.companyId };
  throw forbidden(OVERVIEW_REFUSED);
}

/** The open order on a lift (not reported, closed or cancelled: at most one, by the partial unique index). */
const openState = (open: { state: AnyColumn }) =>
  sql`${open.state} not in (${sql.join(
    INSPECTION_ORDER_FINAL_STATES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

const zero = (): OverdueFigures => ({
  inUse: 0,
  dueSoon: 0,
  overdue: 0,
  overdueWithOrder: 0,
  overdueWithoutOrder: 0,
  stopped: 0,
});

/** `overdueByDistrict`: the figures per district the user sees, and their sum. */
export async function overdueByDistrict(q: Queryable, user: AuthUser): Promise<OverdueOverview> {
  const scope = overviewScope(user);
  const today = shanghaiToday();
  const soonUntil = addDays(today, INSPECTION_APPLY_WINDOW_DAYS);
  const lift = inspectionLiftsRelation(scope.areas).as('overview_lift');
  const open = alias(o, 'overview_open');
  const inUse = sql`${lift.useStatus} = 1`;
  const overdue = sql`${inUse} and ${lift.nextInspectDate} < ${today}::date`;
  const n = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`.mapWith(Number);
  const rows = await q
    .select({
      areaCode: lift.areaCode,
      inUse: n(inUse),
      dueSoon: n(
        sql`${inUse} and ${lift.nextInspectDate} >= ${today}::date and ${lift.nextInspectDate} <= ${soonUntil}::date`,
      ),
      overdue: n(overdue),
      overdueWithOrder: n(sql`${overdue} and ${open.id} is not null`),
      stopped: n(sql`${lift.useStatus} = 2`),
    })
    .from(lift)
    .leftJoin(open, and(eq(open.elevatorId, lift.id), openState(open)))
    .where(scope.useUnitId === null ? undefined : eq(lift.useCompanyId, scope.useUnitId))
    .groupBy(lift.areaCode);
  const byArea = new Map(rows.map((r) => [r.areaCode, r]));
  // A regulator's districts are all listed, those without a lift too.
  const codes = [...new Set([...(scope.areas ?? []), ...byArea.keys()])].sort();
  const names =
    codes.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await q
              .select({ code: sysArea.code, name: sysArea.name })
              .from(sysArea)
              .where(inArray(sysArea.code, codes))
          ).map((a) => [a.code, a.name]),
        );
  const total = zero();
  const districts = codes.map((areaCode): OverdueDistrictRow => {
    const r = byArea.get(areaCode);
    const figures: OverdueFigures = r
      ? {
          inUse: r.inUse,
          dueSoon: r.dueSoon,
          overdue: r.overdue,
          overdueWithOrder: r.overdueWithOrder,
          overdueWithoutOrder: r.overdue - r.overdueWithOrder,
          stopped: r.stopped,
        }
      : zero();
    for (const k of Object.keys(total) as (keyof OverdueFigures)[]) total[k] += figures[k];
    return { areaCode, areaName: names.get(areaCode) ?? null, ...figures };
  });
  return { today, dueWithinDays: INSPECTION_APPLY_WINDOW_DAYS, districts, total };
}

export interface OverdueLiftFilters {
  areaCode?: string;
  hasOpenOrder?: boolean;
  registerCode?: string;
}

/** The overdue lifts the user sees with their open order, as one select (the list's and the export's). */
function overdueQuery(q: Queryable, user: AuthUser, f: OverdueLiftFilters) {
  const scope = overviewScope(user);
  const today = shanghaiToday();
  // In use with the next-inspection date before today: the registry's partial index on (area, date).
  const lift = liftsDueRelation(scope.areas, addDays(today, -1)).as('overdue_lift');
  const open = alias(o, 'overdue_open');
  const unit = alias(enterprise, 'overdue_use_unit');
  const where = and(
    scope.useUnitId === null ? undefined : eq(lift.useCompanyId, scope.useUnitId),
    f.areaCode ? eq(lift.areaCode, f.areaCode) : undefined,
    f.registerCode ? ilike(lift.registerCode, likePattern(f.registerCode)) : undefined,
    f.hasOpenOrder === true ? isNotNull(open.id) : f.hasOpenOrder === false ? isNull(open.id) : undefined,
  );
  const onOpen = and(eq(open.elevatorId, lift.id), openState(open));
  const select = () =>
    q
      .select({
        id: lift.id,
        registerCode: lift.registerCode,
        name: lift.name,
        address: lift.address,
        areaCode: lift.areaCode,
        areaName: sysArea.name,
        useUnitName: unit.name,
        next: lift.nextInspectDate,
        daysOverdue: sql<number>`(${today}::date - ${lift.nextInspectDate})::int`.mapWith(Number),
        openId: open.id,
        openNo: open.orderNo,
        openState: open.state,
      })
      .from(lift)
      .leftJoin(open, onOpen)
      .leftJoin(unit, eq(unit.id, lift.useCompanyId))
      .leftJoin(sysArea, eq(sysArea.code, lift.areaCode));
  const counted = async () => {
    const [row] = await q.select({ n: count() }).from(lift).leftJoin(open, onOpen).where(where);
    return row?.n ?? 0;
  };
  return { lift, where, select, counted };
}

type Joined = Awaited<ReturnType<ReturnType<ReturnType<typeof overdueQuery>['select']>['execute']>>[number];

const liftView = (r: Joined): OverdueLiftRow => ({
  elevatorId: r.id,
  registerCode: r.registerCode,
  elevatorName: r.name,
  address: r.address,
  areaCode: r.areaCode,
  areaName: r.areaName,
  useUnitName: r.useUnitName,
  nextInspectDate: r.next!,
  daysOverdue: r.daysOverdue,
  openOrderId: r.openId,
  openOrderNo: r.openNo,
  openOrderState: (r.openState as InspectionOrderState | null) ?? null,
  openOrderStateLabel: r.openState ? stateLabel(r.openState) : null,
});

/** `overdueLifts`: a page of the overdue lifts, the longest overdue first. */
export function overdueLifts(
  q: Queryable,
  user: AuthUser,
  f: OverdueLiftFilters & { page: number; limit: number },
) {
  const { lift, where, select, counted } = overdueQuery(q, user, f);
  return paginate(
    q,
    f,
    (w) =>
      select().where(where).orderBy(asc(lift.nextInspectDate), asc(lift.id)).limit(w.limit).offset(w.offset),
    counted,
    liftView,
  );
}

/** How many overdue lifts of the filters the user sees (the list's count: the export's size). */
export const overdueLiftCount = (q: Queryable, user: AuthUser, f: OverdueLiftFilters) =>
  overdueQuery(q, user, f).counted();

/** `overdueLifts/export`: every overdue lift of the filters, in batches by lift id (keysetBatches). */
export function overdueLiftBatches(
  q: Queryable,
  user: AuthUser,
  f: OverdueLiftFilters,
): AsyncGenerator<OverdueLiftRow[]> {
  const { lift, where, select } = overdueQuery(q, user, f);
  return keysetBatches(
    (after, size) =>
      select()
        .where(and(where, gt(lift.id, after)))
        .orderBy(asc(lift.id))
        .limit(size)
        .then((rows) => rows.map(liftView)),
    { idOf: (r) => r.elevatorId },
  );
}

export const overdueExportColumns: ExcelColumn<OverdueLiftRow>[] = [
  { header: '注册代码', width: 24, value: (r) => r.registerCode },
  { header: '电梯名称', width: 18, value: (r) => r.elevatorName ?? '' },
  { header: '所在区域', width: 12, value: (r) => r.areaName ?? r.areaCode },
  { header: '地址', width: 36, value: (r) => r.address },
  { header: '使用单位', width: 30, value: (r) => r.useUnitName ?? '' },
  { header: '下次检验日期', width: 14, value: (r) => r.nextInspectDate },
  { header: '超期天数', width: 10, value: (r) => r.daysOverdue },
  { header: '检验申请', width: 20, value: (r) => r.openOrderNo ?? '未报检' },
  { header: '申请状态', width: 12, value: (r) => r.openOrderStateLabel ?? '' },
];
