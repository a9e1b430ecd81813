import { EXPORT_PARAMS, IOT_PARAMS, MONITOR_PARAMS } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { modules } from '../src/modules/index.ts';
import type { Db } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { SYSTEM_PARAMS } from '../src/platform/seed/base.ts';
import { dbKinds, restartableInstallation } from './harness.ts';

/**
 * 参数设置 on an installation made by an older version: base seeders run on an empty database only,
 * so a parameter a later version reads would never reach it. Every module's parameters (and the
 * platform's) are `startSeeders`: each start inserts the missing rows and keeps the rows an
 * administrator changed.
 */
type Param = { key: string; value: string; name: string; remark: string | null; builtIn: boolean };

describe.each(dbKinds)('parameters added on every start, on %s', (kind) => {
  const { started } = restartableInstallation(kind);
  const params = async (db: Db) =>
    new Map(
      rowsOf<Param>(
        await db.execute(
          sql`select config_key as key, value, name, remark, built_in as "builtIn" from sys_param`,
        ),
      ).map((p) => [p.key, p]),
    );

  let first = new Map<string, Param>();

  it('a new installation holds the platform’s and every module’s parameters', async () => {
    await started(async (db) => {
      first = await params(db);
    });
    const expected = [
      ...SYSTEM_PARAMS.map((p) => p.configKey),
      IOT_PARAMS.trappedSeconds.key,
      IOT_PARAMS.retentionMonths.key,
      MONITOR_PARAMS.loginLogRetentionDays.key,
      EXPORT_PARAMS.threshold.key,
      EXPORT_PARAMS.keepHours.key,
      'maintenanceSignInMaxMeters',
      'emergencyCodeOrigin',
    ];
    for (const key of expected) expect(first.has(key), key).toBe(true);
    // Every module that reads parameters declares how they are seeded on every start.
    expect(modules.filter((m) => (m.startSeeders ?? []).length > 0).map((m) => m.name)).toEqual(
      expect.arrayContaining(['iot', 'maintenance', 'operations', 'rescue']),
    );
  });

  it('a later start adds every missing parameter back and keeps the values an administrator set', async () => {
    const changed = IOT_PARAMS.trappedSeconds.key;
    // An older installation: none of today's parameters but one, which its administrator changed.
    await started(async (db) => {
      await db.execute(sql`delete from sys_param where config_key <> ${changed}`);
      await db.execute(
        sql`update sys_param set value = '90', name = '困人判定' where config_key = ${changed}`,
      );
    });
    await started(async (db) => {
      const now = await params(db);
      expect([...now.keys()].sort()).toEqual([...first.keys()].sort());
      for (const [key, p] of first) {
        if (key === changed) continue;
        expect(now.get(key), key).toEqual(p);
      }
      expect(now.get(changed)).toMatchObject({ value: '90', name: '困人判定' });
    });
  });
});
