import {
  addDays,
  addMonths,
  CITY_CODE,
  isReviewer,
  type StatsMeta,
  shanghaiToday,
  type statsFilters,
} from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { forbidden } from '../../platform/errors.ts';

/*
 * What every figure shares: the caller's data scope and the filters as SQL over a rollup table's
 * columns (area_code, maintenance_company_id, use_company_id, lift_type, use_occasion), the period,
 * the rates' arithmetic and the freshness `meta`.
 */

export type Filters = z.output<typeof statsFilters> & { page?: number; limit?: number };

/**
 * The staleness bound the figures state (docs/statistics.md): twice the rollup job's interval
 * (rollup.ts ROLLUP_EVERY_MS). Kept here, not in rollup.ts: the rollups import this module.
 */
export const STALENESS_BOUND_SECONDS = 60;

const MAINTENANCE_KINDS = ['maintenance', 'maintenance_staff'];
const USE_KINDS = ['use_unit', 'safety_officer'];

export type Side = 'maintenance' | 'use' | 'reviewer' | 'none';
export function sideOf(user: AuthUser): Side {
  if (isReviewer(user.dataScope)) return 'reviewer';
  if (user.companyId === null) return 'none';
  if (MAINTENANCE_KINDS.includes(user.userType)) return 'maintenance';
  if (USE_KINDS.includes(user.userType)) return 'use';
  return 'none';
}

/** The caller's data scope over a rollup table aliased `a` (the registry's rule, elevator/scope.ts). */
export function scopeSql(user: AuthUser, a: string): SQL {
  const side = sideOf(user);
  if (side === 'reviewer') {
    if (user.dataScope === 'all') return sql`true`;
    if (user.areaCodes.length === 0) return sql`false`;
    return sql`${sql.raw(a)}.area_code in (${sql.join(
      user.areaCodes.map((c) => sql`${c}`),
      sql`, `,
    )})`;
  }
  if (side === 'maintenance') return sql`${sql.raw(a)}.maintenance_company_id = ${user.companyId}`;
  if (side === 'use') return sql`${sql.raw(a)}.use_company_id = ${user.companyId}`;
  return sql`false`;
}

/** A filter that names something outside the caller's scope is refused, never widened. */
export function checkFilters(user: AuthUser, f: Partial<Filters>) {
  const side = sideOf(user);
  if (f.areaCode && f.areaCode !== CITY_CODE && side === 'reviewer' && user.dataScope === 'area') {
    if (!user.areaCodes.includes(f.areaCode)) throw forbidden('无权查看该区域的统计');
  }
  if (side === 'maintenance' && f.maintenanceCompanyId && f.maintenanceCompanyId !== user.companyId) {
    throw forbidden('只能查看本单位的统计');
  }
  if (side === 'use' && f.useCompanyId && f.useCompanyId !== user.companyId) {
    throw forbidden('只能查看本单位的统计');
  }
}

/** The filters over a rollup table aliased `a` (the district exact, 450100 = the whole city). */
export function filterSql(f: Partial<Filters>, a: string): SQL[] {
  const c: SQL[] = [];
  const col = (n: string) => sql.raw(`${a}.${n}`);
  if (f.areaCode && f.areaCode !== CITY_CODE) c.push(sql`${col('area_code')} = ${f.areaCode}`);
  if (f.useOccasion) c.push(sql`${col('use_occasion')} = ${f.useOccasion}`);
  if (f.type) c.push(sql`${col('lift_type')} = ${f.type}`);
  if (f.maintenanceCompanyId) c.push(sql`${col('maintenance_company_id')} = ${f.maintenanceCompanyId}`);
  if (f.useCompanyId) c.push(sql`${col('use_company_id')} = ${f.useCompanyId}`);
  return c;
}

/** Scope and filters joined, for a WHERE. */
export function whereSql(user: AuthUser, f: Partial<Filters>, a: string, extra: SQL[] = []): SQL {
  return sql.join([scopeSql(user, a), ...filterSql(f, a), ...extra], sql` and `);
}

export interface Period {
  from: string;
  to: string;
  /** Whole calendar months count 1, a part month its days / 30. */
  months: number;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => addDays(addMonths(monthStart(day), 1), -1);
const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function monthsOf(from: string, to: string): number {
  // Whole months and the part months' days apart, divided once: exact, not rounded (a rate per 100
  // lifts over 0.333 instead of 1/3 of a month was 0.08 off).
  let months = 0;
  let days = 0;
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) {
    const start = m < from ? from : m;
    const end = monthEnd(m) > to ? to : monthEnd(m);
    const covered = dayCount(start, end);
    if (covered === dayCount(m, monthEnd(m))) months += 1;
    else days += covered;
  }
  return months + days / 30;
}

/**
 * The first day of the default period: the month 11 months before `today`'s (the last 12 months,
 * this one included). The window rollups (rollups.ts) hold the events from this day on.
 */
export const defaultFrom = (today: string) => addMonths(monthStart(today), -11);

/** The period of a figure (docs/statistics.md): month, from..to, or the last 12 months. */
export function periodOf(f: Partial<Filters>, now = new Date()): Period {
  const today = shanghaiToday(now);
  let from: string;
  let to: string;
  if (f.month) {
    from = `${f.month}-01`;
    to = monthEnd(from);
  } else if (f.dateFrom || f.dateTo) {
    to = f.dateTo ?? today;
    from = f.dateFrom ?? addMonths(monthStart(to), -11);
  } else {
    to = today;
    from = defaultFrom(today);
  }
  return { from, to, months: monthsOf(from, to) };
}

export const lastDays = (n: number, now = new Date()): Period => {
  const to = shanghaiToday(now);
  const from = addDays(to, -(n - 1));
  return { from, to, months: monthsOf(from, to) };
};

export const lastMonths = (n: number, now = new Date()): Period => {
  const today = shanghaiToday(now);
  const from = addMonths(monthStart(today), -(n - 1));
  return { from, to: today, months: monthsOf(from, today) };
};

export const daySql = (p: Period, a: string, column = 'day') =>
  sql`${sql.raw(`${a}.${column}`)} between ${p.from}::date and ${p.to}::date`;

/** n / d as a fraction (4 decimals), null when d is 0. */
export const ratio = (n: number, d: number): number | null =>
  d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null;
/** Events per 100 lifts per month (2 decimals), null without lifts. */
export const per100 = (events: number, lifts: number, months: number): number | null =>
  lifts > 0 && months > 0 ? Math.round((events / lifts / months) * 100 * 100) / 100 : null;
/** A mean (1 decimal) from a sum and a count. */
export const mean = (sum: number | null, n: number): number | null =>
  n > 0 && sum !== null ? Math.round((sum / n) * 10) / 10 : null;

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export async function rows<T>(db: Queryable, q: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(q));
}

/** Where the statistics read and how far behind that is: the `meta` of every answer. */
export interface ReadSide {
  db: Queryable;
  source: 'primary' | 'replica';
  /** The replica's replay lag in seconds (null on the primary). */
  lagSeconds: number | null;
  /** The rollups' run (the oldest source's) when this request has read it already (remembered.ts). */
  caughtUpAt?: string | null;
}

export async function metaOf(
  side: ReadSide,
  p: { from: string; to: string },
  now = new Date(),
): Promise<StatsMeta> {
  if (side.caughtUpAt !== undefined) return metaAt(side, p, side.caughtUpAt, now);
  const [r] = await rows<{ at: string | null }>(
    side.db,
    sql`select min(caught_up_at)::text as at from stats_cursor`,
  );
  return metaAt(side, p, r?.at ?? null, now);
}

/** The `meta` of figures over `p` as of the rollups' run `at` (the oldest source's), read `now`. */
export function metaAt(
  side: ReadSide,
  p: { from: string; to: string },
  at: string | null,
  now = new Date(),
): StatsMeta {
  const asOf = at ? new Date(at) : new Date(0);
  const lag = side.lagSeconds ?? 0;
  const staleSeconds = Math.max(0, Math.round((now.getTime() - asOf.getTime()) / 1000));
  return {
    from: p.from,
    to: p.to,
    asOf: asOf.toISOString(),
    staleSeconds,
    boundSeconds: STALENESS_BOUND_SECONDS,
    behind: staleSeconds > STALENESS_BOUND_SECONDS || lag > STALENESS_BOUND_SECONDS,
    source: side.source,
    replicaLagSeconds: side.lagSeconds,
  };
}
