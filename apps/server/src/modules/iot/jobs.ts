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

const MONTH_RE = /^iot_history_(\d{4})(\d{2})$/;
const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m, 1));
const partitionName = (d: Date) =>
  `iot_history_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

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

/**
 * Makes the partitions of this month and the next `ahead` ones (UTC months), and drops those whose
 * month ended more than `iotHistoryRetentionMonths` months before this one. Answers what it did.
 */
export async function maintainPartitions(
  db: Queryable,
  now: Date,
  ahead = 2,
): Promise<{ created: string[]; dropped: string[] }> {
  const created: string[] = [];
  const existing = new Set((await historyPartitions(db)).map((p) => p.name));
  for (let i = 0; i <= ahead; i++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = partitionName(from);
    if (existing.has(name)) continue;
    // Made beside the table and attached, with the rows the default partition held for its month
    // moved in first: attaching checks the default partition has none left.
    const range = `from ('${from.toISOString()}') to ('${to.toISOString()}')`;
    await db.execute(sql.raw(`create table ${name} (like iot_history including defaults)`));
    await db.execute(
      sql.raw(`with moved as (delete from iot_history_default
        where at >= '${from.toISOString()}' and at < '${to.toISOString()}' returning *)
        insert into ${name} select * from moved`),
    );
    await db.execute(sql.raw(`alter table iot_history attach partition ${name} for values ${range}`));
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
