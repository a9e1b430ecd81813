import {
  ESCALATOR_TYPE,
  IOT_ALARM_OFFLINE,
  IOT_ALARM_TYPES,
  IOT_PARAMS,
  type IotEscalatorStatusMessage,
  type IotStatusMessage,
} from '@ec/contract';
import { and, asc, eq, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Tx } from '../../platform/db/client.ts';
import { enterprise, sysParam } from '../../platform/db/tables.ts';
import { liftsRelation } from '../elevator/api.ts';
import { hashSecret } from './devices.ts';
import { iotAlarm, iotBinding, iotDevice, iotEscalatorState, iotHistory, iotLiftState } from './tables.ts';

/** The module's parameters (系统参数), on every installation. */
export async function seedIotParams(tx: Tx) {
  await tx
    .insert(sysParam)
    .values([
      {
        configKey: IOT_PARAMS.trappedSeconds.key,
        value: String(IOT_PARAMS.trappedSeconds.fallback),
        name: '物联网困人判定时长（秒）',
        remark: '电梯停止、门关闭且轿内有人持续此时长，判定为困人并自动生成救援工单',
        builtIn: true,
      },
      {
        configKey: IOT_PARAMS.retentionMonths.key,
        value: String(IOT_PARAMS.retentionMonths.fallback),
        name: '物联网运行记录保留月数',
        remark: '超过此月数的运行记录分区由定时任务删除',
        builtIn: true,
      },
    ])
    .onConflictDoNothing();
}

const DEVICES = 10;
const BOUND = 8;
const STEP_MIN = 10;

/**
 * Demo: the demo IoT merchant's ten devices (secret: the demo password), eight bound to lifts of the
 * demo use units, with a day of states every ten minutes, hourly statistics, and a few alarms (one
 * open 关门故障, a cleared 停电, one device 离线); the ninth watches an escalator of a demo use unit
 * (a day of escalator states, seedEscalatorDemo).
 */
export async function seedIotDemo(tx: Tx, config: Config) {
  const [merchant] = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(eq(enterprise.kind, 'iot'))
    .orderBy(asc(enterprise.id))
    .limit(1);
  if (!merchant) return;
  const lift = liftsRelation().as('l');
  const facts = await tx
    .select({ id: lift.id, areaCode: lift.areaCode })
    .from(lift)
    .where(isNotNull(lift.useCompanyId))
    .orderBy(asc(lift.id))
    .limit(BOUND);
  const secretHash = hashSecret(config.demoPassword);
  const now = Date.now();
  const devices = await tx
    .insert(iotDevice)
    .values(
      Array.from({ length: DEVICES }, (_, i) => ({
        code: `TL-DEMO-${String(i + 1).padStart(3, '0')}`,
        name: `梯联监测终端 ${i + 1} 号`,
        merchantId: merchant.id,
        protocol: i === DEVICES - 1 ? 'http' : 'mqtt',
        secretHash,
        intervalSeconds: 30,
        state: i < facts.length ? (i === facts.length - 1 ? 2 : 1) : 0,
        lastSeenAt:
          i < facts.length ? new Date(now - (i === facts.length - 1 ? 3 * 3600_000 : 60_000)) : null,
      })),
    )
    .returning({ id: iotDevice.id, code: iotDevice.code });
  if (facts.length === 0) return;
  await tx.insert(iotBinding).values(
    facts.map((l, i) => ({
      deviceId: devices[i].id,
      elevatorId: l.id,
      boundAt: new Date(now - 30 * 86_400_000),
    })),
  );

  // A day of states: mostly idle at a landing with doors closed, some runs.
  const history: (typeof iotHistory.$inferInsert)[] = [];
  const latest = new Map<number, { s: IotStatusMessage; at: Date }>();
  for (const [i, l] of facts.entries()) {
    let floor = 1;
    for (let t = now - 86_400_000; t <= now; t += STEP_MIN * 60_000) {
      const step = Math.floor((t / 60_000 + i * 7) / STEP_MIN);
      const moving = step % 3 === 0;
      const next = ((step * 7 + i) % 18) + 1;
      const s: IotStatusMessage = {
        mode: 'normal',
        run: moving ? (next > floor ? 'up' : 'down') : 'stop',
        floor,
        doorZone: !moving,
        door: moving ? 'closed' : step % 2 === 0 ? 'open' : 'closed',
        passenger: moving,
        power: 'mains',
        speed: moving ? 1.75 : 0,
        safetyCircuit: true,
        doorLockCircuit: true,
      };
      if (moving) floor = next;
      const at = new Date(t);
      history.push({
        at,
        deviceId: devices[i].id,
        elevatorId: l.id,
        kind: 'status',
        message: s,
        receivedAt: at,
      });
      latest.set(l.id, {
        s: { ...s, run: 'stop', doorZone: true, door: 'closed', passenger: false, speed: 0 },
        at,
      });
      if (step % 6 === 0) {
        const hours = Math.floor((t - (now - 400 * 86_400_000)) / 3600_000);
        history.push({
          at,
          deviceId: devices[i].id,
          elevatorId: l.id,
          kind: 'stats',
          message: { runs: hours * 12, runHours: Math.round(hours * 0.4), doorCycles: hours * 25 },
          receivedAt: at,
        });
      }
    }
  }
  for (let k = 0; k < history.length; k += 1000)
    await tx.insert(iotHistory).values(history.slice(k, k + 1000));
  await tx.insert(iotLiftState).values(
    [...latest].map(([elevatorId, { s, at }], i) => ({
      elevatorId,
      deviceId: devices[i].id,
      at,
      ...s,
      runs: 4800 + i * 100,
      runHours: 160 + i,
      doorCycles: 10_000 + i * 200,
      statsAt: at,
    })),
  );

  const alarm = (i: number, type: number, openedH: number, clearedH: number | null, detail: string) => ({
    elevatorId: facts[i].id,
    deviceId: devices[i].id,
    merchantId: merchant.id,
    areaCode: facts[i].areaCode,
    type,
    severity: IOT_ALARM_TYPES[type].severity,
    openedAt: new Date(now - openedH * 3600_000),
    lastAt: new Date(now - (clearedH ?? 0.1) * 3600_000),
    repeats: clearedH === null ? 3 : 0,
    clearedAt: clearedH === null ? null : new Date(now - clearedH * 3600_000),
    clearReason: clearedH === null ? null : '电梯恢复正常运行',
    detail,
  });
  const rows = [alarm(0, 9, 20, 19.5, '电池供电')];
  if (facts.length > 1) rows.push(alarm(1, 12, 2, null, '关门超时'));
  if (facts.length > 2)
    rows.push(alarm(facts.length - 1, IOT_ALARM_OFFLINE, 3, null, '超过 3 个上报周期未通信'));
  await tx.insert(iotAlarm).values(rows);
  if (devices.length > BOUND)
    await seedEscalatorDemo(
      tx,
      devices[BOUND].id,
      facts.map((f) => f.id),
      now,
    );
}

/**
 * The demo escalator: a device bound to the first escalator (the registry's 扶梯) of a demo use unit
 * that no other device watches, with a day of states every ten minutes (running up in the day,
 * stopped at night, a short 检修 in the morning) and its latest state.
 */
async function seedEscalatorDemo(tx: Tx, deviceId: number, taken: number[], now: number) {
  const lift = liftsRelation().as('l');
  const [escalator] = await tx
    .select({ id: lift.id })
    .from(lift)
    .where(
      and(
        isNotNull(lift.useCompanyId),
        eq(lift.type, ESCALATOR_TYPE),
        taken.length > 0 ? notInArray(lift.id, taken) : ne(lift.id, 0),
      ),
    )
    .orderBy(asc(lift.id))
    .limit(1);
  if (!escalator) return;
  await tx
    .update(iotDevice)
    .set({ state: 1, lastSeenAt: new Date(now - 60_000) })
    .where(eq(iotDevice.id, deviceId));
  await tx
    .insert(iotBinding)
    .values({ deviceId, elevatorId: escalator.id, boundAt: new Date(now - 30 * 86_400_000) });
  const history: (typeof iotHistory.$inferInsert)[] = [];
  let last: { s: Omit<IotEscalatorStatusMessage, 't'>; at: Date } | null = null;
  for (let t = now - 86_400_000; t <= now; t += STEP_MIN * 60_000) {
    const hour = new Date(t + 8 * 3600_000).getUTCHours(); // Shanghai
    const open = hour >= 7 && hour < 22;
    const step = Math.floor(t / (STEP_MIN * 60_000));
    const s: Omit<IotEscalatorStatusMessage, 't'> = {
      mode: hour === 6 ? 'maintenance' : open ? 'normal' : 'out_of_service',
      run: open ? 'up' : 'stop',
      speed: open ? 0.5 : 0,
      nominalSpeed: 0.5,
      handrailLeftDeviation: open ? (step % 5) - 2 : 0,
      handrailRightDeviation: open ? 1 - (step % 4) : 0,
      stepMissing: false,
      combPlateTripped: false,
      safetyCircuit: true,
    };
    const at = new Date(t);
    history.push({ at, deviceId, elevatorId: escalator.id, kind: 'escalator', message: s, receivedAt: at });
    last = { s, at };
  }
  await tx.insert(iotHistory).values(history);
  if (last)
    await tx.insert(iotEscalatorState).values({ elevatorId: escalator.id, deviceId, at: last.at, ...last.s });
}
