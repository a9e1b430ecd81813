import { sql } from 'drizzle-orm';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { COUNT_CAP, FRESH_UP_TO, pageTotal } from '../src/platform/db/totals.ts';
import { createPostgresDatabase, dbKinds } from './harness.ts';

/** Any table: the totals kit knows nothing of elevators. */
const probe = pgTable('totals_probe', { id: serial('id').primaryKey(), v: integer('v').notNull() });

/** 150,000 rows, v = id % 100: each value of v matches 1,500 rows. */
const ROWS = 150_000;
/** Budgets that make the outcome independent of this machine's speed. */
const UNLIMITED = Number.POSITIVE_INFINITY;
const NONE = 0;

describe.each(dbKinds)('list totals of a large table (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    if (kind === 'postgres') {
      const pg = await createPostgresDatabase();
      dropDatabase = pg.drop;
      database = await openDatabase({ kind: 'postgres', url: pg.url });
    } else {
      database = await openDatabase({ kind: 'pglite' });
    }
    await database.db.execute(sql`create table totals_probe (id serial primary key, v int not null)`);
    await database.db.execute(sql`create index totals_probe_v on totals_probe (v, id)`);
    await database.db.execute(
      sql`insert into totals_probe (v) select g % 100 from generate_series(1, ${ROWS}) g`,
    );
    await database.db.execute(sql`vacuum analyze totals_probe`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await dropDatabase();
  });

  it('counts a list of 1,500 rows exactly, not as "约 1,500"', async () => {
    expect(await pageTotal(database.db, probe, sql`${probe.v} = 7`, false, { budgetMs: UNLIMITED })).toEqual({
      total: 1500,
      approximate: false,
    });
  });

  it('counts exactly up to 100,000 rows while counting keeps within its budget', async () => {
    // v < 60: 90,000 rows.
    expect(await pageTotal(database.db, probe, sql`${probe.v} < 60`, false, { budgetMs: UNLIMITED })).toEqual(
      {
        total: 90_000,
        approximate: false,
      },
    );
  });

  it('estimates past the cap, with at least the rows it counted', async () => {
    const { total, approximate } = await pageTotal(database.db, probe, sql`${probe.v} < 80`, false, {
      budgetMs: UNLIMITED,
    });
    expect(approximate).toBe(true);
    expect(total).toBeGreaterThan(COUNT_CAP);
    // The planner's estimate of the 120,000 rows, not a count of them.
    expect(total).toBeLessThan(140_000);
  });

  it('stops counting when the next stage would exceed the budget, and says the total is an estimate', async () => {
    // 1,500 rows: with no time to spare, the first stage (1,000) is as far as it counts.
    const { total, approximate } = await pageTotal(database.db, probe, sql`${probe.v} = 8`, false, {
      budgetMs: NONE,
    });
    expect(approximate).toBe(true);
    expect(total).toBeGreaterThan(1000);
    // Under 1,000 rows the first stage answers exactly whatever the budget.
    expect(
      await pageTotal(database.db, probe, sql`${probe.v} = 9 and ${probe.id} < 50000`, false, {
        budgetMs: NONE,
      }),
    ).toEqual({
      total: 500,
      approximate: false,
    });
  });

  it('counts a condition again from the stage that held its last exact count, and from the first once that overruns', async () => {
    const where = sql`${probe.v} = 11`;
    const exact = { total: 1500, approximate: false };
    // Counted in two stages (1,000, then 10,000), exactly, within the budget.
    expect(await pageTotal(database.db, probe, where, false, { budgetMs: UNLIMITED })).toEqual(exact);
    // The next count starts at the 10,000 stage: still exact with no time to spare, where starting
    // at the first stage would have stopped at 1,001 rows and estimated.
    expect(await pageTotal(database.db, probe, where, false, { budgetMs: NONE })).toEqual(exact);
    // That count overran its budget: the one after starts from the first stage again.
    expect((await pageTotal(database.db, probe, where, false, { budgetMs: NONE })).approximate).toBe(true);
  });

  it('counts a condition not counted yet from the stage that held the last exact count of the same statement', async () => {
    const exact = { total: 1500, approximate: false };
    // v = 12 in two stages, exactly; then v = 13 (the same text, another value) from the second stage:
    // exact with no time to spare, where the first stage would have stopped at 1,001 rows.
    expect(
      await pageTotal(database.db, probe, sql`${probe.v} = ${12}`, false, { budgetMs: UNLIMITED }),
    ).toEqual(exact);
    expect(await pageTotal(database.db, probe, sql`${probe.v} = ${13}`, false, { budgetMs: NONE })).toEqual(
      exact,
    );
    // That count overran its budget: another value starts from the first stage again.
    expect(
      (await pageTotal(database.db, probe, sql`${probe.v} = ${14}`, false, { budgetMs: NONE })).approximate,
    ).toBe(true);
  });

  it('answers an unfiltered list from the table statistics', async () => {
    const { total, approximate } = await pageTotal(database.db, probe, undefined, true);
    expect(approximate).toBe(true);
    expect(Math.abs(total - ROWS)).toBeLessThan(ROWS / 20);
  });

  it('remembers an over-cap condition instead of counting it again', async () => {
    const where = sql`${probe.v} >= 20`;
    const first = await pageTotal(database.db, probe, where, false, { budgetMs: UNLIMITED });
    expect(first.approximate).toBe(true);
    // Rows deleted now are not seen for 10 s: the total was an estimate anyway.
    await database.db.execute(sql`delete from totals_probe where v >= 97`);
    expect(await pageTotal(database.db, probe, where, false, { budgetMs: UNLIMITED })).toEqual(first);
    // A small condition is counted afresh every time.
    expect(
      await pageTotal(database.db, probe, sql`${probe.v} >= 97`, false, { budgetMs: UNLIMITED }),
    ).toEqual({
      total: 0,
      approximate: false,
    });
    expect(FRESH_UP_TO).toBeGreaterThanOrEqual(1000);
  });

  it("answers the caller's own count exactly, past the cap too, and remembers it like an exact total", async () => {
    let counted = 0;
    const countOf = (v: number) => async () => {
      counted++;
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from totals_probe where v < ${v}`),
      );
      return row.n;
    };
    // v < 85: 127,500 rows, past the cap: the staged count estimates (and remembers its estimate),
    // the caller's count is exact and is not answered that estimate.
    const where = sql`${probe.v} < 85`;
    expect((await pageTotal(database.db, probe, where, false, { budgetMs: UNLIMITED })).approximate).toBe(
      true,
    );
    const exact = { total: 127_500, approximate: false };
    expect(
      await pageTotal(database.db, probe, where, false, { budgetMs: UNLIMITED, count: countOf(85) }),
    ).toEqual(exact);
    // Above FRESH_UP_TO: remembered, not counted again within 10 s.
    expect(
      await pageTotal(database.db, probe, where, false, { budgetMs: UNLIMITED, count: countOf(85) }),
    ).toEqual(exact);
    expect(counted).toBe(1);
    // Up to FRESH_UP_TO: counted afresh each time.
    const small = sql`${probe.v} < 2`;
    expect(await pageTotal(database.db, probe, small, false, { budgetMs: NONE, count: countOf(2) })).toEqual({
      total: 3000,
      approximate: false,
    });
    await pageTotal(database.db, probe, small, false, { budgetMs: NONE, count: countOf(2) });
    expect(counted).toBe(3);
  });
});

describe('list totals of a small table', () => {
  it('counts exactly whatever the budget: a table of a few thousand rows costs little', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.db.execute(sql`create table totals_probe (id serial primary key, v int not null)`);
      await database.db.execute(
        sql`insert into totals_probe (v) select g % 2 from generate_series(1, 5000) g`,
      );
      await database.db.execute(sql`analyze totals_probe`);
      expect(await pageTotal(database.db, probe, sql`${probe.v} = 1`, false, { budgetMs: NONE })).toEqual({
        total: 2500,
        approximate: false,
      });
    } finally {
      await database.close();
    }
  });
});
