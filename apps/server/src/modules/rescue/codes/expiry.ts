/**
 * Temporary codes past their last day (`valid_until`, a date in Asia/Shanghai). Binding refuses them
 * (binding.ts); here, the lookups that find a lift by its code stop at them, and a daily job takes
 * them off the lifts that still hold them, keeping the code's history (a 解绑 record each). Every
 * comparison is the database's own clock (`now()` in the statement), not the server's after reading.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { liftsRelation, unbindRescueCodeOf } from '../../elevator/api.ts';
import { emergencyCode, emergencyCodeRecord } from '../tables.ts';

/** Today in Asia/Shanghai, by the database's clock. */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

const ec = alias(emergencyCode, 'expired_code');

/** Whether the code (a column or value) is a code of the pool past its last day. */
export const codeExpiredSql = (code: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${emergencyCode} ${sql.identifier('expired_code')}
    where ${ec.code} = ${code} and ${ec.validUntil} < ${today})`;

/** The public page's answer for such a code: 410, the resource is gone for good. */
export const EXPIRED_MESSAGE = '该应急码已过期，请拨打 96333';

/** Refuses a code past its last day (410): the public page and report do not locate its lift. */
export async function refuseExpired(db: Queryable, code: string): Promise<void> {
  const [row] = await db
    .select({ expired: sql<boolean>`${emergencyCode.validUntil} < ${today}` })
    .from(emergencyCode)
    .where(eq(emergencyCode.code, code));
  if (row?.expired) throw new AppError(410, EXPIRED_MESSAGE);
}

/** Who the daily job's records name. */
const JOB_ACTOR = '系统（临时码过期）';

/**
 * The daily job: temporary codes past their last day that a lift still holds are taken off it (the
 * registry's UPDATE, through elevator/api.ts, only if the lift still holds that code), each with a
 * 解绑 record. The codes' rows are locked first, as a bind or unbind of a code locks them. How many.
 */
export async function unbindExpiredCodes(db: Queryable): Promise<number> {
  const lift = liftsRelation().as('lift');
  const due = await db
    .select({
      code: emergencyCode.code,
      claimedBy: emergencyCode.claimedBy,
      elevatorId: lift.id,
      registerCode: lift.registerCode,
    })
    .from(emergencyCode)
    .innerJoin(lift, eq(lift.rescueCode, emergencyCode.code))
    .where(sql`${emergencyCode.validUntil} < ${today}`)
    .orderBy(emergencyCode.code)
    .for('update', { of: emergencyCode });
  const unbound: typeof due = [];
  for (const d of due) if (await unbindRescueCodeOf(db, d.elevatorId, d.code)) unbound.push(d);
  if (unbound.length > 0)
    await db.insert(emergencyCodeRecord).values(
      unbound.map((d) => ({
        code: d.code,
        action: '解绑',
        companyId: d.claimedBy,
        elevatorId: d.elevatorId,
        registerCode: d.registerCode,
        userName: JOB_ACTOR,
      })),
    );
  return unbound.length;
}
