import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_TEMPLATE_UPGRADE } from '../src/modules/maintenance/plans.ts';
import { runOnce } from '../src/platform/db/once.ts';
import { upgradeDone } from '../src/platform/db/tables.ts';
import { dbKinds, restartableInstallation } from './harness.ts';

/**
 * Data upgrades run once per installation (platform/db/once.ts): the first start claims the key and
 * runs the upgrade; later starts find the key and run nothing; an upgrade that fails leaves no claim
 * (the next start tries again); of 50 runs at once on PostgreSQL exactly one upgrades.
 */
describe.each(dbKinds)('upgrades run once on %s', (kind) => {
  const { started } = restartableInstallation(kind);

  it('runs the plans’ template upgrade on the first start only', async () => {
    let first: Date | undefined;
    await started(async (db) => {
      const [row] = await db.select().from(upgradeDone).where(eq(upgradeDone.key, PLAN_TEMPLATE_UPGRADE));
      expect(row?.result).toBe(0);
      first = row.doneAt;
    });
    await started(async (db) => {
      const rows = await db.select().from(upgradeDone).where(eq(upgradeDone.key, PLAN_TEMPLATE_UPGRADE));
      expect(rows).toHaveLength(1);
      expect(rows[0].doneAt).toEqual(first);
      // An installation from before the marker (no key): the next start runs it.
      await db.delete(upgradeDone).where(eq(upgradeDone.key, PLAN_TEMPLATE_UPGRADE));
    });
    await started(async (db) => {
      const [row] = await db.select().from(upgradeDone).where(eq(upgradeDone.key, PLAN_TEMPLATE_UPGRADE));
      expect(row?.doneAt.getTime()).toBeGreaterThan(first!.getTime());
    });
  });

  it('leaves no claim when the upgrade fails, and upgrades once of 50 runs at once', async () => {
    await started(async (db) => {
      await expect(
        db.transaction((tx) =>
          runOnce(tx, 'test.failing', async () => {
            throw new Error('升级失败');
          }),
        ),
      ).rejects.toThrow('升级失败');
      expect(await db.select().from(upgradeDone).where(eq(upgradeDone.key, 'test.failing'))).toEqual([]);

      let runs = 0;
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          db.transaction((tx) =>
            runOnce(tx, 'test.race', async (q) => {
              runs++;
              // Hold the claim a moment, so that the others really wait on it.
              await q.execute(sql`select pg_sleep(0.05)`);
              return 7;
            }),
          ),
        ),
      );
      expect(runs).toBe(1);
      expect(results.filter((r) => r === 7)).toHaveLength(1);
      expect(results.filter((r) => r === null)).toHaveLength(49);
      const [row] = await db.select().from(upgradeDone).where(eq(upgradeDone.key, 'test.race'));
      expect(row.result).toBe(7);
    });
  });
});
