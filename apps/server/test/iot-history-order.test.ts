import type { IotDeviceRow } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ingestor } from '../src/modules/iot/ingest.ts';
import { maintainPartitions, orderDay, orderFinishedDays, unorderedDays } from '../src/modules/iot/jobs.ts';
import { dbErrorCode } from '../src/platform/db/conflicts.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, normal, query } from './iot-support.ts';

/**
 * The history's days on disk (docs/paths.md, "History on disk"): each UTC day of a month is its own
 * table, in two parts by arrival (`_recv` until an hour after the day, `_late` after). The job
 * iot-history-order rewrites each finished day's `_recv` in (lift, time) order as `_ordered`, once;
 * the reads answer the same rows before and after, late messages still land and are read, and the
 * retention still drops whole months. Driven by a controlled clock in 2032 (months made for it).
 */
describe.each(dbKinds)('IoT history ordered by lift on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let liftA: number;
  let liftB: number;
  let liftC: { id: number; registerCode: string };
  const OTHER = 900_000_001;
  // The Shanghai day 2032-03-10: UTC 2032-03-09T16:00 to 2032-03-10T16:00, on two UTC days.
  const DATE = '2032-03-10';
  const dayStart = Date.parse('2032-03-09T16:00:00Z');

  const leafOf = async (lift: number, at: string) =>
    (
      await query<{ p: string }>(
        t,
        `select tableoid::regclass::text as p from iot_history where elevator_id = ${lift} and at = '${at}'`,
      )
    ).map((r) => r.p);
  const physical = async (table: string) =>
    (
      await query<{ e: number; at: string }>(
        t,
        `select elevator_id as e, at::text as at from ${table} order by ctid`,
      )
    ).map((r) => `${r.e}|${r.at}`);
  const reads = async (lift: number) => {
    const history = await t.api<{ runs: unknown[]; runCount: number; alarms: unknown[] }>(
      'GET',
      '/iot/lift/history',
      { token: admin, query: { elevatorId: lift, date: DATE, limit: 500 } },
    );
    expect(history.status, history.body.resultMsg).toBe(200);
    const pages = [];
    for (const [order, page] of [
      ['asc', 1],
      ['asc', 2],
      ['desc', 1],
    ] as const) {
      const res = await t.api<{ records: unknown[]; total: number }>('GET', '/iot/lift/messages', {
        token: admin,
        query: { elevatorId: lift, date: DATE, order, page, limit: 100 },
      });
      expect(res.status, res.body.resultMsg).toBe(200);
      pages.push(res.body.data);
    }
    return { history: history.body.data, pages };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    liftA = (await demoLift(t)).id;
    liftB = (await demoLift(t, [liftA])).id;
    liftC = await demoLift(t, [liftA, liftB]);
    await query(t, `update sys_param set value = '1000' where config_key = 'iotHistoryRetentionMonths'`);
    await maintainPartitions(t.platform.db, new Date('2032-03-01T00:00:00Z'));
    // Three lifts every 10 minutes over the Shanghai day and the hours around it, written in time
    // order as devices send them (received as measured): each lift's rows lie among the others'.
    await query(
      t,
      `insert into iot_history (at, device_id, elevator_id, kind, message, received_at)
        select at, -lift, lift, 'status', jsonb_build_object('mode', 'normal',
          'run', case when (tick / 3 + lift) % 4 = 0 then 'up' when (tick / 3 + lift) % 4 = 2 then 'down' else 'stop' end,
          'floor', 1 + (tick + lift) % 12, 'doorZone', true, 'door', 'open', 'passenger', false,
          'power', 'mains', 'speed', 0, 'safetyCircuit', true, 'doorLockCircuit', true), at
        from generate_series(0, 6 * 30 - 1) tick,
          unnest(array[${liftA}, ${liftB}, ${OTHER}]) lift,
          lateral (select '${new Date(dayStart - 3 * 3600_000).toISOString()}'::timestamptz
            + make_interval(mins => tick * 10) as at) x
        order by at, lift`,
    );
  });
  afterAll(() => t?.close());

  it('makes each day of a month a table in two parts, routed by arrival', async () => {
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from pg_inherits where inhparent = 'iot_history_203203'::regclass`,
    );
    expect(n).toBe(31);
    // As written: the first rows of the day interleave the lifts.
    expect(await leafOf(liftA, '2032-03-10T00:00:00Z')).toEqual(['iot_history_20320310_recv']);
    const first = (await physical('iot_history_20320310_recv')).slice(0, 3).map((r) => r.split('|')[0]);
    expect(new Set(first).size).toBe(3);
    // Received more than an hour after its day ended: the day's late part.
    await query(
      t,
      `insert into iot_history (at, device_id, elevator_id, kind, message, received_at)
        values ('2032-03-10T05:00:05Z', -${liftA}, ${liftA}, 'status', '{"mode":"normal","run":"up","floor":9}',
          '2032-03-11T01:00:00Z')`,
    );
    expect(await leafOf(liftA, '2032-03-10T05:00:05Z')).toEqual(['iot_history_20320310_late']);
  });

  it('orders each finished day once, in (lift, time) order, and reads the same rows as before', async () => {
    const beforeA = await reads(liftA);
    const beforeB = await reads(liftB);
    expect(beforeA.pages[0].total).toBe(6 * 24 + 1);
    expect(beforeA.history.runCount).toBeGreaterThan(0);
    const rowsBefore = (await physical('iot_history_20320310_recv')).sort();

    // Before the cut-off (an hour past the day's end) the day waits; the day before is done.
    const early = await orderFinishedDays(t.platform.db, new Date('2032-03-11T00:59:00Z'));
    expect(early.map((d) => d.name)).toContain('iot_history_20320309_recv');
    expect(early.map((d) => d.name)).not.toContain('iot_history_20320310_recv');
    expect(early.find((d) => d.name === 'iot_history_20320309_recv')?.rows).toBe(3 * 66);
    const done = await orderFinishedDays(t.platform.db, new Date('2032-03-11T01:00:00Z'));
    expect(done.map((d) => d.name)).toEqual(['iot_history_20320310_recv']);
    expect(done[0].rows).toBe(3 * 114);
    // Once: the next run has nothing to do for it.
    expect(
      (await orderFinishedDays(t.platform.db, new Date('2032-03-11T02:00:00Z'))).map((d) => d.name),
    ).toEqual([]);
    expect((await unorderedDays(t.platform.db)).map((d) => d.name)).not.toContain(
      'iot_history_20320310_recv',
    );

    // On disk: the same rows, each lift's together and in time order.
    const [{ recv }] = await query<{ recv: boolean }>(
      t,
      `select to_regclass('iot_history_20320310_recv') is not null as recv`,
    );
    expect(recv).toBe(false);
    const after = await physical('iot_history_20320310_ordered');
    expect([...after].sort()).toEqual(rowsBefore);
    const key = (r: string) => {
      const [e, at] = r.split('|');
      return [Number(e), Date.parse(at)] as const;
    };
    const sorted = [...after].sort((x, y) => key(x)[0] - key(y)[0] || key(x)[1] - key(y)[1]);
    expect(after).toEqual(sorted);
    expect(await leafOf(liftA, '2032-03-10T00:00:00Z')).toEqual(['iot_history_20320310_ordered']);

    // The reads answer exactly what they answered before.
    expect(await reads(liftA)).toEqual(beforeA);
    expect(await reads(liftB)).toEqual(beforeB);
  });

  it('stores and reads a late message of an ordered day', async () => {
    const before = await reads(liftA);
    // A backlog received before the cut-off (lands in the ordered part, after its rows) and one
    // received later (the late part); both are read with the day.
    await query(
      t,
      `insert into iot_history (at, device_id, elevator_id, kind, message, received_at) values
        ('2032-03-10T07:00:05Z', -${liftA}, ${liftA}, 'status', '{"mode":"normal","run":"down","floor":11}', '2032-03-11T00:30:00Z'),
        ('2032-03-10T07:00:06Z', -${liftA}, ${liftA}, 'status', '{"mode":"normal","run":"stop","floor":2}', '2032-03-12T00:00:00Z')`,
    );
    expect(await leafOf(liftA, '2032-03-10T07:00:05Z')).toEqual(['iot_history_20320310_ordered']);
    expect(await leafOf(liftA, '2032-03-10T07:00:06Z')).toEqual(['iot_history_20320310_late']);
    const after = await reads(liftA);
    expect(after.pages[0].total).toBe(before.pages[0].total + 2);
    const all = [...after.pages[0].records, ...after.pages[1].records] as { at: string }[];
    expect(all.map((r) => r.at)).toEqual(
      expect.arrayContaining(['2032-03-10 15:00:05', '2032-03-10 15:00:06']),
    );
    // In time order whatever part each came from.
    expect(all.map((r) => r.at)).toEqual([...all.map((r) => r.at)].sort());
    // The down run at 15:00:05 is one of the day's runs now.
    expect(after.history.runCount).toBeGreaterThan(before.history.runCount - 1);
    expect(JSON.stringify(after.history.runs)).toContain('2032-03-10 15:00:05');
  });

  it('loses no message written while a day is being ordered (50 at once on PostgreSQL)', async () => {
    // A device on lift C; its ingestion's clock just before the cut-off of 2032-03-20 (a backlog: its
    // messages belong to the part being ordered) while 50 late messages of other lifts arrive after it.
    const merchant = await t.login('iot_admin1');
    const added = await t.api<{ device: IotDeviceRow; secret: string }[]>('POST', '/iot/device/batchAdd', {
      token: merchant,
      body: { devices: [{ code: 'ORDER-1', name: '整理终端', registerCode: liftC.registerCode }] },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    const device = added.body.data[0].device;
    const day = new Date('2032-03-20T00:00:00Z');
    await query(
      t,
      `insert into iot_history (at, device_id, elevator_id, kind, message, received_at)
        select at, -lift, lift, 'status', '{"mode":"normal","run":"stop","floor":1}', at
        from generate_series(0, 143) tick, unnest(array[${liftA}, ${liftB}, ${OTHER}]) lift,
          lateral (select '2032-03-20T00:00:00Z'::timestamptz + make_interval(mins => tick * 10) as at) x
        order by at, lift`,
    );
    // What the ingestor logs: a batch retried after the job's swap, never one failed.
    const logged: { level: string; code: string | null }[] = [];
    const note = (level: string) => (o: unknown) =>
      void logged.push({ level, code: dbErrorCode((o as { err?: unknown }).err) });
    const ingestor = new Ingestor(
      t.platform.db,
      { warn: note('warn'), error: note('error') },
      () => new Date('2032-03-21T00:59:59Z'),
    );
    const N = 50;
    const [ordered, stored, late] = await Promise.all([
      orderDay(t.platform.db, day).catch(() => -1),
      Promise.all(
        Array.from({ length: N }, (_, i) =>
          ingestor.accept({
            deviceCode: 'ORDER-1',
            kind: 'status',
            merchantId: device.merchantId,
            payload: JSON.stringify(
              normal({ t: Date.parse('2032-03-20T12:00:00Z') + i * 1000, floor: 1 + (i % 9) }),
            ),
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: N }, (_, i) =>
          t.platform.db.execute(
            sql.raw(`insert into iot_history (at, device_id, elevator_id, kind, message, received_at)
              values ('2032-03-20T13:00:00Z'::timestamptz + make_interval(secs => ${i}), -${OTHER}, ${OTHER},
                'status', '{"mode":"normal","run":"up","floor":2}', '2032-03-21T02:00:00Z')`),
          ),
        ),
      ),
    ]);
    await ingestor.flush();
    expect(stored.every(Boolean)).toBe(true);
    expect(ingestor.counters.dropped).toEqual({});
    // A retry names the deadlock or the swapped part it was retried after.
    for (const l of logged)
      expect({ level: l.level, retried: ['40P01', '42P01'].includes(l.code ?? '') }).toEqual({
        level: 'warn',
        retried: true,
      });
    expect(late).toHaveLength(N);
    // The job either ordered the day or gave way (a deadlock with a waiting writer); the next run does it.
    if (ordered < 0) await orderDay(t.platform.db, day);
    const [{ recv }] = await query<{ recv: boolean }>(
      t,
      `select to_regclass('iot_history_20320320_recv') is not null as recv`,
    );
    expect(recv).toBe(false);
    const count = async (where: string) =>
      (await query<{ n: number }>(t, `select count(*)::int as n from iot_history where ${where}`))[0].n;
    expect(await count(`elevator_id = ${liftC.id} and at >= '2032-03-20' and at < '2032-03-21'`)).toBe(N);
    expect(await count(`elevator_id = ${OTHER} and at >= '2032-03-20' and at < '2032-03-21'`)).toBe(144 + N);
    expect(await count(`at >= '2032-03-20' and at < '2032-03-21'`)).toBe(3 * 144 + 2 * N);
    const parts = await query<{ p: string; n: number }>(
      t,
      `select tableoid::regclass::text as p, count(*)::int as n from iot_history
        where at >= '2032-03-20' and at < '2032-03-21' group by 1 order by 1`,
    );
    expect(parts).toEqual([
      { p: 'iot_history_20320320_late', n: N },
      { p: 'iot_history_20320320_ordered', n: 3 * 144 + N },
    ]);
  });

  it('drops ordered days with their month when the retention passes', async () => {
    await query(t, `update sys_param set value = '2' where config_key = 'iotHistoryRetentionMonths'`);
    const { dropped } = await maintainPartitions(t.platform.db, new Date('2032-06-05T00:00:00Z'));
    expect(dropped).toContain('iot_history_203203');
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from pg_class where relname like 'iot\\_history\\_203203%'`,
    );
    expect(n).toBe(0);
    expect((await reads(liftA)).pages[0].total).toBe(0);
    expect((await unorderedDays(t.platform.db)).some((d) => d.name.startsWith('iot_history_203203'))).toBe(
      false,
    );
  });
});
