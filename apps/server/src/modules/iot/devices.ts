import { createHash, randomBytes } from 'node:crypto';
import {
  type CallParsedInput,
  ESCALATOR_TYPE,
  formatDateTime,
  IOT_DEVICE_STATE_LABEL,
  type IotDeviceLastState,
  type IotDeviceRow,
  type iotDeviceCalls,
  type iotLookupCalls,
} from '@ec/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { inArea, likePattern } from '../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { liftByCode, liftInScope, liftsRelation } from '../elevator/api.ts';
import { inDeviceTransaction } from './accounts.ts';
import { deviceScope, isMerchantUser, ownMerchant } from './scope.ts';
import { iotAlarm, iotBinding, iotDevice, iotEscalatorState, iotLiftState } from './tables.ts';

type Calls = typeof iotDeviceCalls;
type In<K extends keyof Calls> = CallParsedInput<Calls[K]>;

export const DEVICE_MISSING = '设备不存在或无权访问';
export const IOT_MERCHANT_KIND = 'iot';
export const duplicateCode = (code: string) => `设备编号 ${code} 已存在`;

/** A new device secret (shown once) and the hash kept of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const topicOf = (merchantId: number, code: string) => `elevator/${merchantId}/${code}`;

// ---------------------------------------------------------------- reads

const lift = liftsRelation().as('lift');
const activeBinding = and(eq(iotBinding.deviceId, iotDevice.id), isNull(iotBinding.unboundAt));

const rowColumns = {
  id: iotDevice.id,
  code: iotDevice.code,
  name: iotDevice.name,
  merchantId: iotDevice.merchantId,
  merchantName: enterprise.name,
  protocol: iotDevice.protocol,
  intervalSeconds: iotDevice.intervalSeconds,
  state: iotDevice.state,
  lastSeenAt: iotDevice.lastSeenAt,
  remark: iotDevice.remark,
  createdAt: iotDevice.createdAt,
  version: iotDevice.version,
  elevatorId: lift.id,
  registerCode: lift.registerCode,
  address: lift.address,
  areaCode: lift.areaCode,
  boundAt: iotBinding.boundAt,
  liftType: lift.type,
  liftStateAt: iotLiftState.at,
  liftRun: iotLiftState.run,
  liftFloor: iotLiftState.floor,
  liftDoor: iotLiftState.door,
  escalatorAt: iotEscalatorState.at,
  escalatorRun: iotEscalatorState.run,
  openAlarms:
    sql<number>`(select count(*) from ${iotAlarm} where ${iotAlarm.deviceId} = ${iotDevice.id} and ${iotAlarm.clearedAt} is null)`.mapWith(
      Number,
    ),
};

function baseQuery(q: Queryable) {
  return q
    .select(rowColumns)
    .from(iotDevice)
    .leftJoin(iotBinding, activeBinding)
    .leftJoin(lift, eq(lift.id, iotBinding.elevatorId))
    .leftJoin(iotLiftState, eq(iotLiftState.elevatorId, iotBinding.elevatorId))
    .leftJoin(iotEscalatorState, eq(iotEscalatorState.elevatorId, iotBinding.elevatorId))
    .leftJoin(enterprise, eq(enterprise.id, iotDevice.merchantId));
}
type RawRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/**
 * The bound lift's latest state of the lift's kind (the registry's type decides, as on the 物联网
 * tab): an escalator's run, a lift's run, floor and door.
 */
function lastStateOf(r: RawRow): IotDeviceLastState | null {
  if (r.elevatorId === null) return null;
  if (r.liftType === ESCALATOR_TYPE) {
    return r.escalatorAt
      ? {
          kind: 'escalator',
          at: formatDateTime(r.escalatorAt),
          run: r.escalatorRun as IotDeviceLastState['run'],
          floor: null,
          door: null,
        }
      : null;
  }
  return r.liftStateAt
    ? {
        kind: 'lift',
        at: formatDateTime(r.liftStateAt),
        run: r.liftRun as IotDeviceLastState['run'],
        floor: r.liftFloor,
        door: r.liftDoor as IotDeviceLastState['door'],
      }
    : null;
}

export function toDeviceRow(r: RawRow): IotDeviceRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    merchantId: r.merchantId,
    merchantName: r.merchantName,
    protocol: r.protocol === 'http' ? 'http' : 'mqtt',
    intervalSeconds: r.intervalSeconds,
    state: r.state,
    stateLabel: IOT_DEVICE_STATE_LABEL[r.state] ?? '',
    lastSeenAt: r.lastSeenAt ? formatDateTime(r.lastSeenAt) : null,
    lift:
      r.elevatorId !== null
        ? {
            elevatorId: r.elevatorId,
            registerCode: r.registerCode ?? '',
            address: r.address ?? '',
            areaCode: r.areaCode ?? '',
          }
        : null,
    boundAt: r.boundAt ? formatDateTime(r.boundAt) : null,
    openAlarms: r.openAlarms,
    lastState: lastStateOf(r),
    topic: topicOf(r.merchantId, r.code),
    remark: r.remark,
    createTime: formatDateTime(r.createdAt),
    version: r.version,
  };
}

/** The device has an open alarm (of the type, when given): the lift's open alarms raised through it. */
const openAlarmOf = (type?: number) =>
  sql`exists (select 1 from ${iotAlarm} where ${iotAlarm.deviceId} = ${iotDevice.id} and ${iotAlarm.clearedAt} is null${
    type !== undefined ? sql` and ${iotAlarm.type} = ${type}` : sql``
  })`;

const scopeOf = (user: AuthUser) => deviceScope(user, iotDevice.merchantId, iotBinding.elevatorId);

/** One device the user may see, or 404. */
export async function deviceInScope(q: Queryable, user: AuthUser, id: number): Promise<IotDeviceRow> {
  const [row] = await baseQuery(q).where(and(eq(iotDevice.id, id), scopeOf(user)));
  if (!row) throw notFound(DEVICE_MISSING);
  return toDeviceRow(row);
}

/** Devices by id in the user's scope, in the order of `ids`. */
export async function devicesInScope(q: Queryable, user: AuthUser, ids: number[]): Promise<IotDeviceRow[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(q).where(and(inArray(iotDevice.id, ids), scopeOf(user)));
  const byId = new Map(rows.map((r) => [r.id, toDeviceRow(r)]));
  return ids.map((id) => byId.get(id)).filter((d): d is IotDeviceRow => d !== undefined);
}

/** One device by id, no scope (signed links, ingestion). */
export async function deviceById(q: Queryable, id: number): Promise<IotDeviceRow | null> {
  const [row] = await baseQuery(q).where(eq(iotDevice.id, id));
  return row ? toDeviceRow(row) : null;
}

/** The device bound now to a lift, if any (no scope: the caller checked the lift). */
export async function deviceOfLift(q: Queryable, elevatorId: number): Promise<IotDeviceRow | null> {
  const [row] = await baseQuery(q).where(eq(iotBinding.elevatorId, elevatorId));
  return row ? toDeviceRow(row) : null;
}

export async function listDevices(q: Queryable, user: AuthUser, f: In<'list'>) {
  const k = f.keyword?.trim();
  const where = and(
    scopeOf(user),
    k
      ? or(
          ilike(iotDevice.code, likePattern(k)),
          ilike(iotDevice.name, likePattern(k)),
          ilike(lift.registerCode, likePattern(k)),
          ilike(lift.address, likePattern(k)),
        )
      : undefined,
    f.bound === 'true' ? isNotNull(iotBinding.id) : f.bound === 'false' ? isNull(iotBinding.id) : undefined,
    f.state !== undefined ? eq(iotDevice.state, f.state) : undefined,
    f.merchantId !== undefined ? eq(iotDevice.merchantId, f.merchantId) : undefined,
    f.areaCode ? inArea(lift.areaCode, f.areaCode) : undefined,
    f.elevatorId !== undefined ? eq(iotBinding.elevatorId, f.elevatorId) : undefined,
    f.maintenanceCompanyId !== undefined ? eq(lift.maintenanceCompanyId, f.maintenanceCompanyId) : undefined,
    f.useCompanyId !== undefined ? eq(lift.useCompanyId, f.useCompanyId) : undefined,
    f.alarm === 'open' ? openAlarmOf() : f.alarm === 'none' ? sql`not ${openAlarmOf()}` : undefined,
    f.alarmType !== undefined ? openAlarmOf(f.alarmType) : undefined,
  );
  return paginate(
    q,
    f,
    ({ limit, offset }) => baseQuery(q).where(where).orderBy(desc(iotDevice.id)).limit(limit).offset(offset),
    async () => {
      const [{ n }] = await q
        .select({ n: count() })
        .from(iotDevice)
        .leftJoin(iotBinding, activeBinding)
        .leftJoin(lift, eq(lift.id, iotBinding.elevatorId))
        .where(where);
      return n;
    },
    toDeviceRow,
  );
}

export async function deviceDetail(q: Queryable, user: AuthUser, id: number) {
  const device = await deviceInScope(q, user, id);
  const by = sql<
    string | null
  >`(select real_name from ${sysUser} where ${sysUser.id} = ${iotBinding.boundBy})`;
  const unBy = sql<
    string | null
  >`(select real_name from ${sysUser} where ${sysUser.id} = ${iotBinding.unboundBy})`;
  const rows = await q
    .select({
      id: iotBinding.id,
      elevatorId: iotBinding.elevatorId,
      registerCode: lift.registerCode,
      boundAt: iotBinding.boundAt,
      boundBy: by,
      unboundAt: iotBinding.unboundAt,
      unboundBy: unBy,
    })
    .from(iotBinding)
    .leftJoin(lift, eq(lift.id, iotBinding.elevatorId))
    .where(eq(iotBinding.deviceId, id))
    .orderBy(desc(iotBinding.boundAt), desc(iotBinding.id));
  return {
    ...device,
    bindings: rows.map((b) => ({
      ...b,
      boundAt: formatDateTime(b.boundAt),
      unboundAt: b.unboundAt ? formatDateTime(b.unboundAt) : null,
    })),
  };
}

// ---------------------------------------------------------------- writes (the merchant's own)

/** A device of the user's merchant, or 404 (a device of another merchant is not revealed). */
async function ownDevice(q: Queryable, user: AuthUser, id: number, lock = false) {
  const merchantId = ownMerchant(user);
  const query = q
    .select()
    .from(iotDevice)
    .where(and(eq(iotDevice.id, id), eq(iotDevice.merchantId, merchantId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(DEVICE_MISSING);
  return row;
}

const DUPLICATE_CODE = duplicateCode;

/*
 * The merchant's writes that change a device's broker account (MQTT_DYNSEC): each runs in a
 * transaction of its own with the account change queued in it, applied once it has committed
 * (accounts.ts). The routes only pass the call through.
 */

export function addDevice(platform: Platform, user: AuthUser, input: In<'add'>) {
  const merchantId = ownMerchant(user);
  return inDeviceTransaction(platform, async (q, accounts) => {
    const { secret, hash } = newSecret();
    const [created] = await q
      .insert(iotDevice)
      .values({
        code: input.code,
        name: input.name,
        merchantId,
        protocol: input.protocol,
        intervalSeconds: input.intervalSeconds,
        remark: input.remark || null,
        secretHash: hash,
      })
      .onConflictDoNothing()
      .returning({ id: iotDevice.id });
    if (!created) throw conflict(DUPLICATE_CODE(input.code));
    await accounts([{ op: 'provision', merchantId, code: input.code, secret }]);
    return { device: await deviceInScope(q, user, created.id), secret };
  });
}

export function updateDevice(platform: Platform, user: AuthUser, input: In<'update'>) {
  return inDeviceTransaction(platform, async (q, accounts) => {
    const own = await ownDevice(q, user, input.id);
    const renewed = input.renewSecret ? newSecret() : null;
    const rows = await q
      .update(iotDevice)
      .set({
        name: input.name,
        protocol: input.protocol,
        intervalSeconds: input.intervalSeconds,
        remark: input.remark || null,
        ...(renewed ? { secretHash: renewed.hash } : {}),
        version: sql`${iotDevice.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(iotDevice.id, input.id), eq(iotDevice.version, input.version)))
      .returning({ id: iotDevice.id });
    if (rows.length === 0) throw conflict('该设备已被他人修改，请刷新后重试');
    if (renewed)
      await accounts([{ op: 'secret', merchantId: own.merchantId, code: own.code, secret: renewed.secret }]);
    return { device: await deviceInScope(q, user, input.id), secret: renewed?.secret ?? null };
  });
}

/**
 * Deletes the merchant's devices, all or none. With the devices locked, one statement decides: the
 * devices of `ids` that are the merchant's and bound to no lift are deleted, and the rows it returns
 * are the accounts to remove; fewer rows than ids refuse the whole call (rolled back), telling why.
 */
export function deleteDevices(platform: Platform, user: AuthUser, ids: number[]) {
  const merchantId = ownMerchant(user);
  const wanted = [...new Set(ids)];
  return inDeviceTransaction(platform, async (q, accounts) => {
    // The devices locked first, in a statement of their own: a bind committing meanwhile holds its
    // device's key (the binding's foreign key), so this waits for it, and the delete below — a new
    // statement, a new snapshot — then sees its binding. In one statement the delete would go on
    // after the wait with the snapshot it began with, and take the device just bound (cascading the
    // binding) after the bind had answered 200.
    await q
      .select({ id: iotDevice.id })
      .from(iotDevice)
      .where(and(inArray(iotDevice.id, wanted), eq(iotDevice.merchantId, merchantId)))
      .orderBy(asc(iotDevice.id))
      .for('update');
    // Its alarms and binding history go with it (the lift keeps its history in the message table).
    const gone = await q
      .delete(iotDevice)
      .where(
        and(
          inArray(iotDevice.id, wanted),
          eq(iotDevice.merchantId, merchantId),
          sql`not exists (select 1 from ${iotBinding} where ${iotBinding.deviceId} = ${iotDevice.id} and ${iotBinding.unboundAt} is null)`,
        ),
      )
      .returning({ id: iotDevice.id, code: iotDevice.code, merchantId: iotDevice.merchantId });
    if (gone.length !== wanted.length) {
      const [bound] = await q
        .select({ code: iotDevice.code })
        .from(iotDevice)
        .innerJoin(iotBinding, activeBinding)
        .where(and(inArray(iotDevice.id, wanted), eq(iotDevice.merchantId, merchantId)))
        .orderBy(asc(iotDevice.id))
        .limit(1);
      if (bound) throw conflict(`设备 ${bound.code} 仍绑定着电梯，请先解绑`);
      throw notFound(DEVICE_MISSING);
    }
    await accounts(gone.map((d) => ({ op: 'remove' as const, merchantId: d.merchantId, code: d.code })));
    return { deleted: gone.length };
  });
}

/**
 * Binds a device to a lift. The merchant binds its own device to a lift it names (any lift of the
 * registry: a device is installed where the lift's owner asked for it). One active binding per lift
 * and per device: the partial unique indexes decide, so two binds at once end with one binding and
 * a 409 for the other.
 */
export async function bindDevice(q: Queryable, user: AuthUser, input: In<'bind'>) {
  const device = await ownDevice(q, user, input.deviceId);
  const target =
    input.elevatorId !== undefined
      ? await liftByIdAny(q, input.elevatorId)
      : await liftByCode(q, (input.registerCode ?? '').trim());
  if (!target) throw notFound('电梯不存在');
  await bindOne(q, user, device.id, target.id, device.code, target.registerCode);
  return deviceInScope(q, user, device.id);
}

async function liftByIdAny(q: Queryable, id: number) {
  // Every lift of the registry may be named (the platform's scope): the merchant installs devices.
  return liftInScope(q, { dataScope: 'all' } as AuthUser, id);
}

export async function bindOne(
  q: Queryable,
  user: AuthUser,
  deviceId: number,
  elevatorId: number,
  code: string,
  registerCode: string,
) {
  const [bound] = await q
    .insert(iotBinding)
    .values({ deviceId, elevatorId, boundBy: user.id })
    .onConflictDoNothing()
    .returning({ id: iotBinding.id });
  if (bound) return;
  const [current] = await q
    .select({ deviceId: iotBinding.deviceId, elevatorId: iotBinding.elevatorId })
    .from(iotBinding)
    .where(
      and(
        or(eq(iotBinding.deviceId, deviceId), eq(iotBinding.elevatorId, elevatorId)),
        isNull(iotBinding.unboundAt),
      ),
    )
    .orderBy(asc(iotBinding.id))
    .limit(1);
  if (current?.deviceId === deviceId && current.elevatorId === elevatorId)
    throw conflict(`设备 ${code} 已绑定该电梯`);
  if (current?.deviceId === deviceId) throw conflict(`设备 ${code} 已绑定其他电梯，请先解绑`);
  throw conflict(`电梯 ${registerCode} 已绑定其他物联网设备，一台电梯只能绑定一台设备`);
}

/** Ends a device's active binding, and with it the lift's open alarms from this device; false if none. */
async function endBinding(q: Queryable, user: AuthUser, deviceId: number): Promise<boolean> {
  const rows = await q
    .update(iotBinding)
    .set({ unboundAt: new Date(), unboundBy: user.id })
    .where(and(eq(iotBinding.deviceId, deviceId), isNull(iotBinding.unboundAt)))
    .returning({ elevatorId: iotBinding.elevatorId });
  if (rows.length === 0) return false;
  await q
    .update(iotAlarm)
    .set({ clearedAt: new Date(), clearReason: '设备已解绑' })
    .where(and(eq(iotAlarm.deviceId, deviceId), isNull(iotAlarm.clearedAt)));
  return true;
}

export async function unbindDevice(q: Queryable, user: AuthUser, input: In<'unbind'>) {
  const device = await ownDevice(q, user, input.deviceId);
  if (!(await endBinding(q, user, device.id))) throw conflict(`设备 ${device.code} 未绑定电梯`);
  return deviceInScope(q, user, device.id);
}

/** Adds devices all-or-nothing (one transaction); optional register codes bind them. */
export function batchAddDevices(platform: Platform, user: AuthUser, input: In<'batchAdd'>) {
  const merchantId = ownMerchant(user);
  const codes = input.devices.map((d) => d.code);
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw badRequest(`设备编号 ${dup} 重复`);
  return inDeviceTransaction(platform, async (q, accounts) => {
    const out: { id: number; secret: string }[] = [];
    for (const [i, d] of input.devices.entries()) {
      const { secret, hash } = newSecret();
      const [created] = await q
        .insert(iotDevice)
        .values({
          code: d.code,
          name: d.name,
          merchantId,
          protocol: d.protocol,
          intervalSeconds: d.intervalSeconds,
          remark: d.remark || null,
          secretHash: hash,
        })
        .onConflictDoNothing()
        .returning({ id: iotDevice.id });
      if (!created) throw conflict(`第 ${i + 1} 行：${DUPLICATE_CODE(d.code)}`);
      if (d.registerCode) {
        const target = await liftByCode(q, d.registerCode);
        if (!target) throw badRequest(`第 ${i + 1} 行：注册代码 ${d.registerCode} 的电梯不存在`);
        await bindOne(q, user, created.id, target.id, d.code, target.registerCode);
      }
      out.push({ id: created.id, secret });
    }
    await accounts(
      input.devices.map((d, i) => ({
        op: 'provision' as const,
        merchantId,
        code: d.code,
        secret: out[i].secret,
      })),
    );
    const rows = await devicesInScope(
      q,
      user,
      out.map((o) => o.id),
    );
    return rows.map((device, i) => ({ device, secret: out[i].secret }));
  });
}

/**
 * 电梯数据同步: the merchant's own list of device ↔ lift (by register code) reconciled with the
 * bindings, row by row: a changed lift unbinds and binds, an empty code unbinds. Each row's refusal
 * is named and the others go through.
 */
export async function syncBindings(q: Queryable, user: AuthUser, input: In<'sync'>) {
  const merchantId = ownMerchant(user);
  const result = {
    bound: 0,
    unbound: 0,
    unchanged: 0,
    failed: [] as { deviceCode: string; message: string }[],
  };
  for (const item of input.items) {
    const [device] = await q
      .select({ id: iotDevice.id, code: iotDevice.code, elevatorId: iotBinding.elevatorId })
      .from(iotDevice)
      .leftJoin(iotBinding, activeBinding)
      .where(and(eq(iotDevice.code, item.deviceCode), eq(iotDevice.merchantId, merchantId)));
    if (!device) {
      result.failed.push({ deviceCode: item.deviceCode, message: '设备不存在' });
      continue;
    }
    const code = item.registerCode.trim();
    const target = code ? await liftByCode(q, code) : null;
    if (code && !target) {
      result.failed.push({ deviceCode: item.deviceCode, message: `注册代码 ${code} 的电梯不存在` });
      continue;
    }
    if ((target?.id ?? null) === device.elevatorId) {
      result.unchanged++;
      continue;
    }
    // A row moves whole or not at all (a savepoint): a device refused its new lift keeps its old one.
    try {
      await q.transaction(async (row) => {
        if (device.elevatorId !== null) await endBinding(row, user, device.id);
        if (target) await bindOne(row, user, device.id, target.id, device.code, target.registerCode);
      });
      if (target) result.bound++;
      else result.unbound++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ deviceCode: item.deviceCode, message: err.message });
    }
  }
  return result;
}

// ---------------------------------------------------------------- lookups

export async function queryIotSimple(
  q: Queryable,
  user: AuthUser,
  f: CallParsedInput<(typeof iotLookupCalls)['queryIotSimple']>,
) {
  const k = f.keyword?.trim();
  if (f.kind === 'merchant') {
    const where: SQL | undefined = and(
      eq(enterprise.kind, IOT_MERCHANT_KIND),
      isMerchantUser(user) ? eq(enterprise.id, user.companyId ?? 0) : undefined,
      k ? ilike(enterprise.name, likePattern(k)) : undefined,
    );
    return q
      .select({ id: enterprise.id, code: enterprise.creditCode, name: enterprise.name })
      .from(enterprise)
      .where(where)
      .orderBy(asc(enterprise.id))
      .limit(f.limit);
  }
  if (f.kind === 'maintenance' || f.kind === 'use') {
    // The companies of the lifts bound now to a device the user sees.
    const side = f.kind === 'maintenance' ? lift.maintenanceCompanyId : lift.useCompanyId;
    return q
      .selectDistinct({ id: enterprise.id, code: enterprise.creditCode, name: enterprise.name })
      .from(iotDevice)
      .innerJoin(iotBinding, activeBinding)
      .innerJoin(lift, eq(lift.id, iotBinding.elevatorId))
      .innerJoin(enterprise, eq(enterprise.id, side))
      .where(and(scopeOf(user), k ? ilike(enterprise.name, likePattern(k)) : undefined))
      .orderBy(asc(enterprise.name), asc(enterprise.id))
      .limit(f.limit);
  }
  return q
    .select({ id: iotDevice.id, code: iotDevice.code, name: iotDevice.name })
    .from(iotDevice)
    .leftJoin(iotBinding, activeBinding)
    .where(
      and(
        scopeOf(user),
        k ? or(ilike(iotDevice.code, likePattern(k)), ilike(iotDevice.name, likePattern(k))) : undefined,
        f.unbound === 'true' ? isNull(iotBinding.id) : undefined,
      ),
    )
    .orderBy(asc(iotDevice.code))
    .limit(f.limit);
}
