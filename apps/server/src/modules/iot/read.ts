import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type CallParsedInput,
  ESCALATOR_TYPE,
  formatDateTime,
  IOT_ALARM_TOPIC,
  IOT_ALARM_TYPES,
  IOT_SEVERITY_LABEL,
  type IotAlarmRow,
  type IotDeviceRow,
  type IotEscalatorState,
  type IotLiftState,
  type IotStateKind,
  type iotAlarmCalls,
  type iotDeviceCalls,
} from '@ec/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { inArea, preparedRows } from '../../platform/db/sql.ts';
import { sysUser } from '../../platform/db/tables.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { publishLive } from '../../platform/live.ts';
import { liftFacts, liftsRelation, requireLiftInScope } from '../elevator/api.ts';
import { deviceById, deviceInScope, deviceOfLift } from './devices.ts';
import { alarmScope, type IotAudience } from './scope.ts';
import { iotAlarm, iotDevice, iotEscalatorState, iotHistory, iotLiftState } from './tables.ts';

type AlarmCalls = typeof iotAlarmCalls;

const lift = liftsRelation().as('lift');

const alarmColumns = {
  a: iotAlarm,
  maintenanceCompanyId: lift.maintenanceCompanyId,
  useCompanyId: lift.useCompanyId,
  deviceCode: iotDevice.code,
  registerCode: lift.registerCode,
  address: lift.address,
  ackBy: sysUser.realName,
};

function alarmQuery(q: Queryable) {
  return q
    .select(alarmColumns)
    .from(iotAlarm)
    .innerJoin(iotDevice, eq(iotDevice.id, iotAlarm.deviceId))
    .leftJoin(lift, eq(lift.id, iotAlarm.elevatorId))
    .leftJoin(sysUser, eq(sysUser.id, iotAlarm.acknowledgedBy));
}
type AlarmRaw = Awaited<ReturnType<ReturnType<typeof alarmQuery>['execute']>>[number];

function toAlarmRow(r: AlarmRaw): IotAlarmRow {
  const a = r.a;
  const t = IOT_ALARM_TYPES[a.type];
  return {
    id: a.id,
    type: a.type,
    typeLabel: t?.label ?? `类型 ${a.type}`,
    severity: a.severity,
    severityLabel: IOT_SEVERITY_LABEL[a.severity] ?? '',
    open: a.clearedAt === null,
    deviceId: a.deviceId,
    deviceCode: r.deviceCode,
    elevatorId: a.elevatorId,
    registerCode: r.registerCode,
    address: r.address,
    areaCode: a.areaCode,
    openedAt: formatDateTime(a.openedAt),
    lastAt: formatDateTime(a.lastAt),
    repeats: a.repeats,
    clearedAt: a.clearedAt ? formatDateTime(a.clearedAt) : null,
    clearReason: a.clearReason,
    detail: a.detail,
    acknowledgedAt: a.acknowledgedAt ? formatDateTime(a.acknowledgedAt) : null,
    acknowledgedBy: r.ackBy,
    ackNote: a.ackNote,
    caseId: a.caseId,
  };
}

const shanghaiStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

export async function listAlarms(q: Queryable, user: AuthUser, f: CallParsedInput<AlarmCalls['list']>) {
  const where: SQL | undefined = and(
    alarmScope(user, iotAlarm.merchantId, iotAlarm.elevatorId),
    f.state === 'open'
      ? isNull(iotAlarm.clearedAt)
      : f.state === 'cleared'
        ? isNotNull(iotAlarm.clearedAt)
        : undefined,
    f.type !== undefined ? eq(iotAlarm.type, f.type) : undefined,
    f.severity !== undefined ? eq(iotAlarm.severity, f.severity) : undefined,
    f.areaCode ? inArea(iotAlarm.areaCode, f.areaCode) : undefined,
    f.elevatorId !== undefined ? eq(iotAlarm.elevatorId, f.elevatorId) : undefined,
    f.deviceId !== undefined ? eq(iotAlarm.deviceId, f.deviceId) : undefined,
    f.maintenanceCompanyId !== undefined ? eq(lift.maintenanceCompanyId, f.maintenanceCompanyId) : undefined,
    f.useCompanyId !== undefined ? eq(lift.useCompanyId, f.useCompanyId) : undefined,
    f.dateFrom ? gte(iotAlarm.openedAt, shanghaiStart(f.dateFrom)) : undefined,
    f.dateTo ? lt(iotAlarm.openedAt, new Date(shanghaiStart(f.dateTo).getTime() + 86_400_000)) : undefined,
  );
  return paginate(
    q,
    f,
    ({ limit, offset }) =>
      alarmQuery(q)
        .where(where)
        .orderBy(desc(iotAlarm.openedAt), desc(iotAlarm.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [{ n }] = await q
        .select({ n: count() })
        .from(iotAlarm)
        .leftJoin(lift, eq(lift.id, iotAlarm.elevatorId))
        .where(where);
      return n;
    },
    toAlarmRow,
  );
}

/** Tells whoever sees them that these alarms opened or cleared (delivered on commit). */
export async function publishAlarms(q: Queryable, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await alarmQuery(q).where(inArray(iotAlarm.id, ids));
  for (const r of rows) {
    const audience: IotAudience = {
      merchantId: r.a.merchantId,
      areaCode: r.a.areaCode,
      maintenanceCompanyId: r.maintenanceCompanyId,
      useCompanyId: r.useCompanyId,
    };
    await publishLive(q, IOT_ALARM_TOPIC, toAlarmRow(r), audience);
  }
}

async function alarmsWhere(q: Queryable, where: SQL | undefined, limit = 50) {
  const rows = await alarmQuery(q)
    .where(where)
    .orderBy(desc(iotAlarm.openedAt), desc(iotAlarm.id))
    .limit(limit);
  return rows.map(toAlarmRow);
}

/** Acknowledges an alarm the user sees (once: a second acknowledgement is 409). */
export async function acknowledgeAlarm(
  q: Queryable,
  user: AuthUser,
  input: CallParsedInput<AlarmCalls['acknowledge']>,
) {
  const visible = and(eq(iotAlarm.id, input.id), alarmScope(user, iotAlarm.merchantId, iotAlarm.elevatorId));
  const [found] = await q.select({ ackAt: iotAlarm.acknowledgedAt }).from(iotAlarm).where(visible);
  if (!found) throw notFound('报警不存在或无权访问');
  const rows = await q
    .update(iotAlarm)
    .set({ acknowledgedAt: new Date(), acknowledgedBy: user.id, ackNote: input.note || null })
    .where(and(visible, isNull(iotAlarm.acknowledgedAt)))
    .returning({ id: iotAlarm.id });
  if (rows.length === 0) throw conflict('该报警已被确认');
  const [row] = await alarmQuery(q).where(eq(iotAlarm.id, input.id));
  return toAlarmRow(row);
}

// ---------------------------------------------------------------- live data

export function toState(s: typeof iotLiftState.$inferSelect): IotLiftState {
  return {
    elevatorId: s.elevatorId,
    deviceId: s.deviceId,
    at: formatDateTime(s.at),
    mode: s.mode as IotLiftState['mode'],
    run: s.run as IotLiftState['run'],
    floor: s.floor,
    doorZone: s.doorZone,
    door: s.door as IotLiftState['door'],
    passenger: s.passenger,
    power: s.power as IotLiftState['power'],
    speed: s.speed,
    safetyCircuit: s.safetyCircuit,
    doorLockCircuit: s.doorLockCircuit,
    runs: s.runs,
    runHours: s.runHours,
    doorCycles: s.doorCycles,
    statsAt: s.statsAt ? formatDateTime(s.statsAt) : null,
    trappedSince: s.trappedSince ? formatDateTime(s.trappedSince) : null,
  };
}

export function toEscalatorState(s: typeof iotEscalatorState.$inferSelect): IotEscalatorState {
  return {
    elevatorId: s.elevatorId,
    deviceId: s.deviceId,
    at: formatDateTime(s.at),
    mode: s.mode as IotEscalatorState['mode'],
    run: s.run as IotEscalatorState['run'],
    speed: s.speed,
    nominalSpeed: s.nominalSpeed,
    handrailLeftDeviation: s.handrailLeftDeviation,
    handrailRightDeviation: s.handrailRightDeviation,
    stepMissing: s.stepMissing,
    combPlateTripped: s.combPlateTripped,
    safetyCircuit: s.safetyCircuit,
  };
}

async function escalatorStateOf(q: Queryable, elevatorId: number) {
  const [s] = await q.select().from(iotEscalatorState).where(eq(iotEscalatorState.elevatorId, elevatorId));
  return s ? toEscalatorState(s) : null;
}

/** Which state a lift reports: an escalator's for the registry's 扶梯, a lift's otherwise. */
async function stateKindOf(q: Queryable, elevatorId: number): Promise<IotStateKind> {
  return (await liftFacts(q, elevatorId))?.type === ESCALATOR_TYPE ? 'escalator' : 'lift';
}

async function liftStateOf(q: Queryable, elevatorId: number) {
  const [s] = await q.select().from(iotLiftState).where(eq(iotLiftState.elevatorId, elevatorId));
  return s ? toState(s) : null;
}

function historyEntry(h: typeof iotHistory.$inferSelect) {
  return {
    at: formatDateTime(h.at),
    kind: h.kind as 'status' | 'alarm' | 'stats' | 'escalator',
    deviceId: h.deviceId,
    message: h.message,
  };
}

/**
 * A device's data: its row, its lift's latest state of the lift's kind (the registry's type decides,
 * as on the 物联网 tab), its lift's open alarms, its last messages.
 */
async function dataOf(q: Queryable, device: IotDeviceRow) {
  const elevatorId = device.lift?.elevatorId ?? null;
  const kind = elevatorId === null ? null : await stateKindOf(q, elevatorId);
  const recent = await q
    .select()
    .from(iotHistory)
    .where(and(eq(iotHistory.deviceId, device.id), gte(iotHistory.at, new Date(Date.now() - 7 * 86_400_000))))
    .orderBy(desc(iotHistory.at))
    .limit(20);
  return {
    device,
    state: kind === 'lift' ? await liftStateOf(q, elevatorId!) : null,
    escalator: kind === 'escalator' ? await escalatorStateOf(q, elevatorId!) : null,
    alarms:
      elevatorId !== null
        ? await alarmsWhere(q, and(eq(iotAlarm.elevatorId, elevatorId), isNull(iotAlarm.clearedAt)))
        : [],
    recent: recent.map(historyEntry),
  };
}

export async function deviceData(q: Queryable, user: AuthUser, id: number) {
  return dataOf(q, await deviceInScope(q, user, id));
}

/**
 * The elevator detail's 物联网 tab: the lift's device, its latest state of the lift's kind (the
 * registry's type decides: an escalator's from its `escalator` messages, a lift's from `status`),
 * its open alarms.
 */
export async function liftState(q: Queryable, user: AuthUser, elevatorId: number) {
  const lift = await requireLiftInScope(q, user, elevatorId);
  const kind: IotStateKind = lift.type === ESCALATOR_TYPE ? 'escalator' : 'lift';
  return {
    device: await deviceOfLift(q, elevatorId),
    kind,
    state: kind === 'lift' ? await liftStateOf(q, elevatorId) : null,
    escalator: kind === 'escalator' ? await escalatorStateOf(q, elevatorId) : null,
    alarms: await alarmsWhere(q, and(eq(iotAlarm.elevatorId, elevatorId), isNull(iotAlarm.clearedAt))),
  };
}

/** The alarms of a lift open at some time of the Shanghai day [from, to). */
function alarmsOfDay(q: Queryable, elevatorId: number, from: Date, to: Date) {
  return alarmsWhere(
    q,
    and(
      eq(iotAlarm.elevatorId, elevatorId),
      lt(iotAlarm.openedAt, to),
      sql`coalesce(${iotAlarm.clearedAt}, 'infinity'::timestamptz) >= ${from.toISOString()}::timestamptz`,
    ),
    500,
  );
}

interface RunRow {
  run: 'up' | 'down';
  from_ms: number;
  to_ms: number | null;
  from_floor: number | null;
  to_floor: number | null;
  total: number;
}

const runColumns = sql`run, (extract(epoch from at) * 1000)::float8 as from_ms,
  (extract(epoch from to_at) * 1000)::float8 as to_ms, floor as from_floor, to_floor,
  (count(*) over ())::int as total`;

/**
 * A lift's moves: each state whose `run` differs from the previous one's starts a spell; a moving
 * spell ends at the next spell's start (its time and floor). The last one, still going, ends at the
 * day's last state (its time and floor).
 */
const liftRuns = (day: SQL, limit: number) => sql`with s as (
    select at, message->>'run' as run, (message->>'floor')::int as floor from iot_history where ${day}
  ), starts as (
    select at, run, floor, last_at, last_floor from (
      select at, run, floor, lag(run) over o as prev,
        last_value(at) over whole as last_at, last_value(floor) over whole as last_floor
      from s window o as (order by at), whole as (order by at rows between unbounded preceding and unbounded following)
    ) w where prev is distinct from run
  ), runs as (
    select run, at, coalesce(lead(at) over o, last_at) as to_at, floor,
      case when lead(at) over o is null then last_floor else lead(floor) over o end as to_floor
    from starts window o as (order by at)
  )
  select ${runColumns} from runs where run in ('up', 'down') order by at desc limit ${limit}`;

/**
 * An escalator's spells of one direction, from their first state to their last: each state is the
 * start of a spell (its `run` differs from the previous state's), its end (from the next one's), or
 * neither; starts and ends are paired in one ordered pass.
 */
const escalatorRuns = (day: SQL, limit: number) => sql`with s as (
    select at, message->>'run' as run, null::int as floor from iot_history where ${day}
  ), m as (
    select * from (
      select at, run, lag(run) over o is distinct from run as is_start,
        lead(run) over o is distinct from run as is_end
      from s window o as (order by at)
    ) w where is_start or is_end
  ), runs as (
    select at, run, null::int as floor, null::int as to_floor,
      case when is_end then at else lead(at) over o end as to_at, is_start
    from m window o as (order by at)
  )
  select ${runColumns} from runs where is_start and run in ('up', 'down') order by at desc limit ${limit}`;

/** The statement of a lift's runs over [from, to), the latest `limit` (exported for the bench's EXPLAIN). */
export function dayRunsQuery(kind: IotStateKind, elevatorId: number, from: Date, to: Date, limit: number) {
  const day = sql`elevator_id = ${elevatorId} and kind = ${kind === 'escalator' ? 'escalator' : 'status'}
    and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`;
  return kind === 'lift' ? liftRuns(day, limit) : escalatorRuns(day, limit);
}

/**
 * A lift's day as the console shows it: its runs, the latest `limit` first, and the alarms open that
 * day. The runs are computed here, over the day's states of the lift's kind (the registry's type
 * decides: an escalator's `escalator` messages, a lift's `status`), by the lift-and-time index: the
 * day's thousands of messages stay in the database, the answer holds a bounded number of runs.
 */
export async function liftHistory(
  q: Queryable,
  user: AuthUser,
  f: CallParsedInput<(typeof iotDeviceCalls)['liftHistory']>,
) {
  const lift = await requireLiftInScope(q, user, f.elevatorId);
  const kind: IotStateKind = lift.type === ESCALATOR_TYPE ? 'escalator' : 'lift';
  const from = shanghaiStart(f.date);
  const to = new Date(from.getTime() + 86_400_000);
  // The runs and the day's alarms at once (two of the pool's connections).
  const [rows, alarms] = await Promise.all([
    preparedRows<RunRow>(q, dayRunsQuery(kind, f.elevatorId, from, to, f.limit)),
    alarmsOfDay(q, f.elevatorId, from, to),
  ]);
  return {
    kind,
    runs: rows.map((r) => ({
      run: r.run,
      from: formatDateTime(Number(r.from_ms)),
      to: formatDateTime(Number(r.to_ms)),
      fromFloor: r.from_floor,
      toFloor: r.to_floor,
    })),
    runCount: rows[0]?.total ?? 0,
    alarms,
  };
}

/** One Shanghai day of a lift's raw messages, paged (the partitioned table, by its lift-and-time index). */
export async function liftMessages(
  q: Queryable,
  user: AuthUser,
  f: CallParsedInput<(typeof iotDeviceCalls)['liftMessages']>,
) {
  await requireLiftInScope(q, user, f.elevatorId);
  const from = shanghaiStart(f.date);
  const where = and(
    eq(iotHistory.elevatorId, f.elevatorId),
    gte(iotHistory.at, from),
    lt(iotHistory.at, new Date(from.getTime() + 86_400_000)),
    f.kind ? eq(iotHistory.kind, f.kind) : undefined,
  );
  return paginate(
    q,
    f,
    ({ limit, offset }) =>
      q
        .select()
        .from(iotHistory)
        .where(where)
        .orderBy(f.order === 'desc' ? desc(iotHistory.at) : iotHistory.at)
        .limit(limit)
        .offset(offset),
    { from: iotHistory, where },
    historyEntry,
  );
}

// ---------------------------------------------------------------- signed data links

/** The token of a link to a device's data until `expires` (seconds): 8 base-36 digits and 22 of HMAC. */
export function linkToken(secret: string, deviceId: number, expires: number): string {
  const exp = expires.toString(36).padStart(8, '0');
  const sig = createHmac('sha256', secret)
    .update(`iot-link:${deviceId}:${exp}`)
    .digest('base64url')
    .slice(0, 22);
  return exp + sig;
}

export async function makeLink(q: Queryable, user: AuthUser, secret: string, id: number, hours: number) {
  await deviceInScope(q, user, id);
  const expires = Math.floor(Date.now() / 1000) + hours * 3600;
  return {
    path: `/equ3000/${linkToken(secret, id, expires)}${id}`,
    expiresAt: formatDateTime(new Date(expires * 1000)),
  };
}

/** A device's data through a signed link: a wrong or expired token is 403, an unknown device 404. */
export async function linkData(q: Queryable, secret: string, token: string, id: number) {
  const exp = Number.parseInt(token.slice(0, 8), 36);
  const expected = Buffer.from(linkToken(secret, id, Number.isFinite(exp) ? exp : 0));
  const given = Buffer.from(token);
  if (!Number.isFinite(exp) || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden('链接无效');
  if (exp * 1000 < Date.now()) throw forbidden('链接已过期，请重新获取');
  const device = await deviceById(q, id);
  if (!device) throw notFound('设备不存在');
  return dataOf(q, device);
}
