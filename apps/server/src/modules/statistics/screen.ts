import {
  CASE_CAUSE_LABEL,
  type CountsOutput,
  type DealSeries,
  type EmergencyTiming,
  type StatsMeta,
  shanghaiToday,
  shiftMonth,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import {
  caseAgg,
  EMPTY_CASES,
  liftAgg,
  liftRelation,
  orderAgg,
  partiesInScope,
  repairAgg,
} from './aggregates.ts';
import { DIMS, type DimName, TYPE_LABEL } from './dims.ts';
import {
  checkFilters,
  type Filters,
  lastDays,
  lastMonths,
  mean,
  metaOf,
  num,
  type Period,
  periodOf,
  type ReadSide,
  ratio,
  rows,
  whereSql,
} from './query.ts';

/** The data screen's figures (statsScreenCalls): definitions in docs/statistics.md. */

async function deal(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
  p: Period,
  by: 'day' | 'month',
): Promise<DealSeries> {
  checkFilters(user, f);
  const found = await caseAgg(side.db, user, f, p, by);
  const keys: string[] = [];
  if (by === 'day') {
    for (let d = p.from; d <= p.to; d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10))
      keys.push(d);
  } else {
    for (let m = p.from.slice(0, 7); m <= p.to.slice(0, 7); ) {
      keys.push(m);
      m = shiftMonth(m, 1);
    }
  }
  const points = keys.map((k) => {
    const a = found.get(k) ?? EMPTY_CASES(k);
    return {
      key: k,
      label: by === 'day' ? k.slice(5) : `${k.slice(0, 4)}年${Number(k.slice(5))}月`,
      trappedCases: a.trapped,
      cases: a.cases,
      freed: a.freed,
      avgArrivalMinutes: mean(a.arrivalSum, a.arrived),
    };
  });
  const all = [...found.values()];
  const sum = (k: 'trapped' | 'cases' | 'freed' | 'arrivalSum' | 'arrived') =>
    all.reduce((s, a) => s + a[k], 0);
  return {
    meta: await metaOf(side, p),
    points,
    totals: {
      trappedCases: sum('trapped'),
      cases: sum('cases'),
      freed: sum('freed'),
      avgArrivalMinutes: mean(sum('arrivalSum'), sum('arrived')),
    },
  };
}

export const nearlyThirty = (side: ReadSide, user: AuthUser, f: Filters) =>
  deal(side, user, f, lastDays(30), 'day');
export const nearlyFourMonths = (side: ReadSide, user: AuthUser, f: Filters) =>
  deal(side, user, f, lastMonths(4), 'month');

const counts = (meta: StatsMeta, list: { key: string; label: string; value: number }[]): CountsOutput => ({
  meta,
  rows: list,
  total: list.reduce((s, r) => s + r.value, 0),
});

/** Maintenance companies and use units with a lift in scope; workers with an order in the period. */
export async function companyDetail(side: ReadSide, user: AuthUser, f: Filters) {
  checkFilters(user, f);
  const p = periodOf(f);
  const parties = await partiesInScope(side.db, user, f);
  const [w] = await rows<Record<string, string>>(
    side.db,
    sql`select count(distinct w.worker_id) as n from stats_worker_day w
      where ${whereSql(user, f, 'w', [sql`w.day between ${p.from}::date and ${p.to}::date`])}`,
  );
  return {
    meta: await metaOf(side, p),
    rows: [
      { key: 'maintenanceCompanies', label: '维保单位', value: parties.maintenanceCompanies },
      { key: 'useUnits', label: '使用单位', value: parties.useUnits },
      { key: 'maintenanceWorkers', label: '维保人员（期间内有作业）', value: num(w?.n) },
    ],
  };
}

export async function businessScale(side: ReadSide, user: AuthUser, f: Filters): Promise<CountsOutput> {
  checkFilters(user, f);
  const p = periodOf(f);
  const lifts = (await liftAgg(side.db, user, f, null)).get('')?.lifts ?? 0;
  const c = (await caseAgg(side.db, user, f, p, null)).get('') ?? EMPTY_CASES('');
  const repairs = (await repairAgg(side.db, user, f, p, null)).get('') ?? 0;
  const o = (await orderAgg(side.db, user, f, p, null)).get('');
  const list = [
    { key: 'lifts', label: '在用电梯', value: lifts },
    { key: 'maintenanceOrders', label: '完成维保', value: o?.completed ?? 0 },
    { key: 'trappedCases', label: '困人救援', value: c.trapped },
    { key: 'cases', label: '接警工单', value: c.cases },
    { key: 'repairs', label: '故障报修', value: repairs },
    { key: 'freed', label: '解救人数', value: c.freed },
  ];
  return { meta: await metaOf(side, p), rows: list, total: list.reduce((s, r) => s + r.value, 0) };
}

export async function emergencyDealTime(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
): Promise<EmergencyTiming> {
  checkFilters(user, f);
  const p = periodOf(f);
  const a = (await caseAgg(side.db, user, f, p, null)).get('') ?? EMPTY_CASES('');
  return {
    meta: await metaOf(side, p),
    trappedCases: a.trapped,
    arrived: a.arrived,
    within30: a.within30,
    within30Rate: ratio(a.within30, a.arrived),
    avgResponseMinutes: mean(a.responseSum, a.responded),
    avgArrivalMinutes: mean(a.arrivalSum, a.arrived),
    avgRescueMinutes: mean(a.rescueSum, a.rescued),
    overtime: a.overtime,
    freed: a.freed,
  };
}

export async function hitchCauses(side: ReadSide, user: AuthUser, f: Filters): Promise<CountsOutput> {
  checkFilters(user, f);
  const p = periodOf(f);
  const found = await caseAgg(side.db, user, f, p, 'cause', [sql`c.kind = 1`]);
  const list = [...found.values()]
    .map((a) => ({ key: a.key, label: CASE_CAUSE_LABEL[Number(a.key)] ?? '未填原因', value: a.trapped }))
    .sort((x, y) => y.value - x.value);
  return counts(await metaOf(side, p), list);
}

/** Lifts in use per group (district, occasion, type). */
export async function liftsBy(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
  dim: DimName,
): Promise<CountsOutput> {
  checkFilters(user, f);
  const found = await liftAgg(side.db, user, f, dim);
  const labels =
    dim === 'type' ? new Map(Object.entries(TYPE_LABEL)) : await DIMS[dim].labels(side.db, [...found.keys()]);
  const list = [...found.values()]
    .map((a) => ({ key: a.key, label: labels.get(a.key) ?? a.key, value: a.lifts }))
    .sort((x, y) => y.value - x.value || x.key.localeCompare(y.key));
  const today = shanghaiToday();
  return counts(await metaOf(side, { from: today, to: today }), list);
}

export async function liftStates(side: ReadSide, user: AuthUser, f: Filters): Promise<CountsOutput> {
  checkFilters(user, f);
  const [r] = await rows<Record<string, string>>(
    side.db,
    sql`select coalesce(sum(l.lifts) filter (where l.use_status = 1), 0) as in_use,
      coalesce(sum(l.lifts) filter (where l.use_status = 2), 0) as stopped,
      coalesce(sum(l.lifts) filter (where l.use_status = 3), 0) as scrapped,
      coalesce(sum(l.maintained) filter (where l.use_status = 1), 0) as maintained,
      coalesce(sum(l.lifts - l.maintained) filter (where l.use_status = 1), 0) as unmaintained
    from ${liftRelation(user, f, null, [])} where ${whereSql(user, f, 'l')}`,
  );
  const today = shanghaiToday();
  return counts(await metaOf(side, { from: today, to: today }), [
    { key: 'inUse', label: '在用', value: num(r?.in_use) },
    { key: 'stopped', label: '停用', value: num(r?.stopped) },
    { key: 'scrapped', label: '报废', value: num(r?.scrapped) },
    { key: 'maintained', label: '在用有维保', value: num(r?.maintained) },
    { key: 'unmaintained', label: '在用无维保', value: num(r?.unmaintained) },
  ]);
}

export async function regulation(side: ReadSide, user: AuthUser, f: Filters): Promise<CountsOutput> {
  checkFilters(user, f);
  const l = (await liftAgg(side.db, user, f, null)).get('');
  const [open] = await rows<{ n: string }>(
    side.db,
    sql`select count(*) as n from stats_case c where ${whereSql(user, f, 'c', [sql`c.kind = 1 and c.status < 6`])}`,
  );
  const today = shanghaiToday();
  return counts(await metaOf(side, { from: today, to: today }), [
    { key: 'overdueMaintenance', label: '维保超期', value: l?.overdueMaintenance ?? 0 },
    { key: 'overdueInspection', label: '检验超期', value: l?.overdueInspection ?? 0 },
    { key: 'dueInspection', label: '30 天内到检', value: l?.dueInspection ?? 0 },
    { key: 'openRescues', label: '在途救援', value: num(open?.n) },
    { key: 'unmaintained', label: '在用无维保单位', value: (l?.lifts ?? 0) - (l?.maintained ?? 0) },
  ]);
}
