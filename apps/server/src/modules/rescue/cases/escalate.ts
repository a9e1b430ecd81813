import { CASE_STATE, DISPATCH_LEVEL, DISPATCH_LEVEL_LABEL } from '@ec/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rescueCase } from '../tables.ts';
import { addStep, publishCase } from './open.ts';
import { rescueLimits } from './read.ts';

/**
 * Dispatches nobody accepted in time go to the next level: a maintenance company's (level 1) to the
 * rescue unit of the lift's grid (level 2) with a new deadline, and a rescue unit's — or a level 1
 * whose lift is in no grid — back to the agents at level 3 (待派遣: they call 119). Each case moves
 * in one UPDATE conditional on its state, version and passed deadline, so that an acceptance that
 * commits first wins and a second job run finds nothing to do. `now` is the job's clock (tests set it).
 */
export async function escalateOverdue(db: Queryable, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(rescueCase)
    .where(and(eq(rescueCase.status, CASE_STATE.dispatched), lt(rescueCase.acceptDeadline, now)))
    .orderBy(asc(rescueCase.acceptDeadline))
    .limit(500);
  if (due.length === 0) return 0;
  const { acceptMinutes } = await rescueLimits(db);
  let moved = 0;
  for (const c of due) {
    const toUnit =
      c.level === DISPATCH_LEVEL.maintenance && c.rescueUnitId !== null && c.rescueUnitId !== c.assigneeId;
    const set = toUnit
      ? {
          level: DISPATCH_LEVEL.rescueUnit,
          assigneeId: c.rescueUnitId,
          acceptDeadline: new Date(now.getTime() + acceptMinutes * 60_000),
        }
      : { level: DISPATCH_LEVEL.fireBrigade, status: CASE_STATE.new, assigneeId: null, acceptDeadline: null };
    const [next] = await db
      .update(rescueCase)
      .set({ ...set, version: sql`${rescueCase.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(rescueCase.id, c.id),
          eq(rescueCase.status, CASE_STATE.dispatched),
          eq(rescueCase.version, c.version),
          lt(rescueCase.acceptDeadline, now),
        ),
      )
      .returning();
    if (!next) continue;
    moved++;
    await addStep(db, next, '超时升级', null, {
      companyId: next.assigneeId,
      note: toUnit
        ? `${acceptMinutes} 分钟内未接单，升级为${DISPATCH_LEVEL_LABEL[2]}`
        : `未在时限内接单，升级为${DISPATCH_LEVEL_LABEL[3]}，请坐席拨打 119`,
    });
    await publishCase(db, next);
  }
  return moved;
}
