import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadSide } from '../src/modules/statistics/query.ts';
import { liftRates, useUnitRates } from '../src/modules/statistics/rates.ts';
import { refreshStats } from '../src/modules/statistics/rollup.ts';
import type { AuthUser } from '../src/platform/access.ts';
import type { Queryable } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { userOf } from './stats-support.ts';

/*
 * The rankings read from a window (the lift ranking: stats_lift_window, in its default order;
 * elevatorUserData: stats_use_window, in every order it offers) take a page from an index of the
 * window (tables.ts sortIndexes), not from a sort of every lift or use unit of the level: with sorting
 * and sequential scans priced out, the plan of the statement that reads the window's page is a Limit
 * over an index scan of that window, for the city, a district and a company, each order each way.
 * (Which plan the planner picks at a given size is its own; this checks that an index answers the
 * order. The answers themselves are compared with direct rankings by stats.test.ts and
 * stats-use-window.test.ts.) 困人 per 100 lifts of the use units is not indexed: its rounding
 * depends on the period's months.
 */

/** The lift ranking's default order only: its other orders sort the level's lifts (tables.ts). */
const LIFT_ORDERS = ['trappedCases'];
const USE_ORDERS = ['trappedCases', 'lifts', 'faults', 'overdueInspection', 'overdueMaintenance'];

describe.each(dbKinds)('the rankings’ sort indexes on %s', (kind) => {
  let t: TestApp;
  let wb1: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const [c] = rowsOf<{ id: number }>(
      await t.platform.db.execute(sql`select maintenance_company_id as id from elevator
        where maintenance_company_id is not null group by 1 order by count(*) desc limit 1`),
    );
    wb1 = Number(c?.id);
    await t.platform.db.transaction((tx) => refreshStats(tx));
  }, 900_000);
  afterAll(() => t?.close());

  /**
   * The plans of the statements `figure` sends that read `table`'s page (an `order by … limit`),
   * with sorts and sequential scans priced out (in a transaction rolled back).
   */
  async function plansOf(table: string, figure: (side: ReadSide) => Promise<unknown>): Promise<string[]> {
    const plans: string[] = [];
    await t.platform.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const db = new Proxy(tx, {
          get(target, prop, receiver) {
            if (prop !== 'execute') return Reflect.get(target, prop, receiver);
            return async (q: SQL) => {
              const text = (
                target as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }
              ).dialect.sqlToQuery(q).sql;
              if (new RegExp(`from ${table}\\s`).test(text) && /\blimit\b/.test(text)) {
                const found = rowsOf<{ 'QUERY PLAN': string }>(
                  await target.execute(sql`explain (costs off) ${q}`),
                );
                plans.push(found.map((r) => r['QUERY PLAN']).join('\n'));
              }
              return target.execute(q);
            };
          },
        }) as Queryable;
        await figure({ db, source: 'primary', lagSeconds: null });
        throw new Error('rolled back');
      })
      .catch((e: Error) => {
        if (e.message !== 'rolled back') throw e;
      });
    return plans;
  }

  /** The window's page is a Limit directly over an index scan of `table` (no sort of the level). */
  const indexed = (plan: string, table: string) =>
    new RegExp(`Limit\\s*\\n\\s*->\\s+Index (Only )?Scan( Backward)? using ${table}_\\w+ on ${table}`).test(
      plan,
    );

  const scopes = (): [string, AuthUser, Record<string, unknown>][] => [
    ['the city', userOf({}), {}],
    ['a district', userOf({}), { areaCode: '450103' }],
    ['a company', userOf({}), { maintenanceCompanyId: wb1 }],
  ];

  it('reads a page of the lift ranking in its default order from the rank index of the lift window', async () => {
    for (const [who, user, f] of scopes())
      for (const sortField of LIFT_ORDERS)
        for (const sortOrder of ['descend'] as const) {
          const label = `${who}, ${sortField} ${sortOrder}`;
          const plans = await plansOf('stats_lift_window', (side) =>
            liftRates(side, user, { ...f, sortField, sortOrder, page: 2, limit: 5 } as never),
          );
          expect(plans.length, label).toBe(1);
          expect(indexed(plans[0] as string, 'stats_lift_window'), `${label}\n${plans[0]}`).toBe(true);
        }
  }, 600_000);

  it('reads a page of elevatorUserData in every order but 困人 per 100 lifts from an index of the use-unit window', async () => {
    for (const [who, user, f] of scopes())
      for (const sortField of USE_ORDERS)
        for (const sortOrder of ['descend', 'ascend'] as const) {
          const label = `${who}, ${sortField} ${sortOrder}`;
          const plans = await plansOf('stats_use_window', (side) =>
            useUnitRates(side, user, { ...f, sortField, sortOrder, page: 2, limit: 5 } as never),
          );
          expect(plans.length, label).toBe(1);
          expect(indexed(plans[0] as string, 'stats_use_window'), `${label}\n${plans[0]}`).toBe(true);
        }
  }, 600_000);
});
