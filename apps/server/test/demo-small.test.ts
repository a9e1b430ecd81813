import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * The smallest demo (`DEMO_ELEVATORS=20`, what CI's compiled-server check starts with): every
 * module's seeder fits its demo into the lifts there are (the inspection orders once gave two open
 * orders to one lift when they ran out of lifts, and the server did not start).
 */
describe('a demo of 20 lifts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: 'development', demoElevators: 20 });
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds, signs in, and keeps one open inspection order per lift', async () => {
    expect(await t.login('sy_admin1')).toBeTruthy();
    const [{ lifts, orders }] = rowsOf<{ lifts: number; orders: number }>(
      await t.platform.db.execute(sql`select (select count(*)::int from elevator) as lifts,
        (select count(*)::int from inspection_order) as orders`),
    );
    expect(lifts).toBeGreaterThanOrEqual(20);
    expect(orders).toBeGreaterThan(0);
  });
});
