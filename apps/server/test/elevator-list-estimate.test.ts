import { elevatorFilters } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listElevators } from '../src/modules/elevator/list.ts';
import { bulkLoadElevators } from '../src/modules/elevator/seed.ts';
import type { Queryable } from '../src/platform/db/client.ts';
import { compile, rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The registry's total for a term the gram statistics call common (list.ts sampledTotal): estimated
 * from a sample of the scope's lifts before any count of the term (shown as "约 N"), while a rare
 * term, a small scope and filters without a term keep their exact totals, and the page's rows are
 * always the exact rows in the list's order. 55,000 lifts: a base over 5,000 lifts is sampled.
 */
const LIFTS = 55_000;

describe.each(dbKinds)('registry totals of common terms (%s)', (kind) => {
  let t: TestApp;
  let db: Queryable;
  let area: string;
  let company: number;
  let enabled: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    db = t.platform.db;
    await bulkLoadElevators(db, LIFTS);
    // The gram index's statistics, which say which grams are common.
    await db.execute(sql`analyze elevator`);
    // A district, a maintenance company and a 启用状态 with a few hundred lifts: a small base,
    // counted exactly by the first stage of pageTotal whatever the machine's speed.
    [{ area, company, enabled }] = rowsOf<{ area: string; company: number; enabled: number }>(
      await db.execute(sql`select area_code as "area", maintenance_company_id as "company",
          status::int as "enabled" from elevator
        where maintenance_company_id is not null group by 1, 2, 3
        having count(*) between 50 and 900 order by count(*) desc limit 1`),
    );
  }, 600_000);
  afterAll(() => t?.close());

  /** The list as admin (scope: all), in a transaction whose statements are recorded. */
  async function listed(body: Record<string, unknown>) {
    const f = elevatorFilters.parse({ page: 1, limit: 10, ...body });
    const statements: string[] = [];
    const out = await db.transaction(async (tx) => {
      const execute = tx.execute.bind(tx);
      tx.execute = ((query: SQL) => {
        statements.push(compile(tx, query).sql);
        return execute(query);
      }) as typeof tx.execute;
      return listElevators(tx, sql`true`, true, f);
    });
    return { ...out, statements };
  }

  /** The exact answer, by a plain scan: the matches' count and the page's ids, newest first. */
  async function exactly(where: SQL, page = 1) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as "n" from elevator where ${where}`),
    );
    const ids = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from elevator where ${where} order by id desc limit 10 offset ${(page - 1) * 10}`,
      ),
    ).map((r) => r.id);
    return { n, ids };
  }

  const text = (term: string) =>
    sql`strpos(concat_ws(' ', address, community, name), ${term}) > 0 and search_grams @> ${sql.param(
      [...term].slice(0, -1).map((c, i) => c + [...term][i + 1]),
    )}::text[]`;

  /** A statement that counts (or has the planner estimate) the term's rows through the gram index. */
  const countsTheTerm = (statements: string[]) =>
    statements.some((s) => /select 1 from "elevator" where/.test(s) && s.includes('@>'));

  it('estimates a common term before any count of it, and its page rows are exact', async () => {
    const expected = await exactly(text('南宁'));
    expect(expected.n).toBeGreaterThan(LIFTS / 2);
    for (const page of [1, 3]) {
      const got = await listed({ keyword: '南宁', page });
      expect(got.approximate).toBe(true);
      expect(Math.abs(got.total - expected.n)).toBeLessThan(expected.n * 0.35);
      expect(countsTheTerm(got.statements)).toBe(false);
      expect(got.records.map((r) => r.id)).toEqual((await exactly(text('南宁'), page)).ids);
    }
  });

  it('estimates a common term within a district of 5,000–50,000 lifts from a sample too', async () => {
    // The largest district: about 15,000 of the 55,000 lifts, a base the sample once left to a count
    // of the term through the gram index (20–45 ms on 1,000,000 lifts).
    const [{ district, lifts }] = rowsOf<{ district: string; lifts: number }>(
      await db.execute(sql`select area_code as "district", count(*)::int as "lifts" from elevator
        group by 1 order by 2 desc limit 1`),
    );
    expect(lifts).toBeGreaterThan(5_000);
    expect(lifts).toBeLessThan(50_000);
    const where = sql`area_code = ${district} and ${text('南宁')}`;
    for (const page of [1, 2]) {
      const expected = await exactly(where, page);
      const got = await listed({ areaCode: district, keyword: '南宁', page });
      expect(got.approximate).toBe(true);
      expect(Math.abs(got.total - expected.n)).toBeLessThan(expected.n * 0.35);
      expect(countsTheTerm(got.statements)).toBe(false);
      expect(got.records.map((r) => r.id)).toEqual(expected.ids);
    }
  });

  it('counts a rare term exactly, although each of its grams is common', async () => {
    const [{ address }] = rowsOf<{ address: string }>(
      await db.execute(sql`select address from elevator order by id desc limit 1`),
    );
    const term = [...address].slice(-9).join('');
    const expected = await exactly(text(term));
    expect(expected.n).toBeGreaterThan(0);
    expect(expected.n).toBeLessThan(1000);
    const got = await listed({ keyword: term });
    expect({ total: got.total, approximate: got.approximate }).toEqual({
      total: expected.n,
      approximate: false,
    });
    expect(got.records.map((r) => r.id)).toEqual(expected.ids);
  });

  it('counts a common term exactly within a small scope, by testing its lifts, not the gram index', async () => {
    const filters = { areaCode: area, maintenanceCompanyId: company, status: enabled };
    const where = sql`area_code = ${area} and maintenance_company_id = ${company}
      and status = ${enabled} and ${text('南宁')}`;
    for (const page of [1, 2]) {
      const expected = await exactly(where, page);
      expect(expected.n).toBeGreaterThan(20);
      const got = await listed({ ...filters, keyword: '南宁', page });
      expect({ total: got.total, approximate: got.approximate }).toEqual({
        total: expected.n,
        approximate: false,
      });
      expect(countsTheTerm(got.statements)).toBe(false);
      expect(got.records.map((r) => r.id)).toEqual(expected.ids);
    }
  });

  it('keeps the exact total of filters without a term', async () => {
    const expected = await exactly(
      sql`area_code = ${area} and maintenance_company_id = ${company} and status = ${enabled}`,
    );
    const got = await listed({ areaCode: area, maintenanceCompanyId: company, status: enabled });
    expect({ total: got.total, approximate: got.approximate }).toEqual({
      total: expected.n,
      approximate: false,
    });
    expect(got.records.map((r) => r.id)).toEqual(expected.ids);
  });
});
