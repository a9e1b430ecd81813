import {
  AGE_BANDS,
  CASE_CAUSES,
  CASE_KIND_LABEL,
  CASE_SOURCE_LABEL,
  type CountsOutput,
  type FaultOutput,
  type FaultTypeAnalysis,
  type RescueTimeAnalysis,
  type RescueTimeRow,
  type SeatDisposal,
  type TimeAnalysis,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import { agentNames } from '../rescue/api.ts';
import { type CaseAgg, caseAgg, EMPTY_CASES, liftAgg, repairAgg, useUnitRanking } from './aggregates.ts';
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
import { CASE_MONTHS, eventRelation } from './rollups.ts';

/** The analysis pages' figures (statsAnalysisCalls): definitions in docs/statistics.md. */

export const TOP_ROWS = 50;

/** 困人 and 故障 per group with the rates per 100 lifts per month (top 50 by 困人, then 故障). */
export async function faultsBy(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
  dim: DimName,
): Promise<FaultOutput> {
  checkFilters(user, f);
  const p = periodOf(f);
  if (dim === 'use') return faultsByUse(side, user, f, p);
  const lifts = await liftAgg(side.db, user, f, dim);
  const cases = await caseAgg(side.db, user, f, p, dim, [sql`c.kind = 1`]);
  const faults = await repairAgg(side.db, user, f, p, dim);
  const keys = new Set([...lifts.keys(), ...cases.keys(), ...faults.keys()]);
  let list = [...keys].map((key) => {
    const l = lifts.get(key)?.lifts ?? 0;
    const t = cases.get(key)?.trapped ?? 0;
    const r = faults.get(key) ?? 0;
    return {
      key,
      label: key,
      lifts: l,
      trappedCases: t,
      faults: r,
      trappedPer100: per100(t, l, p.months),
      faultPer100: per100(t + r, l, p.months),
    };
  });
  list.sort((a, b) => b.trappedCases - a.trappedCases || b.faults - a.faults || b.lifts - a.lifts);
  if (dim !== 'age' && dim !== 'area') list = list.slice(0, TOP_ROWS);
  if (dim === 'age')
    list.sort(
      (a, b) => AGE_BANDS.findIndex((x) => x.key === a.key) - AGE_BANDS.findIndex((x) => x.key === b.key),
    );
  const labels = await DIMS[dim].labels(
    side.db,
    list.map((r) => r.key),
  );
  for (const r of list) r.label = labels.get(r.key) ?? r.key;
  return { meta: await metaOf(side, p), months: p.months, rows: list };
}

/** faultsBy per use unit: the top TOP_ROWS ranked in the database (useUnitRanking). */
async function faultsByUse(side: ReadSide, user: AuthUser, f: Filters, p: Period): Promise<FaultOutput> {
  const top = await useUnitRanking(
    side.db,
    user,
    f,
    p,
    // Nulls last (none are null): the order of the use-unit window's top index.
    sql`a.trapped desc nulls last, a.faults desc nulls last, a.lifts desc nulls last`,
    TOP_ROWS,
    0,
  );
  const labels = await DIMS.use.labels(
    side.db,
    top.rows.map((r) => r.key),
  );
  return {
    meta: await metaOf(side, p),
    months: p.months,
    rows: top.rows.map((r) => ({
      key: r.key,
      label: labels.get(r.key) ?? r.key,
      lifts: r.lifts,
      trappedCases: r.trapped,
      faults: r.faults,
      trappedPer100: per100(r.trapped, r.lifts, p.months),
      faultPer100: per100(r.trapped + r.faults, r.lifts, p.months),
    })),
  };
}

export async function timeAnalysis(side: ReadSide, user: AuthUser, f: Filters): Promise<TimeAnalysis> {
  checkFilters(user, f);
  const p = periodOf(f);
  const kind = [sql`c.kind = 1`];
  const hours = await caseAgg(side.db, user, f, p, 'hour', kind);
  const weekdays = await caseAgg(side.db, user, f, p, 'weekday', kind);
  const months = await caseAgg(side.db, user, f, p, 'month', kind);
  const WEEK = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
  return {
    meta: await metaOf(side, p),
    hours: Array.from({ length: 24 }, (_, h) => ({
      key: String(h),
      label: `${String(h).padStart(2, '0')}:00`,
      value: hours.get(String(h))?.trapped ?? 0,
    })),
    weekdays: Array.from({ length: 7 }, (_, i) => ({
      key: String(i + 1),
      label: WEEK[i + 1] as string,
      value: weekdays.get(String(i + 1))?.trapped ?? 0,
    })),
    months: [...months.values()]
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((a) => ({
        key: a.key,
        label: `${a.key.slice(0, 4)}年${Number(a.key.slice(5))}月`,
        value: a.trapped,
      })),
    total: [...hours.values()].reduce((s, a) => s + a.trapped, 0),
  };
}

export const timingRow = (key: string, label: string, a: CaseAgg): RescueTimeRow => ({
  key,
  label,
  cases: a.trapped,
  arrived: a.arrived,
  within30: a.within30,
  within30Rate: ratio(a.within30, a.arrived),
  avgArrivalMinutes: mean(a.arrivalSum, a.arrived),
  avgRescueMinutes: mean(a.rescueSum, a.rescued),
  freed: a.freed,
});

export async function rescueTimeAnalysis(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
): Promise<RescueTimeAnalysis> {
  checkFilters(user, f);
  const p = periodOf(f);
  // stats_case.arrival_band (tables.ts): 0 none recorded, 1 ≤ 10 min, 2 ≤ 20, 3 ≤ 30, 4 later.
  const buckets = await caseAgg(side.db, user, f, p, 'band', [sql`c.kind = 1`]);
  const byArea = await caseAgg(side.db, user, f, p, 'area', [sql`c.kind = 1`]);
  const all = (await caseAgg(side.db, user, f, p, null, [sql`c.kind = 1`])).get('') ?? EMPTY_CASES('');
  const labels = await DIMS.area.labels(side.db, [...byArea.keys()]);
  const B: [string, string, string][] = [
    ['0-10', '1', '10 分钟内'],
    ['10-20', '2', '10–20 分钟'],
    ['20-30', '3', '20–30 分钟'],
    ['30+', '4', '超过 30 分钟'],
    ['none', '0', '未记录到达'],
  ];
  return {
    meta: await metaOf(side, p),
    buckets: B.map(([k, band, label]) => ({ key: k, label, value: buckets.get(band)?.trapped ?? 0 })),
    total: timingRow('', '合计', all),
    rows: [...byArea.values()]
      .sort((a, b) => b.trapped - a.trapped)
      .map((a) => timingRow(a.key, labels.get(a.key) ?? a.key, a)),
  };
}

export async function faultTypeAnalysis(
  side: ReadSide,
  user: AuthUser,
  f: Filters,
): Promise<FaultTypeAnalysis> {
  checkFilters(user, f);
  const p = periodOf(f);
  const found = await rows<{ cause: number; detail: string; n: string }>(
    side.db,
    sql`select c.cause, c.cause_detail as detail, sum(c.cases) as n
      from ${eventRelation(CASE_MONTHS, user, f, p, { dim: 'cause', needs: [] }, 'c')}
      where ${whereSql(user, f, 'c', [sql`c.kind = 1`, daySql(p, 'c')])}
      group by 1, 2`,
  );
  const byCause = new Map<number, { value: number; details: Map<string, number> }>();
  for (const r of found) {
    const e = byCause.get(r.cause) ?? { value: 0, details: new Map() };
    e.value += num(r.n);
    const d = r.detail || '未填';
    e.details.set(d, (e.details.get(d) ?? 0) + num(r.n));
    byCause.set(r.cause, e);
  }
  const label = (v: number) => CASE_CAUSES.find((c) => c.value === v)?.label ?? '未填原因';
  const list = [...byCause.entries()]
    .map(([cause, e]) => ({
      key: String(cause),
      label: label(cause),
      value: e.value,
      details: [...e.details.entries()]
        .map(([d, n]) => ({ key: d, label: d, value: n }))
        .sort((a, b) => b.value - a.value),
    }))
    .sort((a, b) => b.value - a.value);
  return { meta: await metaOf(side, p), rows: list, total: list.reduce((s, r) => s + r.value, 0) };
}

export async function seatDisposal(side: ReadSide, user: AuthUser, f: Filters): Promise<SeatDisposal> {
  checkFilters(user, f);
  const p = periodOf(f);
  const found = await rows<Record<string, string>>(
    side.db,
    sql`select c.agent_id as agent, c.kind, c.source, sum(c.cases) as n,
      sum(c.dispatched) as dn, sum(c.dispatched_sum) as ds
    from ${eventRelation(CASE_MONTHS, user, f, p, { dim: 'agent', needs: [] }, 'c')}
    where ${whereSql(user, f, 'c', [daySql(p, 'c')])}
    group by 1, 2, 3`,
  );
  const kinds = new Map<number, number>();
  const sources = new Map<number, number>();
  const agents = new Map<number, { n: number[]; dn: number; ds: number }>();
  for (const r of found) {
    const n = num(r.n);
    kinds.set(num(r.kind), (kinds.get(num(r.kind)) ?? 0) + n);
    sources.set(num(r.source), (sources.get(num(r.source)) ?? 0) + n);
    const a = agents.get(num(r.agent)) ?? { n: [0, 0, 0, 0, 0, 0], dn: 0, ds: 0 };
    a.n[num(r.kind)] = (a.n[num(r.kind)] ?? 0) + n;
    if (num(r.kind) === 1) {
      a.dn += num(r.dn);
      a.ds += num(r.ds);
    }
    agents.set(num(r.agent), a);
  }
  const names = await agentNames(
    side.db,
    [...agents.keys()].filter((id) => id > 0),
  );
  return {
    meta: await metaOf(side, p),
    kinds: [1, 2, 3, 4, 5].map((k) => ({
      key: String(k),
      label: CASE_KIND_LABEL[k] ?? '',
      value: kinds.get(k) ?? 0,
    })),
    sources: [1, 2, 3, 4].map((s) => ({
      key: `source:${s}`,
      label: CASE_SOURCE_LABEL[s] ?? '',
      value: sources.get(s) ?? 0,
    })),
    rows: [...agents.entries()]
      .map(([id, a]) => ({
        key: String(id),
        label: id === 0 ? '未分配' : (names.get(id) ?? `坐席 ${id}`),
        cases: a.n.reduce((s, x) => s + x, 0),
        trappedCases: a.n[1] ?? 0,
        faults: a.n[2] ?? 0,
        enquiries: a.n[3] ?? 0,
        complaints: a.n[4] ?? 0,
        falseAlarms: a.n[5] ?? 0,
        avgDispatchMinutes: mean(a.ds, a.dn),
      }))
      .sort((a, b) => b.cases - a.cases),
  };
}

export async function hitchTypes(side: ReadSide, user: AuthUser, f: Filters): Promise<CountsOutput> {
  checkFilters(user, f);
  const p = periodOf(f);
  const found = await repairAgg(side.db, user, f, p, 'hitch');
  const list = [...found.entries()]
    .map(([key, value]) => ({ key, label: key || '未填', value }))
    .sort((a, b) => b.value - a.value);
  return { meta: await metaOf(side, p), rows: list, total: list.reduce((s, r) => s + r.value, 0) };
}
