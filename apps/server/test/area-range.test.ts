import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { areaRange, inArea } from '../src/platform/db/sql.ts';

/** Area filters: a province or city holds its districts, a district only itself (GB/T 2260, by pairs). */
describe('area ranges', () => {
  const held = (area: string, code: string) => {
    const { from, to } = areaRange(area);
    return code >= from && code < to;
  };

  it('a city holds its districts and zones, a province its cities, and nothing of its neighbours', () => {
    for (const code of ['450102', '450103', '450110', '450181', '45010051'])
      expect(held('450100', code), code).toBe(true);
    for (const code of ['450202', '450000', '460100']) expect(held('450100', code), code).toBe(false);
    expect(held('450000', '450203')).toBe(true);
    expect(held('450000', '460100')).toBe(false);
  });

  it('a district holds only itself, one ending in 0 too', () => {
    // 450110 武鸣区: trimming every trailing zero made it 45011*, a range over 450111…450119 as well.
    expect(areaRange('450110')).toEqual({ from: '450110', to: '450111' });
    expect(held('450110', '450110')).toBe(true);
    expect(held('450110', '450111')).toBe(false);
    expect(held('450103', '450103')).toBe(true);
    expect(held('450103', '450104')).toBe(false);
  });

  it('filters a district by equality (an index on area and time then keeps the time order), a city by range', () => {
    const text = (area: string) => new PgDialect().sqlToQuery(inArea(sql.raw('area_code'), area)).sql;
    expect(text('450103')).toBe('area_code = $1');
    expect(text('450110')).toBe('area_code = $1');
    expect(text('450100')).toBe('(area_code >= $1 and area_code < $2)');
  });
});
