import { sql } from 'drizzle-orm';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/client.ts';
import { COUNT_CAP, pageTotal } from '../src/platform/db/totals.ts';

/** Any table: the totals kit knows nothing of elevators. */
const probe = pgTable('totals_probe', { id: serial('id').primaryKey(), v: integer('v').notNull() });

describe('list totals of a large table', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.db.execute(sql`create table totals_probe (id serial primary key, v int not null)`);
    await database.db.execute(
      sql`insert into totals_probe (v) select g % 100 from generate_series(1, 5000) g`,
    );
    await database.db.execute(sql`analyze totals_probe`);
  });
  afterAll(() => database?.close());

  it('counts exactly up to the cap', async () => {
    // v < 10: 500 rows.
    expect(await pageTotal(database.db, probe, sql`${probe.v} < 10`, false)).toEqual({
      total: 500,
      approximate: false,
    });
  });

  it('reports more than the cap as the planner’s estimate, marked approximate', async () => {
    const { total, approximate } = await pageTotal(database.db, probe, sql`${probe.v} < 50`, false);
    expect(approximate).toBe(true);
    expect(total).toBeGreaterThan(COUNT_CAP);
    // The planner's estimate is close to the 2,500 rows, not a count of them.
    expect(total).toBeGreaterThan(1500);
    expect(total).toBeLessThan(4000);
  });

  it('answers an unfiltered list from the table statistics', async () => {
    expect(await pageTotal(database.db, probe, undefined, true)).toEqual({ total: 5000, approximate: true });
  });

  it('remembers an over-cap condition instead of counting it again', async () => {
    const where = sql`${probe.v} >= 30`;
    const first = await pageTotal(database.db, probe, where, false);
    expect(first.approximate).toBe(true);
    // Rows deleted now are not seen for 10 s: the total was an estimate anyway.
    await database.db.execute(sql`delete from totals_probe where v >= 31`);
    expect(await pageTotal(database.db, probe, where, false)).toEqual(first);
    // Another condition is counted afresh.
    expect(await pageTotal(database.db, probe, sql`${probe.v} >= 31`, false)).toEqual({
      total: 0,
      approximate: false,
    });
  });
});
