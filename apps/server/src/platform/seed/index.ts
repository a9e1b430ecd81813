import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { seedBase } from './base.ts';
import { seedAdmin, seedDemo } from './demo.ts';

/**
 * Fills an empty database: reference data always, then demo accounts (development) or the admin
 * account (production). Each step runs once; later starts find the rows and leave them alone.
 * Domain modules add their demo data through `demoSeeders`.
 */
export type DemoSeeder = (
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  config: Config,
) => Promise<void>;

export async function seedDatabase(
  db: Db,
  config: Config,
  demoSeeders: DemoSeeder[] = [],
  menuButtons: Record<string, { name: string; perms: string }[]>[] = [],
) {
  await db.transaction(async (tx) => {
    // Nodes starting together on one PostgreSQL seed one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(7400002)`);
    await seedBase(tx, menuButtons);
    if (config.seedDemo) {
      if (await seedDemo(tx, config.demoPassword)) {
        for (const seeder of demoSeeders) await seeder(tx, config);
      }
    } else if (config.adminPassword) {
      await seedAdmin(tx, config.adminPassword);
    }
  });
}
