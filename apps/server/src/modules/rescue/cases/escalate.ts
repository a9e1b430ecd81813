import { CASE_STATE, DISPATCH_LEVEL, DISPATCH_LEVEL_LABEL } from '@ec/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { notify } from '../../../platform/notify.ts';
import { rescueCase } from '../tables.ts';
import { companyNames, liftOf, tellUseUnit, toldNote } from './flow.ts';
import { addStep, publishCase } from './open.ts';
import { type CaseRecord, rescueLimits } from './read.ts';

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
    const told = await tellEscalation(db, next, toUnit, acceptMinutes);
    await addStep(db, next, '超时升级', null, {
      companyId: next.assigneeId,
      note: `${
        toUnit
          ? `${acceptMinutes} 分钟内未接单，升级为${DISPATCH_LEVEL_LABEL[2]}`
          : `未在时限内接单，升级为${DISPATCH_LEVEL_LABEL[3]}，请坐席拨打 119`
      }；${told.length ? `已通知：${told.join('、')}` : '无单位可通知'}`,
    });
    await publishCase(db, next);
  }
  return moved;
}

/**
 * 消息中心, in the job's transaction with the move: the rescue unit the case now waits on (its
 * rescuers, by the rule of kind 'rescue', as a dispatch tells them) and the lift's use unit. The
 * parties told, named with how many accounts received it, for the step.
 */
async function tellEscalation(
  db: Queryable,
  c: CaseRecord,
  toUnit: boolean,
  acceptMinutes: number,
): Promise<string[]> {
  const names = await companyNames(
    db,
    [c.assigneeId, c.useCompanyId].filter((id): id is number => id !== null),
  );
  const trapped = c.trapped ? `被困 ${c.trapped} 人，` : '';
  const told: string[] = [];
  const unitName = c.assigneeId !== null ? (names.get(c.assigneeId) ?? '救援单位') : null;
  if (toUnit && c.assigneeId !== null) {
    const to = await notify(db, {
      kind: 'rescue',
      title: `救援派单 ${c.caseNo}：${liftOf(c)}（超时升级）`,
      body: `维保单位 ${acceptMinutes} 分钟内未接单，已升级为${DISPATCH_LEVEL_LABEL[2]}。${trapped}请立即接单并前往现场`,
      link: '/m/rescue',
      companyIds: [c.assigneeId],
      dedupKey: `rescue-escalate:${c.id}:v${c.version}`,
    });
    told.push(toldNote(to.length, unitName));
  }
  if (c.useCompanyId !== null) {
    const to = await tellUseUnit(db, c, {
      title: `电梯困人 ${c.caseNo}：${liftOf(c)}（超时升级）`,
      body: toUnit
        ? `贵单位使用的电梯（${liftOf(c, '，')}）${trapped}维保单位未在 ${acceptMinutes} 分钟内接单，` +
          `96333 已升级派遣${DISPATCH_LEVEL_LABEL[2]}「${unitName}」前往救援。请安排安全管理人员到场配合。`
        : `贵单位使用的电梯（${liftOf(c, '，')}）${trapped}已派遣的单位未在时限内接单，` +
          `96333 正在通知 119 消防救援。请安排安全管理人员到场配合。`,
      dedupKey: `rescue-use-unit:${c.id}:v${c.version}`,
    });
    told.push(toldNote(to, `使用单位 ${names.get(c.useCompanyId) ?? ''}`.trim()));
  }
  return told;
}
