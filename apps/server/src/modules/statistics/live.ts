import {
  addMonths,
  areaLabel,
  CASE_STATE_LABEL,
  type CompanyDashboard,
  LIFT_MAP_STATE_LABEL,
  MAP_DISTRICT_ZOOM,
  MAP_POINT_LIMIT,
  MAP_POINT_ZOOM,
  type MapOutput,
  type RegulatorDashboard,
  type ScreenSummary,
  shanghaiToday,
  type UseUnitDashboard,
} from '@ec/contract';
import { zoneOf } from '@ec/contract/geo/nanning-districts';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';
import { caseAgg, EMPTY_CASES, liftAgg, liftRelation, orderAgg, partiesInScope } from './aggregates.ts';
import { DIMS } from './dims.ts';
import {
  checkFilters,
  type Filters,
  lastMonths,
  mean,
  metaOf,
  monthsOf,
  num,
  type Period,
  type ReadSide,
  ratio,
  rows,
  sideOf,
  whereSql,
} from './query.ts';

/*
 * The designed calls: the data screen's live block, the map and the per-role home pages. A lift's
 * state is the first that applies: 1 困人救援中 (open 困人 case), 2 故障维修中 (open repair),
 * 3 维保超期, 4 停用, 5 正常.
 */

const stateSql = (today: string) => sql`(case
  when exists (select 1 from stats_case c where c.elevator_id = l.elevator_id and c.kind = 1 and c.status < 6) then 1
  when exists (select 1 from stats_repair r where r.elevator_id = l.elevator_id and r.status < 3) then 2
  when l.maintenance_due < ${today}::date then 3
  when l.use_status = 2 then 4 else 5 end)`;

/** Lifts in use or stopped (not scrapped) are on the map and the screen. */
const onMap = sql`l.use_status in (1, 2)`;

interface StateCounts {
  key: string;
  /** Lifts in use or stopped (those the map draws). */
  lifts: number;
  /** Of them in use (使用状态 在用): a district marker's number, the registry list it opens. */
  inUse: number;
  /** Lifts per state 1–5. */
  states: [number, number, number, number, number];
  placed: number;
  lngSum: number;
  latSum: number;
}

/**
 * The lifts on the map per state, in all or per district (`byArea`), without reading every lift:
 * the lifts with an open 困人 case or repair (states 1 and 2) are few and read one by one; the others'
 * states follow from the counts of stats_lift_group (overdue, stopped) less those few. Overdue is as
 * of the rollup's day, as the counts are.
 */
async function stateCounts(side: ReadSide, user: AuthUser, f: Filters, byArea: boolean) {
  const key = byArea ? sql`l.area_code` : sql`''`;
  const where = whereSql(user, f, 'l', [onMap]);
  const base = await rows<Record<string, string>>(
    side.db,
    sql`select ${key} as key, sum(l.lifts) as lifts,
      coalesce(sum(l.lifts) filter (where l.use_status = 2), 0) as stopped,
      sum(l.overdue_maintenance) as overdue,
      coalesce(sum(l.overdue_maintenance) filter (where l.use_status = 2), 0) as overdue_stopped,
      sum(l.placed) as placed, sum(l.lng_sum) as lng_sum, sum(l.lat_sum) as lat_sum
    from ${liftRelation(user, f, null, byArea ? ['area_code'] : [])} where ${where} group by 1`,
  );
  const busy = await rows<Record<string, string | boolean>>(
    side.db,
    sql`with trapped as (select elevator_id from stats_case where kind = 1 and status < 6)
    select ${key} as key, case when l.elevator_id in (select elevator_id from trapped) then 1 else 2 end as s,
      coalesce(l.maintenance_due < (select day from stats_cursor where source = 'lift'), false) as overdue,
      l.use_status = 2 as stopped
    from stats_lift l
    where l.elevator_id in (select elevator_id from trapped union select elevator_id from stats_repair where status < 3)
      and ${where}`,
  );
  const out = new Map<string, StateCounts>();
  for (const r of base) {
    const lifts = num(r.lifts);
    const overdue = num(r.overdue);
    const stoppedOnly = num(r.stopped) - num(r.overdue_stopped);
    out.set(String(r.key), {
      key: String(r.key),
      lifts,
      inUse: lifts - num(r.stopped),
      states: [0, 0, overdue, stoppedOnly, lifts - overdue - stoppedOnly],
      placed: num(r.placed),
      lngSum: Number(r.lng_sum ?? 0),
      latSum: Number(r.lat_sum ?? 0),
    });
  }
  for (const r of busy) {
    const c = out.get(String(r.key));
    if (!c) continue;
    // A busy lift leaves the state the counts gave it for state 1 or 2.
    const was = r.overdue ? 2 : r.stopped ? 3 : 4;
    c.states[was] -= 1;
    c.states[num(r.s) - 1] += 1;
  }
  return out;
}

export async function screenSummary(side: ReadSide, user: AuthUser, f: Filters): Promise<ScreenSummary> {
  checkFilters(user, f);
  const today = shanghaiToday();
  const p: Period = { from: today, to: today, months: monthsOf(today, today) };
  const t = (await caseAgg(side.db, user, f, p, null)).get('') ?? EMPTY_CASES('');
  const states = (await stateCounts(side, user, f, false)).get('')?.states ?? [0, 0, 0, 0, 0];
  const l = (await liftAgg(side.db, user, f, null)).get('');
  const open = await rows<Record<string, string>>(
    side.db,
    sql`select c.case_id as id, c.case_no, c.status, c.area_code, c.address, c.alarm_at::text as alarm_at
      from stats_case c where ${whereSql(user, f, 'c', [sql`c.kind = 1 and c.status < 6`])}
      order by c.alarm_at desc limit 20`,
  );
  const [openCount] = await rows<{ n: string }>(
    side.db,
    sql`select count(*) as n from stats_case c where ${whereSql(user, f, 'c', [sql`c.kind = 1 and c.status < 6`])}`,
  );
  const now = Date.now();
  return {
    meta: await metaOf(side, p),
    todayCases: t.cases,
    todayTrapped: t.trapped,
    todayFreed: t.freed,
    openRescues: num(openCount?.n),
    overdueMaintenance: l?.overdueMaintenance ?? 0,
    overdueInspection: l?.overdueInspection ?? 0,
    lifts: states.reduce((sum, n) => sum + n, 0),
    liftsByState: states.map((n, i) => ({
      key: String(i + 1),
      label: LIFT_MAP_STATE_LABEL[i + 1] ?? '',
      value: n,
    })),
    openCases: open.map((r) => ({
      id: num(r.id),
      caseNo: String(r.case_no),
      statusLabel: CASE_STATE_LABEL[num(r.status)] ?? '',
      areaName: r.area_code ? (areaLabel(String(r.area_code)) ?? null) : null,
      address: r.address ?? null,
      alarmAt: new Date(String(r.alarm_at)).toISOString(),
      waitedMinutes: Math.round((now - Date.parse(String(r.alarm_at))) / 6_000) / 10,
    })),
  };
}

/**
 * District centres (the markers at full zoom-out), from the lifts' mean position, else these; a
 * functional zone's (8-digit code) from NANNING_ZONES.
 */
type MapArgs = Filters & {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
  zoom: number;
};

const CENTRES: Record<string, [number, number]> = {
  '450102': [108.38, 22.85],
  '450103': [108.42, 22.8],
  '450105': [108.27, 22.78],
  '450107': [108.2, 22.9],
  '450108': [108.39, 22.7],
  '450109': [108.49, 22.76],
  '450110': [108.27, 23.16],
  '450123': [107.69, 23.17],
  '450124': [108.18, 23.71],
  '450125': [108.6, 23.43],
  '450126': [108.81, 23.22],
  '450181': [109.26, 22.68],
};

export async function mapPoints(side: ReadSide, user: AuthUser, f: MapArgs): Promise<MapOutput> {
  checkFilters(user, f);
  const today = shanghaiToday();
  const meta = await metaOf(side, { from: today, to: today });
  const inBox = sql`l.longitude between ${f.minLng} and ${f.maxLng} and l.latitude between ${f.minLat} and ${f.maxLat}`;
  const zoom = Number(f.zoom ?? 1);
  const base = { meta, cellDegrees: null, districts: [], cells: [], points: [] };
  if (zoom < MAP_DISTRICT_ZOOM) {
    const found = [...(await stateCounts(side, user, f, true)).values()].sort((x, y) =>
      x.key < y.key ? -1 : 1,
    );
    return {
      ...base,
      mode: 'district',
      districts: found.map((r) => {
        const c = CENTRES[r.key] ?? zoneOf(r.key)?.properties.center;
        return {
          areaCode: r.key,
          areaName: areaLabel(r.key) ?? r.key,
          lng: r.placed > 0 ? Math.round((r.lngSum / r.placed) * 1e4) / 1e4 : (c?.[0] ?? 108.37),
          lat: r.placed > 0 ? Math.round((r.latSum / r.placed) * 1e4) / 1e4 : (c?.[1] ?? 22.82),
          // In use, as every lift figure and the list a click opens (useStatus=1): a stopped lift
          // is drawn (停用) and counted by state, not in the marker's number.
          lifts: r.inUse,
          trapped: r.states[0],
          fault: r.states[1],
          overdue: r.states[2],
          stopped: r.states[3],
        };
      }),
      total: found.reduce((sum, r) => sum + r.inUse, 0),
      unplaced: found.reduce((sum, r) => sum + r.lifts - r.placed, 0),
    };
  }
  const where = whereSql(user, f, 'l', [onMap, inBox]);
  if (zoom >= MAP_POINT_ZOOM) {
    const [count] = await rows<{ n: string }>(
      side.db,
      sql`select count(*) as n from stats_lift l where ${where}`,
    );
    if (num(count?.n) <= MAP_POINT_LIMIT) {
      const found = await rows<Record<string, string>>(
        side.db,
        sql`select l.elevator_id as id, l.longitude as lng, l.latitude as lat, ${stateSql(today)} as s
          from stats_lift l where ${where} order by l.elevator_id`,
      );
      return {
        ...base,
        mode: 'points',
        points: found.map(
          (r) => [num(r.id), Number(r.lng), Number(r.lat), num(r.s)] as [number, number, number, number],
        ),
        total: found.length,
        unplaced: 0,
      };
    }
  }
  const cell = 0.2 / 2 ** (Math.min(zoom, MAP_POINT_ZOOM) - MAP_DISTRICT_ZOOM);
  const found = await rows<Record<string, string>>(
    side.db,
    sql`select floor(l.longitude / ${cell}) as gx, floor(l.latitude / ${cell}) as gy, count(*) as lifts,
      count(*) filter (where s < 5) as alerts, min(s) as worst
    from (select l.*, ${stateSql(today)} as s from stats_lift l where ${where}) l group by 1, 2`,
  );
  return {
    ...base,
    mode: 'grid',
    cellDegrees: cell,
    cells: found.map((r) => ({
      lng: Math.round((Number(r.gx) + 0.5) * cell * 1e5) / 1e5,
      lat: Math.round((Number(r.gy) + 0.5) * cell * 1e5) / 1e5,
      lifts: num(r.lifts),
      alerts: num(r.alerts),
      worstState: num(r.worst),
    })),
    total: found.reduce((s, r) => s + num(r.lifts), 0),
    unplaced: 0,
  };
}

const monthPeriod = (offset: number): Period => {
  const today = shanghaiToday();
  const from = addMonths(`${today.slice(0, 7)}-01`, offset);
  const end = offset === 0 ? today : addMonths(`${today.slice(0, 7)}-01`, offset + 1);
  const to = offset === 0 ? end : new Date(Date.parse(end) - 86_400_000).toISOString().slice(0, 10);
  return { from, to, months: monthsOf(from, to) };
};

async function trend(side: ReadSide, user: AuthUser, f: Filters, what: 'trapped' | 'completed') {
  const p = lastMonths(12);
  const found =
    what === 'trapped'
      ? new Map(
          [...(await caseAgg(side.db, user, f, p, 'month', [sql`c.kind = 1`])).values()].map((a) => [
            a.key,
            a.trapped,
          ]),
        )
      : new Map(
          [...(await orderAgg(side.db, user, f, p, 'month')).values()].map((a) => [a.key, a.completed]),
        );
  const out = [];
  for (let i = 11; i >= 0; i--) {
    const k = addMonths(`${shanghaiToday().slice(0, 7)}-01`, -i).slice(0, 7);
    out.push({ key: k, label: `${Number(k.slice(5))}月`, value: found.get(k) ?? 0 });
  }
  return out;
}

export async function regulatorDashboard(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
): Promise<RegulatorDashboard> {
  if (sideOf(user) !== 'reviewer') throw forbidden('监管概况仅监管账号可查看');
  checkFilters(user, f);
  const thisMonth = monthPeriod(0);
  const lastMonth = monthPeriod(-1);
  const l = (await liftAgg(side.db, user, f, null)).get('');
  const parties = await partiesInScope(side.db, user, f);
  const c = (await caseAgg(side.db, user, f, thisMonth, null, [sql`c.kind = 1`])).get('') ?? EMPTY_CASES('');
  const c0 = (await caseAgg(side.db, user, f, lastMonth, null, [sql`c.kind = 1`])).get('') ?? EMPTY_CASES('');
  const o = (await orderAgg(side.db, user, f, thisMonth, null)).get('');
  const byArea = await caseAgg(side.db, user, f, thisMonth, 'area', [sql`c.kind = 1`]);
  const [open] = await rows<{ n: string }>(
    side.db,
    sql`select count(*) as n from stats_case c where ${whereSql(user, f, 'c', [sql`c.kind = 1 and c.status < 6`])}`,
  );
  const labels = await DIMS.area.labels(side.db, [...byArea.keys()]);
  return {
    meta: await metaOf(side, thisMonth),
    lifts: l?.lifts ?? 0,
    maintenanceCompanies: parties.maintenanceCompanies,
    useUnits: parties.useUnits,
    trappedThisMonth: c.trapped,
    trappedLastMonth: c0.trapped,
    onTimeRateThisMonth: o ? ratio(o.onTime, o.due) : null,
    within30RateThisMonth: ratio(c.within30, c.arrived),
    avgArrivalThisMonth: mean(c.arrivalSum, c.arrived),
    overdueMaintenance: l?.overdueMaintenance ?? 0,
    overdueInspection: l?.overdueInspection ?? 0,
    openRescues: num(open?.n),
    byDistrict: [...byArea.values()]
      .map((a) => ({ key: a.key, label: labels.get(a.key) ?? a.key, value: a.trapped }))
      .sort((a, b) => b.value - a.value),
    trend: await trend(side, user, f, 'trapped'),
    todo: [
      { key: 'openRescues', label: '在途救援', count: num(open?.n), route: '/getrecore' },
      {
        key: 'overdueMaintenance',
        label: '维保超期电梯',
        count: l?.overdueMaintenance ?? 0,
        route: '/wisdom/dataStatistics/maintenanceStatistics',
      },
      {
        key: 'overdueInspection',
        label: '检验超期电梯',
        count: l?.overdueInspection ?? 0,
        route: '/wisdom/dataStatistics/safetyInspectionStatistics',
      },
    ],
  };
}

export async function companyDashboard(side: ReadSide, user: AuthUser): Promise<CompanyDashboard> {
  if (sideOf(user) !== 'maintenance') throw forbidden('维保单位的首页统计仅维保单位账号可查看');
  const f = {} as Filters;
  const thisMonth = monthPeriod(0);
  const l = (await liftAgg(side.db, user, f, null)).get('');
  const monthP = { ...thisMonth, to: addMonths(thisMonth.from, 1) };
  monthP.to = new Date(Date.parse(monthP.to) - 86_400_000).toISOString().slice(0, 10);
  const o = (await orderAgg(side.db, user, f, monthP, null)).get('');
  const c = (await caseAgg(side.db, user, f, thisMonth, null, [sql`c.kind = 1`])).get('') ?? EMPTY_CASES('');
  const today = shanghaiToday();
  const todayOrders = (await orderAgg(side.db, user, f, { from: today, to: today, months: 1 }, null)).get('');
  const [open] = await rows<{ n: string }>(
    side.db,
    sql`select count(*) as n from stats_case c where ${whereSql(user, f, 'c', [sql`c.kind = 1 and c.status < 6`])}`,
  );
  const lateOrders = (await orderAgg(side.db, user, f, lastMonths(12), null)).get('');
  return {
    meta: await metaOf(side, thisMonth),
    lifts: l?.lifts ?? 0,
    plannedThisMonth: o?.planned ?? 0,
    completedThisMonth: o?.completed ?? 0,
    onTimeRateThisMonth: o ? ratio(o.onTime, o.due) : null,
    overdueLifts: l?.overdueMaintenance ?? 0,
    trappedThisMonth: c.trapped,
    within30RateThisMonth: ratio(c.within30, c.arrived),
    avgArrivalThisMonth: mean(c.arrivalSum, c.arrived),
    trend: await trend(side, user, f, 'completed'),
    todo: [
      {
        key: 'todayOrders',
        label: '今日维保',
        count: (todayOrders?.planned ?? 0) - (todayOrders?.completed ?? 0),
        route: '/basicInformation/maintenanceRecord',
      },
      {
        key: 'lateOrders',
        label: '逾期未做工单',
        count: lateOrders?.late ?? 0,
        route: '/basicInformation/maintenanceRecord',
      },
      {
        key: 'overdueLifts',
        label: '维保超期电梯',
        count: l?.overdueMaintenance ?? 0,
        route: '/basicInformation/elevatorMaintenance',
      },
      { key: 'openRescues', label: '待处理救援', count: num(open?.n), route: '/getrecore' },
      {
        key: 'rejected',
        label: '被驳回工单（本月）',
        count: o?.rejected ?? 0,
        route: '/basicInformation/maintenanceRecord',
      },
    ],
  };
}

export async function useUnitDashboard(side: ReadSide, user: AuthUser): Promise<UseUnitDashboard> {
  if (sideOf(user) !== 'use') throw forbidden('使用单位的首页统计仅使用单位账号可查看');
  const f = {} as Filters;
  const thisMonth = monthPeriod(0);
  const today = shanghaiToday();
  const l = (await liftAgg(side.db, user, f, null)).get('');
  const c = (await caseAgg(side.db, user, f, thisMonth, null, [sql`c.kind = 1`])).get('') ?? EMPTY_CASES('');
  const list = await rows<Record<string, string | null>>(
    side.db,
    sql`select l.elevator_id as id, l.register_code, l.name, l.address, l.maintenance_due::text as md,
      l.inspection_due::text as id2, ${stateSql(today)} as s,
      (select name from enterprise where id = l.maintenance_company_id) as mc
    from stats_lift l where ${whereSql(user, f, 'l', [sql`l.use_status = 1`])}
    order by least(coalesce(l.maintenance_due, '9999-12-31'), coalesce(l.inspection_due, '9999-12-31')), l.elevator_id
    limit 200`,
  );
  return {
    meta: await metaOf(side, thisMonth),
    lifts: l?.lifts ?? 0,
    overdueMaintenance: l?.overdueMaintenance ?? 0,
    overdueInspection: l?.overdueInspection ?? 0,
    trappedThisMonth: c.trapped,
    rows: list.map((r) => ({
      id: num(r.id),
      registerCode: String(r.register_code),
      name: r.name,
      address: String(r.address),
      maintenanceCompanyName: r.mc,
      maintenanceDue: r.md,
      inspectionDue: r.id2,
      maintenanceOverdue: r.md !== null && r.md < today,
      inspectionOverdue: r.id2 !== null && r.id2 < today,
      state: num(r.s),
      stateLabel: LIFT_MAP_STATE_LABEL[num(r.s)] ?? '',
    })),
    todo: [
      {
        key: 'overdueMaintenance',
        label: '维保超期电梯',
        count: l?.overdueMaintenance ?? 0,
        route: '/basicInformation/thelEevatorList',
      },
      {
        key: 'overdueInspection',
        label: '检验超期电梯',
        count: l?.overdueInspection ?? 0,
        route: '/basicInformation/thelEevatorList',
      },
      {
        key: 'dueInspection',
        label: '30 天内到检',
        count: l?.dueInspection ?? 0,
        route: '/basicInformation/thelEevatorList',
      },
    ],
  };
}
