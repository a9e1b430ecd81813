import {
  IOT_ALARM_BUTTON,
  IOT_ALARM_OFFLINE,
  IOT_ALARM_TRAPPED,
  IOT_ALARM_TYPES,
  IOT_ESCALATOR_OVERSPEED,
  IOT_HANDRAIL_DEVIATION_LIMIT,
  IOT_MAX_MESSAGE_BYTES,
  IOT_MESSAGE_SCHEMAS,
  IOT_PARAMS,
  IOT_RESCUE_TYPES,
  IOT_STATE_TOPIC,
  type IotAlarmMessage,
  type IotEscalatorStatusMessage,
  type IotMessageKind,
  type IotStateEvent,
  type IotStatsMessage,
  type IotStatusMessage,
} from '@ec/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { dbErrorCode } from '../../platform/db/conflicts.ts';
import { publishLive } from '../../platform/live.ts';
import { paramNumber } from '../../platform/params.ts';
import { liftsRelation } from '../elevator/api.ts';
import { openAlarmCase } from '../rescue/api.ts';
import { publishAlarms, toEscalatorState, toState } from './read.ts';
import type { IotAudience } from './scope.ts';
import { iotAlarm, iotBinding, iotDevice, iotEscalatorState, iotHistory, iotLiftState } from './tables.ts';

/*
 * The ingestion of device messages, whatever brought them (the embedded broker, an external broker,
 * HTTP). Each message is checked at once (size, JSON, the contract's schema of its kind): a bad one
 * is dropped and counted, never thrown. Good ones wait in a queue that one writer drains in batches
 * (group commit, as the operation log does): one transaction per batch with multi-row INSERTs for
 * the history and the devices' contact, one upsert of the latest state per lift, and the alarms the
 * batch opens, repeats or clears. A burst shares round trips; an idle server writes each message at
 * once, with no timer.
 */

export type DropReason =
  | 'oversized'
  | 'malformed'
  | 'unknownDevice'
  | 'wrongTopic'
  | 'unauthorized'
  | 'failed'
  /** The queue already held `maxPending` messages (the database slow or down): dropped at once. */
  | 'backlog';

export interface Incoming {
  deviceCode: string;
  kind: string;
  /** The raw payload (MQTT) or the parsed body's message (HTTP). */
  payload: Buffer | string | Record<string, unknown>;
  /** The device's merchant (the topic's over MQTT, the verified device's over HTTP): codes are unique per merchant. */
  merchantId: number;
}

type Message =
  | { kind: 'status'; m: IotStatusMessage }
  | { kind: 'stats'; m: IotStatsMessage }
  | { kind: 'alarm'; m: IotAlarmMessage }
  | { kind: 'escalator'; m: IotEscalatorStatusMessage };

interface Queued {
  deviceCode: string;
  merchantId: number;
  msg: Message;
  at: Date;
  receivedAt: Date;
  done: (stored: boolean) => void;
}

const MAX_BATCH = 500;
/**
 * The messages the queue holds at most by default: 50 s of the benchmark's 1,000 messages/s (a few
 * tens of MB). Past it, while the database is slow or down, a message is dropped and counted
 * (`backlog`) rather than held until the process runs out of memory; a device sends its state again.
 */
export const INGEST_MAX_PENDING = 50_000;

/**
 * The failures a batch is tried once more after: a deadlock with the job that orders a day's history
 * (40P01), a day part it swapped away while the batch waited (42P01), a serialization failure (40001).
 */
const RETRIED = new Set(['40P01', '42P01', '40001']);
const DAY_MS = 86_400_000;

export class IngestCounters {
  received = 0;
  stored = 0;
  dropped: Record<string, number> = {};
  drop(reason: DropReason, n = 1) {
    this.dropped[reason] = (this.dropped[reason] ?? 0) + n;
  }
  get droppedTotal() {
    return Object.values(this.dropped).reduce((a, b) => a + b, 0);
  }
}

/** The device's time if plausible (within a day before and five minutes after receipt), else the receipt's. */
function measuredAt(t: string | number | undefined, received: Date): Date {
  if (t === undefined) return received;
  const d = new Date(t);
  const ms = d.getTime();
  if (Number.isNaN(ms) || ms < received.getTime() - DAY_MS || ms > received.getTime() + 300_000)
    return received;
  return d;
}

/** Parses and validates one payload; the reason it is dropped otherwise. */
export function parseMessage(
  kind: string,
  payload: Incoming['payload'],
): { ok: true; msg: Message } | { ok: false; reason: DropReason } {
  if (!(kind in IOT_MESSAGE_SCHEMAS)) return { ok: false, reason: 'malformed' };
  let value: unknown = payload;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size > IOT_MAX_MESSAGE_BYTES) return { ok: false, reason: 'oversized' };
    try {
      value = JSON.parse(payload.toString());
    } catch {
      return { ok: false, reason: 'malformed' };
    }
  } else if (Buffer.byteLength(JSON.stringify(payload)) > IOT_MAX_MESSAGE_BYTES) {
    return { ok: false, reason: 'oversized' };
  }
  const parsed = IOT_MESSAGE_SCHEMAS[kind as IotMessageKind].safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  return { ok: true, msg: { kind, m: parsed.data } as Message };
}

/** The lift runs normally: in normal service with its circuits closed, moving with doors closed or standing open at a landing. */
export function runsNormally(s: IotStatusMessage): boolean {
  if (s.mode !== 'normal' || !s.safetyCircuit || s.power !== 'mains') return false;
  if (s.run !== 'stop') return s.door === 'closed' && s.doorLockCircuit;
  return s.doorZone && s.door === 'open';
}

/** Doors closed, standing, a passenger inside: 困人 once it lasts `iotTrappedSeconds`. */
export const trappedCondition = (s: IotStatusMessage) =>
  s.passenger && s.run === 'stop' && s.door === 'closed';

/** The alarms a state implies by itself (DOMAIN.md §7.3 numbering). */
function derivedAlarms(s: IotStatusMessage): { type: number; detail: string }[] {
  const out: { type: number; detail: string }[] = [];
  if (!s.safetyCircuit) out.push({ type: 10, detail: '安全回路断开' });
  if (s.power === 'battery') out.push({ type: 9, detail: '电池供电' });
  if (s.run === 'stop' && !s.doorZone && s.mode === 'normal')
    out.push({ type: 6, detail: `停于 ${s.floor} 层门区外` });
  if (s.run !== 'stop' && s.door !== 'closed') out.push({ type: 4, detail: '运行中门未关闭' });
  return out;
}

/** An escalator runs normally: in normal service, safety circuit closed, none of its faults showing. */
export function escalatorRunsNormally(s: IotEscalatorStatusMessage): boolean {
  return s.mode === 'normal' && escalatorAlarms(s).length === 0;
}

/** The escalator alarms a state implies (types 31–40 of IOT_ALARM_TYPES). */
export function escalatorAlarms(s: IotEscalatorStatusMessage): { type: number; detail: string }[] {
  const out: { type: number; detail: string }[] = [];
  if (!s.safetyCircuit) out.push({ type: 40, detail: '扶梯安全回路断开' });
  if (s.stepMissing) out.push({ type: 33, detail: '梯级缺失检测动作' });
  if (s.combPlateTripped) out.push({ type: 39, detail: '梳齿板保护开关动作' });
  if (s.run !== 'stop') {
    if (s.handrailLeftDeviation < -IOT_HANDRAIL_DEVIATION_LIMIT)
      out.push({ type: 34, detail: `左扶手带慢于梯级 ${-s.handrailLeftDeviation}%` });
    if (s.handrailRightDeviation < -IOT_HANDRAIL_DEVIATION_LIMIT)
      out.push({ type: 35, detail: `右扶手带慢于梯级 ${-s.handrailRightDeviation}%` });
    if (s.nominalSpeed !== undefined && s.speed > s.nominalSpeed * IOT_ESCALATOR_OVERSPEED)
      out.push({ type: 31, detail: `速度 ${s.speed} m/s，名义速度 ${s.nominalSpeed} m/s` });
  }
  return out;
}

type Op =
  | { op: 'raise'; type: number; at: Date; detail: string | null }
  | { op: 'clearAll'; at: Date }
  | { op: 'clear'; type: number; at: Date };

interface Target {
  deviceId: number;
  merchantId: number;
  code: string;
  elevatorId: number | null;
  areaCode: string | null;
  maintenanceCompanyId: number | null;
  useCompanyId: number | null;
}

const textArray = (values: (string | number)[]) =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export class Ingestor {
  readonly counters = new IngestCounters();
  private queue: Queued[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    /** The clock (tests control it). */
    readonly now: () => Date = () => new Date(),
    /** The queue's bound: past it messages are dropped as `backlog`. */
    readonly maxPending: number = INGEST_MAX_PENDING,
  ) {}

  get pending() {
    return this.queue.length;
  }

  /** The queue holds `maxPending` messages: the next is dropped. */
  get full() {
    return this.queue.length >= this.maxPending;
  }

  /** Checks a message and queues it; resolves to whether it was stored. Never throws. */
  accept(incoming: Incoming): Promise<boolean> {
    this.counters.received++;
    const parsed = parseMessage(incoming.kind, incoming.payload);
    if (!parsed.ok) {
      this.counters.drop(parsed.reason);
      return Promise.resolve(false);
    }
    if (this.full) {
      this.counters.drop('backlog');
      return Promise.resolve(false);
    }
    const receivedAt = this.now();
    const stored = new Promise<boolean>((done) =>
      this.queue.push({
        deviceCode: incoming.deviceCode,
        merchantId: incoming.merchantId,
        msg: parsed.msg,
        at: measuredAt(parsed.msg.m.t, receivedAt),
        receivedAt,
        done,
      }),
    );
    this.writing ??= this.drain();
    return stored;
  }

  /** Counts a message refused before it was read (an unauthorised publisher, a bad topic). */
  refuse(reason: DropReason) {
    this.counters.received++;
    this.counters.drop(reason);
  }

  /** Resolves once every message accepted so far is stored or dropped. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      let outcome: boolean[];
      try {
        outcome = await this.db
          .transaction((tx) => this.store(tx, batch))
          .catch((err) => {
            // Once more after a failure that a second try clears: a deadlock with the job that orders a
            // day's history (iot-history-order), or a day part it swapped while this batch waited. Any
            // other failure would fail again: it is the batch's.
            if (!RETRIED.has(dbErrorCode(err) ?? '')) throw err;
            this.log.warn({ err, messages: batch.length }, 'iot ingestion batch retried');
            return this.db.transaction((tx) => this.store(tx, batch));
          });
      } catch (err) {
        this.log.error({ err, messages: batch.length }, 'iot ingestion batch failed');
        this.counters.drop('failed', batch.length);
        outcome = batch.map(() => false);
      }
      this.counters.stored += outcome.filter(Boolean).length;
      for (const [i, q] of batch.entries()) q.done(outcome[i] ?? false);
    }
    this.writing = null;
  }

  /** One batch in one transaction; which of its messages were stored. */
  private async store(tx: Queryable, batch: Queued[]): Promise<boolean[]> {
    const codes = [...new Set(batch.map((q) => q.deviceCode))];
    const merchants = [...new Set(batch.map((q) => q.merchantId))];
    const lift = liftsRelation().as('lift');
    const rows = await tx
      .select({
        deviceId: iotDevice.id,
        merchantId: iotDevice.merchantId,
        code: iotDevice.code,
        elevatorId: iotBinding.elevatorId,
        areaCode: lift.areaCode,
        maintenanceCompanyId: lift.maintenanceCompanyId,
        useCompanyId: lift.useCompanyId,
      })
      .from(iotDevice)
      .leftJoin(iotBinding, and(eq(iotBinding.deviceId, iotDevice.id), isNull(iotBinding.unboundAt)))
      .leftJoin(lift, eq(lift.id, iotBinding.elevatorId))
      .where(and(inArray(iotDevice.code, codes), inArray(iotDevice.merchantId, merchants)));
    const keyOf = (merchantId: number, code: string) => `${merchantId}/${code}`;
    const byCode = new Map<string, Target>(rows.map((r) => [keyOf(r.merchantId, r.code), r]));

    const ok: boolean[] = [];
    const kept: { q: Queued; t: Target }[] = [];
    for (const q of batch) {
      const t = byCode.get(keyOf(q.merchantId, q.deviceCode));
      if (!t) {
        // No such device of the topic's merchant (a code of another merchant included).
        this.counters.drop('unknownDevice');
        ok.push(false);
      } else {
        kept.push({ q, t });
        ok.push(true);
      }
    }
    if (kept.length === 0) return ok;

    await tx.insert(iotHistory).values(
      kept.map(({ q, t }) => ({
        at: q.at,
        deviceId: t.deviceId,
        elevatorId: t.elevatorId,
        kind: q.msg.kind,
        message: q.msg.m as Record<string, unknown>,
        receivedAt: q.receivedAt,
      })),
    );

    // Contact: the latest time of each device, online.
    const lastOf = new Map<number, Date>();
    for (const { q, t } of kept) {
      const prev = lastOf.get(t.deviceId);
      if (!prev || prev < q.receivedAt) lastOf.set(t.deviceId, q.receivedAt);
    }
    const ids = [...lastOf.keys()];
    await tx.execute(sql`update ${iotDevice} d set
        last_seen_at = greatest(coalesce(d.last_seen_at, v.at), v.at), state = 1
      from unnest(${textArray(ids)}::int[], ${textArray([...lastOf.values()].map((d) => d.toISOString()))}::timestamptz[]) as v(id, at)
      where d.id = v.id`);

    // Per lift, in order of time: its latest state, its trapped clock, its alarms.
    const perLift = new Map<number, { t: Target; items: Queued[] }>();
    for (const { q, t } of kept) {
      if (t.elevatorId === null) continue;
      const entry = perLift.get(t.elevatorId) ?? { t, items: [] };
      entry.items.push(q);
      perLift.set(t.elevatorId, entry);
    }
    if (perLift.size === 0) return ok;
    /** A lift's latest state (`iot.state`) to whoever sees its device. */
    const publishState = async (elevatorId: number, event: IotStateEvent) => {
      const t = perLift.get(elevatorId)?.t;
      if (t) await publishLive(tx, IOT_STATE_TOPIC, event, audienceOf(t));
    };
    const liftIds = [...perLift.keys()];
    const previous = await tx
      .select({
        elevatorId: iotLiftState.elevatorId,
        at: iotLiftState.at,
        trappedSince: iotLiftState.trappedSince,
      })
      .from(iotLiftState)
      .where(inArray(iotLiftState.elevatorId, liftIds))
      .orderBy(iotLiftState.elevatorId)
      .for('update');
    const prevOf = new Map(previous.map((p) => [p.elevatorId, p]));
    const trappedSeconds = await paramNumber(
      tx,
      IOT_PARAMS.trappedSeconds.key,
      IOT_PARAMS.trappedSeconds.fallback,
    );

    const states: (typeof iotLiftState.$inferInsert)[] = [];
    const escalators: (typeof iotEscalatorState.$inferInsert)[] = [];
    const stats: { elevatorId: number; m: IotStatsMessage; at: Date }[] = [];
    const opsOf = new Map<number, { t: Target; ops: Op[] }>();
    for (const [elevatorId, { t, items }] of perLift) {
      items.sort((a, b) => a.at.getTime() - b.at.getTime());
      const prev = prevOf.get(elevatorId);
      let trappedSince = prev?.trappedSince ?? null;
      let last: { s: IotStatusMessage; at: Date } | null = null;
      let lastEscalator: { e: IotEscalatorStatusMessage; at: Date } | null = null;
      const ops: Op[] = [];
      for (const q of items) {
        if (q.msg.kind === 'status') {
          const s = q.msg.m;
          if (prev && q.at < prev.at) continue; // older than what is stored: history only
          trappedSince = trappedCondition(s) ? (trappedSince ?? q.at) : null;
          last = { s, at: q.at };
          if (runsNormally(s)) ops.push({ op: 'clearAll', at: q.at });
          for (const d of derivedAlarms(s))
            ops.push({ op: 'raise', type: d.type, at: q.at, detail: d.detail });
          if (trappedSince && q.at.getTime() - trappedSince.getTime() >= trappedSeconds * 1000)
            ops.push({
              op: 'raise',
              type: IOT_ALARM_TRAPPED,
              at: q.at,
              detail: `${s.floor} 层${s.doorZone ? '平层' : '非平层'}停梯，门关闭，轿内有人`,
            });
        } else if (q.msg.kind === 'stats') {
          stats.push({ elevatorId, m: q.msg.m, at: q.at });
        } else if (q.msg.kind === 'escalator') {
          // An escalator's state: history (stored above), its own latest state and its alarms.
          const e = q.msg.m;
          if (prev && q.at < prev.at) continue;
          lastEscalator = { e, at: q.at };
          if (escalatorRunsNormally(e)) ops.push({ op: 'clearAll', at: q.at });
          for (const d of escalatorAlarms(e))
            ops.push({ op: 'raise', type: d.type, at: q.at, detail: d.detail });
        } else {
          const a = q.msg.m;
          ops.push(
            a.state === 'clear'
              ? { op: 'clear', type: a.type, at: q.at }
              : { op: 'raise', type: a.type, at: q.at, detail: a.detail ?? null },
          );
        }
      }
      if (last) {
        states.push({
          elevatorId,
          deviceId: t.deviceId,
          at: last.at,
          mode: last.s.mode,
          run: last.s.run,
          floor: last.s.floor,
          doorZone: last.s.doorZone,
          door: last.s.door,
          passenger: last.s.passenger,
          power: last.s.power,
          speed: last.s.speed,
          safetyCircuit: last.s.safetyCircuit,
          doorLockCircuit: last.s.doorLockCircuit,
          trappedSince,
          updatedAt: new Date(),
        });
      }
      if (lastEscalator) {
        const e = lastEscalator.e;
        escalators.push({
          elevatorId,
          deviceId: t.deviceId,
          at: lastEscalator.at,
          mode: e.mode,
          run: e.run,
          speed: e.speed,
          nominalSpeed: e.nominalSpeed ?? null,
          handrailLeftDeviation: e.handrailLeftDeviation,
          handrailRightDeviation: e.handrailRightDeviation,
          stepMissing: e.stepMissing,
          combPlateTripped: e.combPlateTripped,
          safetyCircuit: e.safetyCircuit,
          updatedAt: new Date(),
        });
      }
      opsOf.set(elevatorId, { t, ops });
    }

    if (escalators.length > 0) {
      // Newer only: a late message (an older time than the stored one) leaves the state as it is.
      const written = await tx
        .insert(iotEscalatorState)
        .values(escalators)
        .onConflictDoUpdate({
          target: iotEscalatorState.elevatorId,
          set: {
            deviceId: sql`excluded.device_id`,
            at: sql`excluded.at`,
            mode: sql`excluded.mode`,
            run: sql`excluded.run`,
            speed: sql`excluded.speed`,
            nominalSpeed: sql`excluded.nominal_speed`,
            handrailLeftDeviation: sql`excluded.handrail_left_deviation`,
            handrailRightDeviation: sql`excluded.handrail_right_deviation`,
            stepMissing: sql`excluded.step_missing`,
            combPlateTripped: sql`excluded.comb_plate_tripped`,
            safetyCircuit: sql`excluded.safety_circuit`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`${iotEscalatorState.at} <= excluded.at`,
        })
        .returning();
      // The escalators' live state (a late message changed nothing: no event), one per lift and batch.
      for (const row of written)
        await publishState(row.elevatorId, { kind: 'escalator', ...toEscalatorState(row) });
    }

    if (states.length > 0) {
      const written = await tx
        .insert(iotLiftState)
        .values(states)
        .onConflictDoUpdate({
          target: iotLiftState.elevatorId,
          set: {
            deviceId: sql`excluded.device_id`,
            at: sql`excluded.at`,
            mode: sql`excluded.mode`,
            run: sql`excluded.run`,
            floor: sql`excluded.floor`,
            doorZone: sql`excluded.door_zone`,
            door: sql`excluded.door`,
            passenger: sql`excluded.passenger`,
            power: sql`excluded.power`,
            speed: sql`excluded.speed`,
            safetyCircuit: sql`excluded.safety_circuit`,
            doorLockCircuit: sql`excluded.door_lock_circuit`,
            trappedSince: sql`excluded.trapped_since`,
            // Another device on the lift: its totals start anew.
            runs: sql`case when ${iotLiftState.deviceId} = excluded.device_id then ${iotLiftState.runs} end`,
            runHours: sql`case when ${iotLiftState.deviceId} = excluded.device_id then ${iotLiftState.runHours} end`,
            doorCycles: sql`case when ${iotLiftState.deviceId} = excluded.device_id then ${iotLiftState.doorCycles} end`,
            statsAt: sql`case when ${iotLiftState.deviceId} = excluded.device_id then ${iotLiftState.statsAt} end`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning();
      // The lifts' live state, one event per lift and batch.
      for (const row of written) await publishState(row.elevatorId, { kind: 'lift', ...toState(row) });
    }
    for (const s of stats) {
      await tx
        .update(iotLiftState)
        .set({ runs: s.m.runs, runHours: s.m.runHours, doorCycles: s.m.doorCycles, statsAt: s.at })
        .where(eq(iotLiftState.elevatorId, s.elevatorId));
    }

    // Any contact ends the lift's 离线.
    const back = await tx
      .update(iotAlarm)
      .set({ clearedAt: this.now(), clearReason: '设备恢复通信' })
      .where(
        and(
          inArray(iotAlarm.elevatorId, liftIds),
          eq(iotAlarm.type, IOT_ALARM_OFFLINE),
          isNull(iotAlarm.clearedAt),
        ),
      )
      .returning({ id: iotAlarm.id });
    await publishAlarms(
      tx,
      back.map((b) => b.id),
    );
    await this.applyAlarms(tx, opsOf);
    return ok;
  }

  /**
   * The batch's alarm moves of each lift, reduced to their effect: a normal run clears what was open
   * (then what the batch raised after it opens anew), a device's clear ends its type, a raise opens
   * the type or repeats the open one.
   */
  private async applyAlarms(tx: Queryable, opsOf: Map<number, { t: Target; ops: Op[] }>) {
    const clearAll: number[] = [];
    const toRaise: {
      elevatorId: number;
      t: Target;
      type: number;
      at: Date;
      first: Date;
      detail: string | null;
      n: number;
    }[] = [];
    for (const [elevatorId, { t, ops }] of opsOf) {
      const raises = new Map<number, { at: Date; first: Date; detail: string | null; n: number }>();
      const clears = new Set<number>();
      let cleared = false;
      for (const o of ops) {
        if (o.op === 'clearAll') {
          raises.clear();
          cleared = true;
        } else if (o.op === 'clear') {
          raises.delete(o.type);
          clears.add(o.type);
        } else {
          const r = raises.get(o.type);
          raises.set(o.type, {
            at: o.at,
            first: r?.first ?? o.at,
            detail: o.detail ?? r?.detail ?? null,
            n: (r?.n ?? 0) + 1,
          });
        }
      }
      if (cleared) clearAll.push(elevatorId);
      for (const type of clears) {
        if (raises.has(type)) continue;
        const ended = await tx
          .update(iotAlarm)
          .set({ clearedAt: this.now(), clearReason: '设备报告报警解除' })
          .where(
            and(eq(iotAlarm.elevatorId, elevatorId), eq(iotAlarm.type, type), isNull(iotAlarm.clearedAt)),
          )
          .returning({ id: iotAlarm.id });
        await publishAlarms(
          tx,
          ended.map((e) => e.id),
        );
      }
      for (const [type, r] of raises) toRaise.push({ elevatorId, t, type, ...r });
    }
    if (clearAll.length > 0) {
      const ended = await tx
        .update(iotAlarm)
        .set({ clearedAt: this.now(), clearReason: '电梯恢复正常运行' })
        .where(
          and(
            inArray(iotAlarm.elevatorId, clearAll),
            isNull(iotAlarm.clearedAt),
            sql`${iotAlarm.type} <> ${IOT_ALARM_OFFLINE}`,
          ),
        )
        .returning({ id: iotAlarm.id });
      await publishAlarms(
        tx,
        ended.map((e) => e.id),
      );
    }
    for (const r of toRaise) {
      await raiseAlarm(tx, this.log, {
        elevatorId: r.elevatorId,
        deviceId: r.t.deviceId,
        deviceCode: r.t.code,
        merchantId: r.t.merchantId,
        areaCode: r.t.areaCode,
        type: r.type,
        openedAt: r.first,
        lastAt: r.at,
        repeats: r.n - 1,
        detail: r.detail,
      });
    }
  }
}

export interface Raise {
  elevatorId: number;
  deviceId: number;
  deviceCode: string;
  merchantId: number;
  areaCode: string | null;
  type: number;
  openedAt: Date;
  lastAt: Date;
  repeats?: number;
  detail: string | null;
}

/**
 * Opens an alarm, or repeats the lift's open one of the type (the partial unique index decides).
 * A trapping alarm that opens (困人, or 平层关人 / 非平层关人 / 一键呼救 as the device reports them:
 * IOT_RESCUE_TYPES) also opens the lift's rescue case, or joins the open one, and links it; a repeat
 * of the open alarm opens nothing.
 */
export async function raiseAlarm(
  tx: Queryable,
  log: Pick<FastifyBaseLogger, 'error'>,
  r: Raise,
): Promise<{ id: number; inserted: boolean }> {
  const [row] = await tx
    .insert(iotAlarm)
    .values({
      elevatorId: r.elevatorId,
      deviceId: r.deviceId,
      merchantId: r.merchantId,
      areaCode: r.areaCode,
      type: r.type,
      severity: IOT_ALARM_TYPES[r.type]?.severity ?? 2,
      openedAt: r.openedAt,
      lastAt: r.lastAt,
      repeats: r.repeats ?? 0,
      detail: r.detail,
    })
    .onConflictDoUpdate({
      target: [iotAlarm.elevatorId, iotAlarm.type],
      targetWhere: sql`cleared_at is null`,
      set: {
        lastAt: sql`greatest(${iotAlarm.lastAt}, excluded.last_at)`,
        repeats: sql`${iotAlarm.repeats} + 1 + excluded.repeats`,
        detail: sql`coalesce(excluded.detail, ${iotAlarm.detail})`,
      },
    })
    .returning({ id: iotAlarm.id, inserted: sql<boolean>`(xmax = 0)` });
  if (row.inserted && IOT_RESCUE_TYPES.has(r.type)) {
    await linkRescueCase(tx, log, r, row.id);
  }
  if (row.inserted) await publishAlarms(tx, [row.id]);
  return row;
}

/** A trapping alarm that opened opens (or joins) the lift's rescue case, and links it. */
async function linkRescueCase(tx: Queryable, log: Pick<FastifyBaseLogger, 'error'>, r: Raise, id: number) {
  try {
    // A savepoint: a refusal of the rescue side leaves the alarm and the batch standing.
    const opened = await tx.transaction((sp) =>
      openAlarmCase(sp, {
        elevatorId: r.elevatorId,
        deviceCode: r.deviceCode,
        button: r.type === IOT_ALARM_BUTTON,
        description: `物联网${IOT_ALARM_TYPES[r.type]?.label ?? '困人'}报警：${r.detail ?? ''}`,
      }),
    );
    await tx.update(iotAlarm).set({ caseId: opened.caseId }).where(eq(iotAlarm.id, id));
  } catch (err) {
    log.error(
      { err, elevatorId: r.elevatorId, type: r.type },
      'iot: the trapping alarm could not open a rescue case',
    );
  }
}

const audienceOf = (t: Target): IotAudience => ({
  merchantId: t.merchantId,
  areaCode: t.areaCode,
  maintenanceCompanyId: t.maintenanceCompanyId,
  useCompanyId: t.useCompanyId,
});

/**
 * The device a partner's API key (scope iot:ingest) reports for: a device of the key's organisation
 * (its merchant), or of any merchant for a platform-wide key (`enterpriseId` null), which names the
 * merchant when two use the code. Null when there is none the key may use (another merchant's device
 * is never found); 'ambiguous' when a platform-wide key names a code several merchants use.
 */
export async function deviceForKey(
  q: Queryable,
  enterpriseId: number | null,
  code: string,
  merchantId?: number,
): Promise<{ id: number; code: string; merchantId: number } | null | 'ambiguous'> {
  if (enterpriseId !== null && merchantId !== undefined && merchantId !== enterpriseId) return null;
  const merchant = enterpriseId ?? merchantId;
  const rows = await q
    .select({ id: iotDevice.id, code: iotDevice.code, merchantId: iotDevice.merchantId })
    .from(iotDevice)
    .where(
      merchant !== undefined
        ? and(eq(iotDevice.code, code), eq(iotDevice.merchantId, merchant))
        : eq(iotDevice.code, code),
    )
    .limit(2);
  if (rows.length > 1) return 'ambiguous';
  return rows[0] ?? null;
}
