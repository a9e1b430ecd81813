import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../files/storage.ts';
import { seedBase, seedSystemParams } from './base.ts';
import { seedAdmin, seedDemo } from './demo.ts';

/**
 * Fills an empty database: reference data always, then demo accounts (development) or the admin
 * account (production). Each step runs once; later starts find the rows and leave them alone,
 * except the parameters (`startSeeders`), whose missing rows every start adds.
 * Domain modules add their demo data through `demoSeeders`.
 */
export type DemoSeeder = (
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  config: Config,
  /** Where demo files go (photos, signatures); null when the caller has none. */
  storage: FileStorage | null,
) => Promise<void>;

type Seeder = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>;

export async function seedDatabase(
  db: Db,
  config: Config,
  demoSeeders: DemoSeeder[] = [],
  menuButtons: Record<string, { name: string; perms: string }[]>[] = [],
  log?: { info(msg: string): void },
  storage: FileStorage | null = null,
  /** Reference data of the modules, seeded once with the platform's (demo or not). */
  baseSeeders: Seeder[] = [],
  /** Rows later versions add to (parameters), inserted on every start; existing rows are kept. */
  startSeeders: Seeder[] = [],
) {
  await db.transaction(async (tx) => {
    // Nodes starting together on one PostgreSQL seed one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(7400002)`);
    if (await seedBase(tx, menuButtons)) for (const seeder of baseSeeders) await seeder(tx);
    await seedSystemParams(tx);
    for (const seeder of startSeeders) await seeder(tx);
    if (config.seedDemo) {
      if (await seedDemo(tx, config.demoPassword)) {
        // The first start of a new data folder spends a while here: say so, it prints nothing else.
        const started = Date.now();
        log?.info(`首次启动：正在生成演示数据（${config.demoElevators} 台电梯及其维保记录），请稍候…`);
        for (const seeder of demoSeeders) await seeder(tx, config, storage);
        log?.info(`演示数据已生成，用时 ${Math.round((Date.now() - started) / 1000)} 秒`);
      }
    } else if (config.adminPassword) {
      await seedAdmin(tx, config.adminPassword);
    }
  });
}
