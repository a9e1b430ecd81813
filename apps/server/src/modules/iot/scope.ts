import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { forbidden } from '../../platform/errors.ts';
import { liftVisibleTo } from '../elevator/api.ts';
import { iotBinding, iotDevice } from './tables.ts';

/**
 * Who sees a device or an alarm (anything outside answers 404):
 * - the platform everything;
 * - an IoT merchant's accounts their merchant's devices (bound or not) and their alarms;
 * - everyone else (regulators, maintenance companies, use units) the devices bound now to a lift
 *   they may open in the registry (its data scope: a regulator's districts, a company's lifts), and
 *   the alarms of those lifts.
 * Only the merchant writes its registry (`ownMerchant`): the others read.
 */
export const isMerchantUser = (user: AuthUser) => user.userType === 'iot' && user.companyId !== null;

/** The condition on a device's columns (its merchant, its lift bound now or null). */
export function deviceScope(user: AuthUser, merchantId: AnyColumn | SQL, liftId: AnyColumn | SQL): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isMerchantUser(user)) return sql`${merchantId} = ${user.companyId}`;
  return sql`(${liftId} is not null and ${liftVisibleTo(user, liftId)})`;
}

/** The condition on an alarm's columns. */
export function alarmScope(user: AuthUser, merchantId: AnyColumn | SQL, liftId: AnyColumn | SQL): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isMerchantUser(user)) return sql`${merchantId} = ${user.companyId}`;
  return liftVisibleTo(user, liftId);
}

/** The merchant whose registry the user writes: its own; anyone else 403. */
export function ownMerchant(user: AuthUser): number {
  if (!isMerchantUser(user) || user.companyId === null) throw forbidden('只有物联网商户可以维护本商户的设备');
  return user.companyId;
}

/** Who a live event of a lift's device is for (the columns the scopes above read). */
export interface IotAudience {
  merchantId: number;
  areaCode: string | null;
  maintenanceCompanyId: number | null;
  useCompanyId: number | null;
}

/** `alarmScope` in code, for live events. */
export function seesIot(user: AuthUser, a: IotAudience): boolean {
  if (user.dataScope === 'all') return true;
  if (isMerchantUser(user)) return a.merchantId === user.companyId;
  if (user.dataScope === 'area') return a.areaCode !== null && user.areaCodes.includes(a.areaCode);
  if (user.companyId === null) return false;
  if (user.userType === 'maintenance' || user.userType === 'maintenance_staff')
    return a.maintenanceCompanyId === user.companyId;
  if (user.userType === 'use_unit' || user.userType === 'safety_officer')
    return a.useCompanyId === user.companyId;
  return false;
}

/**
 * Whether the merchant has a device bound now to the lift: it may then post the lift's trapped
 * alarms to rescue over HTTP (rescue's `vouchForAlarms`).
 */
export async function monitorsLift(db: Queryable, merchantId: number, elevatorId: number): Promise<boolean> {
  const rows = await db
    .select({ id: iotBinding.id })
    .from(iotBinding)
    .innerJoin(iotDevice, eq(iotDevice.id, iotBinding.deviceId))
    .where(
      and(
        eq(iotBinding.elevatorId, elevatorId),
        isNull(iotBinding.unboundAt),
        eq(iotDevice.merchantId, merchantId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
