import { AGE_BANDS, areaLabel, dictionarySeed, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rows } from './query.ts';

/**
 * The groupings of the figures: the SQL key over a rollup table aliased `a` (every rollup table has
 * these columns) and the Chinese labels of the keys.
 */
export interface Dim {
  key: (a: string) => string;
  labels: (db: Queryable, keys: string[]) => Promise<Map<string, string>>;
}

const same = (fallback: string) => async (_db: Queryable, keys: string[]) =>
  new Map(keys.map((k) => [k, k === '' ? fallback : k]));

async function companyNames(db: Queryable, keys: string[], none: string) {
  const ids = keys.map(Number).filter((n) => n > 0);
  const names = new Map<string, string>([['0', none]]);
  if (ids.length > 0) {
    const found = await rows<{ id: number; name: string }>(
      db,
      sql`select id, name from enterprise where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    for (const r of found) names.set(String(r.id), r.name);
  }
  for (const k of keys) if (!names.has(k)) names.set(k, `单位 ${k}`);
  return names;
}

/** 使用场所 codes → names (the dictionary use_occasion as seeded; a code it lacks shows as stored). */
const OCCASION_LABEL = new Map(
  (dictionarySeed.find((d) => d.code === 'use_occasion')?.childs ?? []).map((c) => [c.key, c.value]),
);

const thisYear = () => Number(shanghaiToday().slice(0, 4));
const ageKey = (a: string) => {
  const y = thisYear();
  const bands = AGE_BANDS.filter((b) => b.key !== 'unknown')
    .map((b) => `when ${y} - ${a}.built_year between ${b.min} and ${b.max} then '${b.key}'`)
    .join(' ');
  return `(case when ${a}.built_year = 0 then 'unknown' ${bands} else 'unknown' end)`;
};

export const DIMS = {
  area: {
    key: (a: string) => `${a}.area_code`,
    labels: async (_db: Queryable, keys: string[]) =>
      new Map(keys.map((k) => [k, areaLabel(k) ?? (k || '未知区域')])),
  },
  maintenance: {
    key: (a: string) => `${a}.maintenance_company_id::text`,
    labels: (db: Queryable, keys: string[]) => companyNames(db, keys, '无维保单位'),
  },
  use: {
    key: (a: string) => `${a}.use_company_id::text`,
    labels: (db: Queryable, keys: string[]) => companyNames(db, keys, '无使用单位'),
  },
  manufacturer: { key: (a: string) => `${a}.manufacturer`, labels: same('未填') },
  brand: { key: (a: string) => `${a}.brand`, labels: same('未填') },
  occasion: {
    key: (a: string) => `${a}.use_occasion`,
    labels: async (_db: Queryable, keys: string[]) =>
      new Map(keys.map((k) => [k, k === '' ? '未填' : (OCCASION_LABEL.get(k) ?? k)])),
  },
  type: {
    key: (a: string) => `${a}.lift_type::text`,
    labels: same('未知'),
  },
  age: {
    key: ageKey,
    labels: async (_db: Queryable, keys: string[]) =>
      new Map(keys.map((k) => [k, AGE_BANDS.find((b) => b.key === k)?.label ?? k])),
  },
  lift: { key: (a: string) => `${a}.elevator_id::text`, labels: same('') },
} satisfies Record<string, Dim>;
export type DimName = keyof typeof DIMS;

export const TYPE_LABEL: Record<string, string> = { '1': '直梯', '2': '扶梯', '0': '未知' };
