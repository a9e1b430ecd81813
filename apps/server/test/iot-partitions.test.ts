import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPartitions, maintainPartitions } from '../src/modules/iot/jobs.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { query } from './iot-support.ts';

/**
 * The history's monthly partitions (PostgreSQL declarative partitioning, on PGlite as well), driven
 * by a controlled clock: the job makes the months ahead (moving in what the default partition held
 * for them), routes each row to its month, and drops the months past the retention parameter.
 */
describe.each(dbKinds)('IoT history partitions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const months = async () => (await historyPartitions(t.platform.db)).map((p) => p.name);
  const partitionOf = async (at: string) =>
    (
      await query<{ p: string }>(
        t,
        `select tableoid::regclass::text as p from iot_history where device_id = -1 and at = '${at}'`,
      )
    )[0]?.p;

  it('is a partitioned table with last month, this month and the next two made at start', async () => {
    const [{ kind: relkind }] = await query<{ kind: string }>(
      t,
      `select relkind::text as kind from pg_class where relname = 'iot_history'`,
    );
    expect(relkind).toBe('p');
    const now = new Date();
    const name = (i: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
      return `iot_history_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(await months()).toEqual(expect.arrayContaining([name(-1), name(0), name(1), name(2)]));
  });

  it("takes last month's late messages into their day on a fresh installation", async () => {
    // A device that buffered while offline sends the last hour of January after the turn of the month,
    // to a server that first started in February: the row lands in its day, not the default partition.
    const { created } = await maintainPartitions(t.platform.db, new Date('2030-02-01T06:00:00Z'));
    expect(created).toEqual([
      'iot_history_203001',
      'iot_history_203002',
      'iot_history_203003',
      'iot_history_203004',
    ]);
    await query(
      t,
      `insert into iot_history (at, received_at, device_id, kind, message)
        values ('2030-01-31T23:30:00Z', '2030-02-01T06:05:00Z', -1, 'status', '{}')`,
    );
    expect(await partitionOf('2030-01-31T23:30:00Z')).toBe('iot_history_20300131_late');
  });

  it('creates months ahead of a later clock, moving the rows the default partition held', async () => {
    // A row far ahead (a device clock) waits in the default partition …
    await query(
      t,
      `insert into iot_history (at, device_id, kind, message) values ('2031-03-15T00:00:00Z', -1, 'status', '{}')`,
    );
    expect(await partitionOf('2031-03-15T00:00:00Z')).toBe('iot_history_default');
    // … until the clock reaches its month.
    const { created } = await maintainPartitions(t.platform.db, new Date('2031-02-10T00:00:00Z'));
    expect(created).toEqual([
      'iot_history_203101',
      'iot_history_203102',
      'iot_history_203103',
      'iot_history_203104',
    ]);
    expect(await partitionOf('2031-03-15T00:00:00Z')).toBe('iot_history_20310315_recv');
    await query(
      t,
      `insert into iot_history (at, device_id, kind, message) values ('2031-04-01T00:00:00Z', -1, 'status', '{}')`,
    );
    expect(await partitionOf('2031-04-01T00:00:00Z')).toBe('iot_history_20310401_recv');
    // Running again changes nothing.
    expect((await maintainPartitions(t.platform.db, new Date('2031-02-11T00:00:00Z'))).created).toEqual([]);
  });

  it('drops the months past the retention parameter, and keeps the others', async () => {
    await query(t, `update sys_param set value = '2' where config_key = 'iotHistoryRetentionMonths'`);
    const { dropped, created } = await maintainPartitions(t.platform.db, new Date('2031-06-05T00:00:00Z'));
    expect(created).toEqual([
      'iot_history_203105',
      'iot_history_203106',
      'iot_history_203107',
      'iot_history_203108',
    ]);
    // Two months kept before June: April and May; March and everything older goes.
    expect(dropped).toContain('iot_history_203103');
    expect(dropped).not.toContain('iot_history_203104');
    const left = await months();
    expect(left).toContain('iot_history_203104');
    expect(left.every((m) => m >= 'iot_history_203104')).toBe(true);
    expect(await partitionOf('2031-03-15T00:00:00Z')).toBeUndefined();
    expect(await partitionOf('2031-04-01T00:00:00Z')).toBe('iot_history_20310401_recv');
  });
});
