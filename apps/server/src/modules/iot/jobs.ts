import { IOT_ALARM_OFFLINE, IOT_ALARM_TRAPPED, IOT_PARAMS } from '@ec/contract';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { paramNumber } from '../../platform/params.ts';
import { liftsRelation } from '../elevator/api.ts';
import { raiseAlarm } from './ingest.ts';
import { iotAlarm, iotBinding, iotDevice, iotLiftState } from './tables.ts';

/*
 * The module's scheduled work, each a function of the clock so that tests drive it with their own:
 * 离线 detection, 困人 of a lift that fell silent while trapped, and the history's partitions.
 */

const quietLog = { error: () => undefined } as unknown as Pick<FastifyBaseLogger, 'error'>;

/**
 * Devices silent for longer than 3 × their interval become 离线; a bound one opens the lift's
 * 设备离线 alarm (cleared by its next message). Answers the devices that went offline.
 */
export async function detectOffline(db: Queryable, now: Date, log = quietLog): Promise<number[]> {
  const gone = await db
    .update(iotDevice)
    .set({ state: 2 })
    .where(
      and(
        eq(iotDevice.state, 1),
        lt(
          iotDevice.lastSeenAt,
          sql`${now.toISOString()}::timestamptz - make_interval(secs => ${iotDevice.intervalSeconds} * 3)`,
        ),
      ),
    )
    .returning({
      id: iotDevice.id,
      code: iotDevice.code,
      merchantId: iotDevice.merchantId,
      lastSeenAt: iotDevice.lastSeenAt,
    });
  if (gone.length === 0) return [];
  const lift = liftsRelation().as('lift');
  const bound = await db
    .select({ deviceId: iotBinding.deviceId, elevatorId: iotBinding.elevatorId, areaCode: lift.areaCode })
    .from(iotBinding)
    .leftJoin(lift, eq(lift.id, iotBinding.elevatorId))
    .where(
      and(
        inArray(
          iotBinding.deviceId,
          gone.map((g) => g.id),
        ),
        isNull(iotBinding.unboundAt),
      ),
    );
  for (const b of bound) {
    const d = gone.find((g) => g.id === b.deviceId);
    if (!d) continue;
    await raiseAlarm(db, log, {
      elevatorId: b.elevatorId,
      deviceId: d.id,
      deviceCode: d.code,
      merchantId: d.merchantId,
      areaCode: b.areaCode,
      type: IOT_ALARM_OFFLINE,
      openedAt: now,
      lastAt: now,
      detail: `最后通信 ${d.lastSeenAt?.toISOString() ?? '无'}`,
    });
  }
  return gone.map((g) => g.id);
}

/**
 * A lift whose device reported it trapped and then said nothing more: 困人 once `iotTrappedSeconds`
 * have passed since, as if its next state had come (the ingestion decides it on each message).
 */
export async function detectTrapped(db: Queryable, now: Date, log = quietLog): Promise<number> {
  const seconds = await paramNumber(db, IOT_PARAMS.trappedSeconds.key, IOT_PARAMS.trappedSeconds.fallback);
  const lift = liftsRelation().as('lift');
  const due = await db
    .select({
      elevatorId: iotLiftState.elevatorId,
      deviceId: iotDevice.id,
      code: iotDevice.code,
      merchantId: iotDevice.merchantId,
      areaCode: lift.areaCode,
      floor: iotLiftState.floor,
      doorZone: iotLiftState.doorZone,
    })
    .from(iotLiftState)
    .innerJoin(
      iotBinding,
      and(eq(iotBinding.elevatorId, iotLiftState.elevatorId), isNull(iotBinding.unboundAt)),
    )
    .innerJoin(iotDevice, eq(iotDevice.id, iotBinding.deviceId))
    .leftJoin(lift, eq(lift.id, iotLiftState.elevatorId))
    .where(
      and(
        lt(iotLiftState.trappedSince, new Date(now.getTime() - seconds * 1000)),
        sql`not exists (select 1 from ${iotAlarm} where ${iotAlarm.elevatorId} = ${iotLiftState.elevatorId}
          and ${iotAlarm.type} = ${IOT_ALARM_TRAPPED} and ${iotAlarm.clearedAt} is null)`,
      ),
    );
  for (const d of due) {
    await raiseAlarm(db, log, {
      elevatorId: d.elevatorId,
      deviceId: d.deviceId,
      deviceCode: d.code,
      merchantId: d.merchantId,
      areaCode: d.areaCode,
      type: IOT_ALARM_TRAPPED,
      openedAt: now,
      lastAt: now,
      detail: `${d.floor} 层${d.doorZone ? '平层' : '非平层'}停梯，门关闭，轿内有人`,
    });
  }
  return due.length;
}

// ---------------------------------------------------------------- partitions

/*
 * The history is partitioned three times:
 *   iot_history                      by range of `at`: one partition per UTC month, and the default
 *     iot_history_YYYYMM             by range of `at`: one partition per UTC day of the month
 *       iot_history_YYYYMMDD         by range of `received_at`, at the day's end + LATE_AFTER_MS:
 *         iot_history_YYYYMMDD_recv      what arrived by then (in time order, as written), until the
 *                                        job `iot-history-order` rewrites it in (lift, time) order as
 *         iot_history_YYYYMMDD_ordered   the same rows, each lift's day on a run of adjacent pages;
 *         iot_history_YYYYMMDD_late      what arrived later (a device's backlog): few rows, as written.
 * Retention drops whole months. Only the month level has a default partition (a device's clock far off).
 * A message is routed by its `at` and the server's `received_at`, so once a day's cut-off has passed
 * nothing writes its `_recv` part any more: the job rewrites it while late messages keep landing in
 * `_late`, and the reads see both.
 */

const MONTH_RE = /^iot_history_(\d{4})(\d{2})$/;
const RECV_RE = /^iot_history_(\d{4})(\d{2})(\d{2})_recv$/;
const DAY_MS = 86_400_000;
/** A message received this long after its UTC day ended goes to the day's `_late` part. */
export const LATE_AFTER_MS = 3_600_000;
const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m, 1));
const ymd = (d: Date) =>
  `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
const partitionName = (d: Date) => `iot_history_${ymd(d).slice(0, 6)}`;
const lit = (d: Date) => `'${d.toISOString()}'`;

/** The monthly partitions of the history (name and the month's start, UTC). */
export async function historyPartitions(db: Queryable): Promise<{ name: string; from: Date }[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid where i.inhparent = 'iot_history'::regclass`),
  );
  return rows
    .map((r) => ({ name: r.name, m: MONTH_RE.exec(r.name) }))
    .filter((r) => r.m)
    .map((r) => ({ name: r.name, from: monthStart(Number(r.m?.[1]), Number(r.m?.[2]) - 1) }))
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/** The statements that make a month's table with its days and their two parts (not yet attached). */
function monthStatements(from: Date, to: Date): string[] {
  const month = partitionName(from);
  const out = [`create table ${month} (like iot_history including defaults) partition by range (at)`];
  for (let d = from; d < to; d = new Date(d.getTime() + DAY_MS)) {
    const next = new Date(d.getTime() + DAY_MS);
    const day = `iot_history_${ymd(d)}`;
    const cut = lit(new Date(next.getTime() + LATE_AFTER_MS));
    out.push(
      `create table ${day} partition of ${month} for values from (${lit(d)}) to (${lit(next)}) partition by range (received_at)`,
      `create table ${day}_recv partition of ${day} for values from (minvalue) to (${cut})`,
      `create table ${day}_late partition of ${day} for values from (${cut}) to (maxvalue)`,
    );
  }
  return out;
}

/**
 * Makes the partitions of the previous month, this month and the next `ahead` ones (UTC months, each
 * with its days), and drops those whose month ended more than `iotHistoryRetentionMonths` months
 * before this one. Answers what it did. The previous month matters on a fresh installation only (the
 * daily job made it ahead everywhere else): a device that buffered its messages while offline sends
 * last month's readings after the turn of the month, and they belong in their day, not the default
 * partition.
 */
export async function maintainPartitions(
  db: Queryable,
  now: Date,
  ahead = 2,
): Promise<{ created: string[]; dropped: string[] }> {
  const created: string[] = [];
  const existing = new Set((await historyPartitions(db)).map((p) => p.name));
  for (let i = -1; i <= ahead; i++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = partitionName(from);
    if (existing.has(name)) continue;
    // Made beside the table and attached, with the rows the default partition held for its month
    // moved in first (routed to their days): attaching checks the default partition has none left.
    await db.transaction(async (tx) => {
      for (const s of monthStatements(from, to)) await tx.execute(sql.raw(s));
      await tx.execute(
        sql.raw(`with moved as (delete from iot_history_default
          where at >= ${lit(from)} and at < ${lit(to)} returning *)
          insert into ${name} select * from moved`),
      );
      await tx.execute(
        sql.raw(
          `alter table iot_history attach partition ${name} for values from (${lit(from)}) to (${lit(to)})`,
        ),
      );
    });
    created.push(name);
  }
  const months = await paramNumber(db, IOT_PARAMS.retentionMonths.key, IOT_PARAMS.retentionMonths.fallback);
  const keepFrom = monthStart(now.getUTCFullYear(), now.getUTCMonth() - Math.max(1, months));
  const dropped: string[] = [];
  for (const p of await historyPartitions(db)) {
    if (p.from >= keepFrom) continue;
    await db.execute(sql.raw(`drop table if exists ${p.name}`));
    dropped.push(p.name);
  }
  // Rows outside every month (a device's clock far off) wait in the default partition; trim it too.
  await db.execute(sql`delete from iot_history_default where at < ${keepFrom.toISOString()}::timestamptz`);
  return { created, dropped };
}

/** The days whose `_recv` part still waits to be ordered (oldest first), with their cut-off. */
export async function unorderedDays(db: Queryable): Promise<{ day: Date; name: string; cutoff: Date }[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select relname as name from pg_class
      where relname like 'iot\_history\_%\_recv' and relkind = 'r'`),
  );
  return rows
    .map((r) => RECV_RE.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return { day, name: m[0], cutoff: new Date(day.getTime() + DAY_MS + LATE_AFTER_MS) };
    })
    .sort((a, b) => a.day.getTime() - b.day.getTime());
}

/**
 * Rewrites one finished day's `_recv` part in (lift, time) order, in one transaction: a sorted copy
 * (`_ordered`, with a CHECK of its bounds so attaching it scans nothing) and its indexes are built
 * beside it, then swapped in for it. Readers of the day go on reading the old part until the swap;
 * the swap holds the day's table exclusively for a moment. Answers the rows it moved.
 */
export async function orderDay(db: Queryable, day: Date): Promise<number> {
  const next = new Date(day.getTime() + DAY_MS);
  const parent = `iot_history_${ymd(day)}`;
  const recv = `${parent}_recv`;
  const ordered = `${parent}_ordered`;
  const cut = lit(new Date(next.getTime() + LATE_AFTER_MS));
  const rows = await db.transaction(async (tx) => {
    const run = (s: string) => tx.execute(sql.raw(s));
    // Nothing should write here after the cut-off; a writer still under way (a backlog older than
    // the cut-off) is waited for, and a later one waits for the swap.
    await run(`lock table ${recv} in share row exclusive mode`);
    // One sort of the whole day (86.4 million rows at 10,000 devices: docs/paths.md) and two index builds.
    await run(`set local work_mem = '256MB'`);
    await run(`set local maintenance_work_mem = '1GB'`);
    await run(`create table ${ordered} (like iot_history including defaults,
      constraint ${ordered}_bounds check (at >= ${lit(day)} and at < ${lit(next)} and received_at < ${cut}))`);
    const moved = await tx.execute(
      sql.raw(`insert into ${ordered} select * from ${recv} order by elevator_id, at, device_id`),
    );
    await run(`create index ${ordered}_lift_at_idx on ${ordered} (elevator_id, at)`);
    await run(`create index ${ordered}_device_at_idx on ${ordered} (device_id, at)`);
    await run(`alter table ${parent} detach partition ${recv}`);
    await run(`alter table ${parent} attach partition ${ordered} for values from (minvalue) to (${cut})`);
    await run(`drop table ${recv}`);
    return (
      (moved as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (moved as unknown as { affectedRows?: number }).affectedRows ??
      0
    );
  });
  // After the swap's commit: its exclusive lock on the day ends with the swap, not with the sampling.
  await db.execute(sql.raw(`analyze ${ordered}`));
  return rows;
}

/**
 * The job `iot-history-order`: each day whose cut-off has passed is ordered once (its `_recv` part
 * becomes `_ordered`), oldest first, each in its own transaction. Answers the days ordered.
 */
export async function orderFinishedDays(
  db: Queryable,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<{ name: string; rows: number; ms: number }[]> {
  const done: { name: string; rows: number; ms: number }[] = [];
  for (const d of await unorderedDays(db)) {
    if (d.cutoff > now) break;
    const t0 = performance.now();
    const rows = await orderDay(db, d.day);
    const ms = Math.round(performance.now() - t0);
    log?.info({ day: d.name, rows, ms }, 'iot: history day ordered by lift');
    done.push({ name: d.name, rows, ms });
  }
  return done;
}
