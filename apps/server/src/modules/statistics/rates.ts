import { areaLabel, PUBLIC_PLACE_OCCASIONS, type StatsMeta, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import { sysDictData, sysDictType } from '../../platform/db/tables.ts';
import {
  caseAgg,
  EMPTY_CASES,
  EMPTY_LIFTS,
  EMPTY_ORDERS,
  liftAgg,
  liftRelation,
  orderAgg,
  repairAgg,
  type UseUnitRank,
  useUnitRanking,
} from './aggregates.ts';
import { DIMS, type DimName } from './dims.ts';
import {
  checkFilters,
  daySql,
  type Filters,
  mean,
  metaOf,
  num,
  type Period,
  per100,
  periodOf,
  type ReadSide,
  ratio,
  rows,
  whereSql,
} from './query.ts';
import { LIFT_WINDOW, windowHeld, windowLevel, windowRows } from './rollups.ts';

/** The rate queries (statsRateCalls): a page of group rows, their sum row and `meta`. */

type Paged = Filters & { sortField?: string; sortOrder?: 'ascend' | 'descend'; page: number; limit: number };
type Row = { key: string; label: string } & Record<string, unknown>;

function pageOf<R extends Row>(all: R[], sum: R, f: Paged, defaultSort: string, meta: StatsMeta) {
  const field = f.sortField && typeof sum[f.sortField] === 'number' ? f.sortField : defaultSort;
  const dir = f.sortOrder === 'ascend' ? 1 : -1;
  const value = (r: R) => (typeof r[field] === 'number' ? (r[field] as number) : -1);
  all.sort((a, b) => dir * (value(a) - value(b)) || a.key.localeCompare(b.key));
  const start = (f.page - 1) * f.limit;
  return {
    records: all.slice(start, start + f.limit),
    total: all.length,
    page: f.page,
    limit: f.limit,
    sum,
    meta,
  };
}

/** The page of `all` with its rows labelled: only the page's (a ranking may have 20,000 keys). */
async function labelledPage<R extends Row>(
  side: ReadSide,
  dim: DimName,
  all: R[],
  sum: R,
  f: Paged,
  defaultSort: string,
  meta: StatsMeta,
) {
  const page = pageOf(all, sum, f, defaultSort, meta);
  await labelled(side, dim, page.records);
  return page;
}

async function labelled<R extends Row>(side: ReadSide, dim: DimName, list: R[]) {
  const labels = await DIMS[dim].labels(
    side.db,
    list.map((r) => r.key),
  );
  for (const r of list) r.label = labels.get(r.key) ?? r.key;
  return list;
}

/** Maintenance, rescue and fault figures of a group (rateRow). */
async function rateRows(side: ReadSide, user: AuthUser, f: Filters, p: Period, dim: DimName | null) {
  const lifts = await liftAgg(side.db, user, f, dim);
  // Orders are rolled up per day, not per lift: a lift's row carries no maintenance figures.
  const orders = dim === 'lift' ? new Map() : await orderAgg(side.db, user, f, p, dim);
  const cases = await caseAgg(side.db, user, f, p, dim, [sql`c.kind = 1`]);
  const faults = await repairAgg(side.db, user, f, p, dim);
  const keys = new Set([...lifts.keys(), ...orders.keys(), ...cases.keys(), ...faults.keys()]);
  const build = (key: string) => {
    const l = lifts.get(key) ?? EMPTY_LIFTS(key);
    const o = orders.get(key) ?? EMPTY_ORDERS(key);
    const c = cases.get(key) ?? EMPTY_CASES(key);
    const r = faults.get(key) ?? 0;
    return {
      key,
      label: key,
      lifts: l.lifts,
      due: o.due,
      onTime: o.onTime,
      completed: o.completed,
      onTimeRate: ratio(o.onTime, o.due),
      overdueLifts: l.overdueMaintenance,
      overdueRate: ratio(l.overdueMaintenance, l.lifts),
      trappedCases: c.trapped,
      faults: r,
      trappedPer100: per100(c.trapped, l.lifts, p.months),
      faultPer100: per100(c.trapped + r, l.lifts, p.months),
      arrived: c.arrived,
      within30: c.within30,
      within30Rate: ratio(c.within30, c.arrived),
      avgArrivalMinutes: mean(c.arrivalSum, c.arrived),
      avgRescueMinutes: mean(c.rescueSum, c.rescued),
      _arrivalSum: c.arrivalSum,
      _rescueSum: c.rescueSum,
      _rescued: c.rescued,
    };
  };
  const list = [...keys].map(build);
  const t = list.reduce(
    (s, r) => {
      for (const k of [
        'lifts',
        'due',
        'onTime',
        'completed',
        'overdueLifts',
        'trappedCases',
        'faults',
        'arrived',
        'within30',
        '_arrivalSum',
        '_rescueSum',
        '_rescued',
      ] as const)
        s[k] += r[k];
      return s;
    },
    {
      lifts: 0,
      due: 0,
      onTime: 0,
      completed: 0,
      overdueLifts: 0,
      trappedCases: 0,
      faults: 0,
      arrived: 0,
      within30: 0,
      _arrivalSum: 0,
      _rescueSum: 0,
      _rescued: 0,
    },
  );
  const strip = ({ _arrivalSum, _rescueSum, _rescued, ...r }: ReturnType<typeof build>) => r;
  const sum = {
    key: '',
    label: '合计',
    lifts: t.lifts,
    due: t.due,
    onTime: t.onTime,
    completed: t.completed,
    onTimeRate: ratio(t.onTime, t.due),
    overdueLifts: t.overdueLifts,
    overdueRate: ratio(t.overdueLifts, t.lifts),
    trappedCases: t.trappedCases,
    faults: t.faults,
    trappedPer100: per100(t.trappedCases, t.lifts, p.months),
    faultPer100: per100(t.trappedCases + t.faults, t.lifts, p.months),
    arrived: t.arrived,
    within30: t.within30,
    within30Rate: ratio(t.within30, t.arrived),
    avgArrivalMinutes: mean(t._arrivalSum, t.arrived),
    avgRescueMinutes: mean(t._rescueSum, t._rescued),
  };
  return { list: list.map(strip), sum };
}

export async function rateBy(side: ReadSide, user: AuthUser, f: Paged, dim: 'area' | 'maintenance') {
  checkFilters(user, f);
  const p = periodOf(f);
  const { list, sum } = await rateRows(side, user, f, p, dim);
  return labelledPage(side, dim, list, sum, f, 'lifts', await metaOf(side, p));
}

/** Sort keys of the lift ranking, as SQL over its columns (anything else sorts by 困人). */
const LIFT_SORTS: Record<string, string> = {
  trappedCases: 'a.trapped',
  faults: 'a.faults',
  trappedPer100: 'a.trapped',
  faultPer100: '(a.trapped + a.faults)',
  arrived: 'a.arrived',
  within30: 'a.within30',
  within30Rate: 'a.within30::float / nullif(a.arrived, 0)',
  avgArrivalMinutes: 'a.arrival_sum::float / nullif(a.arrived, 0)',
  avgRescueMinutes: 'a.rescue_sum::float / nullif(a.rescued, 0)',
};

/**
 * Top lifts: lifts with a 困人 case or a repair in the period, ranked in the database (a city has a
 * million lifts and as many cases a year: only the page's lifts are read and labelled), with the sum
 * row over all of them and the lifts in scope (for the rates per 100 lifts).
 */
export async function liftRates(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const found = await liftRatesPage(side, user, f);
  // A page past the last lift still answers the total and the sum row.
  if (found.records.length === 0 && f.page > 1)
    return { ...(await liftRatesPage(side, user, { ...f, page: 1 })), records: [], page: f.page };
  return found;
}

async function liftRatesPage(side: ReadSide, user: AuthUser, f: Paged) {
  const p = periodOf(f);
  const order = LIFT_SORTS[f.sortField ?? ''] ?? LIFT_SORTS.trappedCases;
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const page = sql`order by ${sql.raw(order)} ${sql.raw(dir)} nulls last, a.id
    limit ${f.limit} offset ${(f.page - 1) * f.limit}`;
  const level = windowLevel(LIFT_WINDOW, user, f, p);
  const windowed = level !== undefined && (await windowHeld(side.db, LIFT_WINDOW, p.from));
  // The default period: the lift window's rows at the caller's level, a page in the index's order
  // (trapped first), its total and sum row from the window's count and the case and repair rollups.
  // Any other period: every lift with an event in it, ranked from the source rows.
  const ranked = windowed
    ? sql`select a.* from (select elevator_id as id, trapped, faults, arrived, within30, arrival_sum, rescued,
          rescue_sum, area_code, maintenance_company_id from stats_lift_window
          where ${windowRows(LIFT_WINDOW, level, p.from)}) a
        where ${whereSql(user, f, 'a')} ${page}`
    : sql`with c as (
        select c.elevator_id as id, count(*) as trapped, count(c.arrival_minutes) as arrived,
          count(*) filter (where c.arrival_minutes <= 30) as within30,
          coalesce(sum(c.arrival_minutes), 0) as arrival_sum,
          count(c.rescue_minutes) as rescued, coalesce(sum(c.rescue_minutes), 0) as rescue_sum
        from stats_case c where ${whereSql(user, f, 'c', [daySql(p, 'c'), sql`c.kind = 1`])}
        group by 1),
      r as (
        select r.elevator_id as id, count(*) as faults from stats_repair r
        where ${whereSql(user, f, 'r', [daySql(p, 'r')])} group by 1),
      a as (
        select coalesce(c.id, r.id) as id, coalesce(c.trapped, 0) as trapped, coalesce(r.faults, 0) as faults,
          coalesce(c.arrived, 0) as arrived, coalesce(c.within30, 0) as within30,
          coalesce(c.arrival_sum, 0) as arrival_sum, coalesce(c.rescued, 0) as rescued,
          coalesce(c.rescue_sum, 0) as rescue_sum
        from c full join r on r.id = c.id)
      select a.*, count(*) over () as total, sum(a.trapped) over () as s_trapped,
        sum(a.faults) over () as s_faults, sum(a.arrived) over () as s_arrived,
        sum(a.within30) over () as s_within30, sum(a.arrival_sum) over () as s_arrival_sum,
        sum(a.rescued) over () as s_rescued, sum(a.rescue_sum) over () as s_rescue_sum
      from a ${page}`;
  const found = await rows<Record<string, string | null>>(
    side.db,
    sql`with ranked as (${ranked})
      select ranked.*, l.register_code, l.address, l.area_code, l.use_status,
        l.maintenance_due < ${shanghaiToday()}::date as overdue,
        (select name from enterprise where id = l.maintenance_company_id) as mc,
        (select name from enterprise where id = l.use_company_id) as uc
      from ranked left join stats_lift l on l.elevator_id = ranked.id
      order by ${sql.raw(order.replaceAll('a.', 'ranked.'))} ${sql.raw(dir)} nulls last, ranked.id`,
  );
  const totals = windowed ? await liftWindowTotals(side, user, f, p, level) : found[0];
  const inScope = (await liftAgg(side.db, user, f, null)).get('') ?? EMPTY_LIFTS('');
  const records = found.map((r) => {
    const inUse = r.use_status === '1' || Number(r.use_status) === 1 ? 1 : 0;
    const trapped = num(r.trapped);
    const faults = num(r.faults);
    const arrived = num(r.arrived);
    const within30 = num(r.within30);
    const overdue = r.overdue === 'true' || (r.overdue as unknown) === true ? inUse : 0;
    return {
      key: String(r.id),
      label: r.register_code ?? String(r.id),
      lifts: inUse,
      due: 0,
      onTime: 0,
      completed: 0,
      onTimeRate: null,
      overdueLifts: overdue,
      overdueRate: ratio(overdue, inUse),
      trappedCases: trapped,
      faults,
      trappedPer100: per100(trapped, inUse, p.months),
      faultPer100: per100(trapped + faults, inUse, p.months),
      arrived,
      within30,
      within30Rate: ratio(within30, arrived),
      avgArrivalMinutes: mean(num(r.arrival_sum), arrived),
      avgRescueMinutes: mean(num(r.rescue_sum), num(r.rescued)),
      registerCode: r.register_code ?? '',
      address: r.address ?? '',
      areaName: r.area_code ? (areaLabel(r.area_code) ?? null) : null,
      maintenanceCompanyName: r.mc ?? null,
      useCompanyName: r.uc ?? null,
    };
  });
  const s = (k: string) => (totals ? num(totals[k]) : 0);
  const sum = {
    key: '',
    label: '合计',
    lifts: inScope.lifts,
    due: 0,
    onTime: 0,
    completed: 0,
    onTimeRate: null,
    overdueLifts: inScope.overdueMaintenance,
    overdueRate: ratio(inScope.overdueMaintenance, inScope.lifts),
    trappedCases: s('s_trapped'),
    faults: s('s_faults'),
    trappedPer100: per100(s('s_trapped'), inScope.lifts, p.months),
    faultPer100: per100(s('s_trapped') + s('s_faults'), inScope.lifts, p.months),
    arrived: s('s_arrived'),
    within30: s('s_within30'),
    within30Rate: ratio(s('s_within30'), s('s_arrived')),
    avgArrivalMinutes: mean(s('s_arrival_sum'), s('s_arrived')),
    avgRescueMinutes: mean(s('s_rescue_sum'), s('s_rescued')),
    registerCode: '',
    address: '',
    areaName: null,
    maintenanceCompanyName: null,
    useCompanyName: null,
  };
  return {
    records,
    total: s('total'),
    page: f.page,
    limit: f.limit,
    sum,
    meta: await metaOf(side, p),
  };
}

/**
 * The lift ranking's total (the lifts with an event in the window: stats_lift_window_count's lifts at
 * `level` in scope, a few rows) and its sums (the case and repair rollups' own), as the source
 * ranking's `total` and `s_*` columns.
 */
async function liftWindowTotals(side: ReadSide, user: AuthUser, f: Paged, p: Period, level: string) {
  const [n] = await rows<{ n: string }>(
    side.db,
    sql`select coalesce(sum(a.lifts), 0) as n from stats_lift_window_count a
      where ${windowRows(LIFT_WINDOW, level, p.from)} and ${whereSql(user, f, 'a')}`,
  );
  const total = num(n?.n);
  const c = (await caseAgg(side.db, user, f, p, null, [sql`c.kind = 1`])).get('') ?? EMPTY_CASES('');
  const faults = (await repairAgg(side.db, user, f, p, null)).get('') ?? 0;
  return {
    total,
    s_trapped: c.trapped,
    s_faults: faults,
    s_arrived: c.arrived,
    s_within30: c.within30,
    s_arrival_sum: c.arrivalSum,
    s_rescued: c.rescued,
    s_rescue_sum: c.rescueSum,
  } as Record<string, number>;
}

export async function brandRates(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const p = periodOf(f);
  const lifts = await liftAgg(side.db, user, f, 'brand');
  const cases = await caseAgg(side.db, user, f, p, 'brand', [sql`c.kind = 1`]);
  const faults = await repairAgg(side.db, user, f, p, 'brand');
  const keys = new Set([...lifts.keys(), ...cases.keys(), ...faults.keys()]);
  const make = (key: string, label: string, l: number, t: number, r: number) => ({
    key,
    label,
    lifts: l,
    trappedCases: t,
    faults: r,
    trappedPer100: per100(t, l, p.months),
    faultPer100: per100(t + r, l, p.months),
  });
  const list = [...keys].map((k) =>
    make(k, k || '未填', lifts.get(k)?.lifts ?? 0, cases.get(k)?.trapped ?? 0, faults.get(k) ?? 0),
  );
  const s = list.reduce((a, r) => ({ l: a.l + r.lifts, t: a.t + r.trappedCases, r: a.r + r.faults }), {
    l: 0,
    t: 0,
    r: 0,
  });
  return pageOf(list, make('', '合计', s.l, s.t, s.r), f, 'lifts', await metaOf(side, p));
}

export async function workerRates(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const p = periodOf(f);
  // 按时维保率 of a worker as the company's: on time among the visits due up to today (a visit
  // planned later is not late yet); the counts are of the whole period.
  const today = shanghaiToday();
  const found = await rows<Record<string, string>>(
    side.db,
    sql`select w.worker_id as id, max(w.maintenance_company_id) as mc, sum(w.orders) as orders,
      sum(w.completed) as completed, sum(w.on_time) as on_time,
      coalesce(sum(w.orders) filter (where w.day <= ${today}::date), 0) as due,
      coalesce(sum(w.on_time) filter (where w.day <= ${today}::date), 0) as on_time_due,
      sum(w.duration_sum) as ds, sum(w.duration_count) as dn
    from stats_worker_day w where ${whereSql(user, f, 'w', [sql`w.day between ${p.from}::date and ${p.to}::date`])}
    group by 1`,
  );
  const ids = found.map((r) => num(r.id));
  const names = new Map<number, string>();
  if (ids.length > 0) {
    for (const r of await rows<{ id: number; name: string }>(
      side.db,
      sql`select id, coalesce(nullif(real_name, ''), username) as name from sys_user where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ))
      names.set(Number(r.id), r.name);
  }
  const companies = await DIMS.maintenance.labels(side.db, [...new Set(found.map((r) => String(r.mc)))]);
  const list = found.map((r) => ({
    key: String(r.id),
    label: names.get(num(r.id)) ?? `人员 ${r.id}`,
    companyName: companies.get(String(r.mc)) ?? null,
    orders: num(r.orders),
    completed: num(r.completed),
    onTime: num(r.on_time),
    onTimeRate: ratio(num(r.on_time_due), num(r.due)),
    avgDurationMinutes: mean(num(r.ds), num(r.dn)),
  }));
  const s = list.reduce((a, r) => ({ o: a.o + r.orders, c: a.c + r.completed, t: a.t + r.onTime }), {
    o: 0,
    c: 0,
    t: 0,
  });
  const due = found.reduce((a, r) => ({ d: a.d + num(r.due), t: a.t + num(r.on_time_due) }), { d: 0, t: 0 });
  const ds = found.reduce((a, r) => a + num(r.ds), 0);
  const dn = found.reduce((a, r) => a + num(r.dn), 0);
  const sum = {
    key: '',
    label: '合计',
    companyName: null,
    orders: s.o,
    completed: s.c,
    onTime: s.t,
    onTimeRate: ratio(due.t, due.d),
    avgDurationMinutes: mean(ds, dn),
  };
  return pageOf(list, sum, f, 'orders', await metaOf(side, p));
}

export async function monthlyOnTime(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const p = periodOf(f);
  const orders = await orderAgg(side.db, user, f, p, 'month');
  const lifts = (await liftAgg(side.db, user, f, null)).get('') ?? EMPTY_LIFTS('');
  const today = shanghaiToday().slice(0, 7);
  const list = [...orders.values()].map((o) => ({
    key: o.key,
    label: `${o.key.slice(0, 4)}年${Number(o.key.slice(5))}月`,
    lifts: lifts.lifts,
    due: o.due,
    onTime: o.onTime,
    completed: o.completed,
    onTimeRate: ratio(o.onTime, o.due),
    // Overdue lifts are a figure of today: only the current month carries it.
    overdueLifts: o.key === today ? lifts.overdueMaintenance : 0,
    overdueRate: o.key === today ? ratio(lifts.overdueMaintenance, lifts.lifts) : null,
  }));
  const t = list.reduce((a, r) => ({ d: a.d + r.due, o: a.o + r.onTime, c: a.c + r.completed }), {
    d: 0,
    o: 0,
    c: 0,
  });
  const sum = {
    key: '',
    label: '合计',
    lifts: lifts.lifts,
    due: t.d,
    onTime: t.o,
    completed: t.c,
    onTimeRate: ratio(t.o, t.d),
    overdueLifts: lifts.overdueMaintenance,
    overdueRate: ratio(lifts.overdueMaintenance, lifts.lifts),
  };
  const page = pageOf(list, sum, { ...f, sortField: f.sortField ?? 'key' }, 'key', await metaOf(side, p));
  if (!f.sortField) page.records.sort((a, b) => a.key.localeCompare(b.key));
  return page;
}

export async function orderStates(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const p = periodOf(f);
  const orders = await orderAgg(side.db, user, f, p, 'area');
  const lifts = await liftAgg(side.db, user, f, 'area');
  const keys = new Set([...orders.keys(), ...lifts.keys()]);
  const list = [...keys].map((k) => {
    const o = orders.get(k) ?? EMPTY_ORDERS(k);
    return {
      key: k,
      label: k,
      planned: o.planned,
      late: o.late,
      awaitingConfirm: o.awaitingConfirm,
      completed: o.done,
      approved: o.approved,
      rejected: o.rejected,
      overdueLifts: lifts.get(k)?.overdueMaintenance ?? 0,
    };
  });
  const sum = {
    key: '',
    label: '合计',
    planned: 0,
    late: 0,
    awaitingConfirm: 0,
    completed: 0,
    approved: 0,
    rejected: 0,
    overdueLifts: 0,
  };
  for (const r of list)
    for (const k of [
      'planned',
      'late',
      'awaitingConfirm',
      'completed',
      'approved',
      'rejected',
      'overdueLifts',
    ] as const)
      sum[k] += r[k];
  return labelledPage(side, 'area', list, sum, f, 'planned', await metaOf(side, p));
}

/**
 * The registry's codes of the 公众聚集场所 use occasions, read from the live dictionary by their names
 * (PUBLIC_PLACE_OCCASIONS): an administrator who re-keys 使用场所 is followed.
 */
const publicPlaceCodes = sql`select ${sysDictData.key} from ${sysDictData}
  join ${sysDictType} on ${sysDictType.id} = ${sysDictData.typeId}
  where ${sysDictType.code} = 'use_occasion' and ${sysDictData.value} in (${sql.join(
    PUBLIC_PLACE_OCCASIONS.map((o) => sql`${o}`),
    sql`, `,
  )})`;

export async function basicByArea(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const found = await rows<Record<string, string>>(
    side.db,
    sql`select l.area_code as key, sum(l.lifts) as total,
      coalesce(sum(l.lifts) filter (where l.use_status = 1), 0) as in_use,
      coalesce(sum(l.lifts) filter (where l.use_status = 2), 0) as stopped,
      coalesce(sum(l.lifts) filter (where l.use_status = 3), 0) as scrapped,
      coalesce(sum(l.lifts) filter (where l.use_status = 1 and l.lift_type = 1), 0) as vertical,
      coalesce(sum(l.lifts) filter (where l.use_status = 1 and l.lift_type = 2), 0) as escalator,
      coalesce(sum(l.lifts) filter (where l.use_status = 1 and l.maintenance_company_id <> 0), 0) as maintained,
      coalesce(sum(l.lifts) filter (where l.use_status = 1 and l.use_occasion in (${publicPlaceCodes})), 0) as public_places
    from ${liftRelation(user, f, 'area')} where ${whereSql(user, f, 'l')} group by 1`,
  );
  const list = found.map((r) => ({
    key: String(r.key),
    label: String(r.key),
    total: num(r.total),
    inUse: num(r.in_use),
    stopped: num(r.stopped),
    scrapped: num(r.scrapped),
    vertical: num(r.vertical),
    escalator: num(r.escalator),
    maintained: num(r.maintained),
    publicPlaces: num(r.public_places),
  }));
  const sum = {
    key: '',
    label: '合计',
    total: 0,
    inUse: 0,
    stopped: 0,
    scrapped: 0,
    vertical: 0,
    escalator: 0,
    maintained: 0,
    publicPlaces: 0,
  };
  for (const r of list)
    for (const k of [
      'total',
      'inUse',
      'stopped',
      'scrapped',
      'vertical',
      'escalator',
      'maintained',
      'publicPlaces',
    ] as const)
      sum[k] += r[k];
  const today = shanghaiToday();
  return pageOf(
    await labelled(side, 'area', list),
    sum,
    f,
    'total',
    await metaOf(side, { from: today, to: today }),
  );
}

/** Sort keys of the use-unit ranking, as SQL over its columns (anything else sorts by 困人). */
export const USE_UNIT_SORTS = (months: number): Record<string, string> => ({
  lifts: 'a.lifts',
  trappedCases: 'a.trapped',
  faults: 'a.faults',
  // As per100 rounds it; no lifts sorts as -1, as pageOf sorts a null.
  trappedPer100: `coalesce(round((a.trapped::float8 / nullif(a.lifts, 0) / ${months}) * 10000) / 100, -1)`,
  overdueInspection: 'a.oi',
  overdueMaintenance: 'a.om',
});

/** Use units: lifts, 困人, faults and overdue lifts, ranked in the database (useUnitRanking). */
export async function useUnitRates(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const p = periodOf(f);
  const sorts = USE_UNIT_SORTS(p.months);
  const order = sorts[f.sortField ?? ''] ?? sorts.trappedCases;
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const ranked = await useUnitRanking(
    side.db,
    user,
    f,
    p,
    // Nulls last (none are null): the order of the use-unit window's rank index.
    sql.raw(`${order} ${dir} nulls last`),
    f.limit,
    (f.page - 1) * f.limit,
  );
  const row = (r: UseUnitRank, label: string) => ({
    key: r.key,
    label,
    lifts: r.lifts,
    trappedCases: r.trapped,
    faults: r.faults,
    trappedPer100: per100(r.trapped, r.lifts, p.months),
    overdueInspection: r.overdueInspection,
    overdueMaintenance: r.overdueMaintenance,
  });
  const labels = await DIMS.use.labels(
    side.db,
    ranked.rows.map((r) => r.key),
  );
  return {
    records: ranked.rows.map((r) => row(r, labels.get(r.key) ?? r.key)),
    total: ranked.total,
    page: f.page,
    limit: f.limit,
    sum: row(ranked.sum, '合计'),
    meta: await metaOf(side, p),
  };
}

/**
 * Inspection per district: the registry's next dates (超期未检, 30 天内到期, today) and the reports
 * concluded in the period (stats_inspection by inspection day): 检验合格率 = passed / concluded.
 */
export async function inspectionByArea(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const p = periodOf(f);
  const lifts = await liftAgg(side.db, user, f, 'area');
  const reports = new Map(
    (
      await rows<{ key: string; n: string; passed: string }>(
        side.db,
        sql`select i.area_code as key, count(*) as n, count(*) filter (where i.passed) as passed
          from stats_inspection i where ${whereSql(user, f, 'i', [daySql(p, 'i'), sql`i.concluded`])}
          group by 1`,
      )
    ).map((r) => [r.key, { inspected: num(r.n), passed: num(r.passed) }]),
  );
  const keys = [...new Set([...lifts.keys(), ...reports.keys()])];
  const list = keys.map((key) => {
    const l = lifts.get(key);
    const i = reports.get(key) ?? { inspected: 0, passed: 0 };
    return {
      key,
      label: key,
      lifts: l?.lifts ?? 0,
      overdue: l?.overdueInspection ?? 0,
      dueSoon: l?.dueInspection ?? 0,
      inspected: i.inspected,
      passed: i.passed,
      passRate: ratio(i.passed, i.inspected),
    };
  });
  const sum = {
    key: '',
    label: '合计',
    lifts: 0,
    overdue: 0,
    dueSoon: 0,
    inspected: 0,
    passed: 0,
    passRate: null as number | null,
  };
  for (const r of list)
    for (const k of ['lifts', 'overdue', 'dueSoon', 'inspected', 'passed'] as const) sum[k] += r[k];
  sum.passRate = ratio(sum.passed, sum.inspected);
  return labelledPage(side, 'area', list, sum, f, 'lifts', await metaOf(side, p));
}

export async function areaOccasions(side: ReadSide, user: AuthUser, f: Paged) {
  checkFilters(user, f);
  const found = await rows<{ area: string; occ: string; n: string }>(
    side.db,
    sql`select l.area_code as area, l.use_occasion as occ, sum(l.lifts) as n
      from ${liftRelation(user, f, 'occasion')}
      where ${whereSql(user, f, 'l', [sql`l.use_status = 1`])} group by 1, 2`,
  );
  const by = new Map<string, { total: number; byOccasion: Record<string, number> }>();
  const all = { total: 0, byOccasion: {} as Record<string, number> };
  for (const r of found) {
    const e = by.get(r.area) ?? { total: 0, byOccasion: {} };
    e.total += num(r.n);
    e.byOccasion[r.occ] = (e.byOccasion[r.occ] ?? 0) + num(r.n);
    all.total += num(r.n);
    all.byOccasion[r.occ] = (all.byOccasion[r.occ] ?? 0) + num(r.n);
    by.set(r.area, e);
  }
  const list = [...by.entries()].map(([k, e]) => ({ key: k, label: k, ...e }));
  const today = shanghaiToday();
  return pageOf(
    await labelled(side, 'area', list),
    { key: '', label: '合计', ...all },
    f,
    'total',
    await metaOf(side, { from: today, to: today }),
  );
}
