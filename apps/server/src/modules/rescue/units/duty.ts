import { addDays, type DutyEntry, type DutyWeek, mondayOf, shanghaiToday } from '@ec/contract';
import { and, asc, between, eq, inArray, notInArray } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { rescueDuty, rescueStaff, rescueTeam } from '../tables.ts';
import { editableUnit, unitScope, visibleUnit } from './scope.ts';

/*
 * 值班表: who of a unit is on 白班 / 夜班 each day. One entry per (staff, day, shift), kept by the
 * table's unique index: two people adding the same entry at once get one success and one 409.
 */

const entryColumns = {
  id: rescueDuty.id,
  staffId: rescueDuty.staffId,
  staffName: rescueStaff.name,
  day: rescueDuty.day,
  shift: rescueDuty.shift,
};

function entriesOf(q: Queryable, unitId: number, from: string, to: string, shift?: number) {
  return q
    .select(entryColumns)
    .from(rescueDuty)
    .innerJoin(rescueStaff, eq(rescueStaff.id, rescueDuty.staffId))
    .where(
      and(
        eq(rescueStaff.unitId, unitId),
        between(rescueDuty.day, from, to),
        shift ? eq(rescueDuty.shift, shift) : undefined,
      ),
    )
    .orderBy(asc(rescueDuty.day), asc(rescueDuty.shift), asc(rescueStaff.id));
}

export async function dutyWeek(
  q: Queryable,
  user: AuthUser,
  unitId: number,
  weekStart?: string,
): Promise<DutyWeek> {
  const unit = await visibleUnit(q, user, unitId);
  const monday = mondayOf(weekStart ?? shanghaiToday());
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const staff = await q
    .select({ id: rescueStaff.id, name: rescueStaff.name, teamName: rescueTeam.name })
    .from(rescueStaff)
    .leftJoin(rescueTeam, eq(rescueTeam.id, rescueStaff.teamId))
    .where(and(eq(rescueStaff.unitId, unitId), eq(rescueStaff.enabled, true)))
    .orderBy(asc(rescueStaff.id));
  return {
    unitId,
    unitName: unit.name,
    weekStart: monday,
    days,
    staff,
    entries: await entriesOf(q, unitId, days[0], days[6]),
  };
}

/** A rescuer the user may put on the roster (his unit editable), or 404 / 403. */
async function editableStaff(q: Queryable, user: AuthUser, staffIds: number[]) {
  const rows = await q
    .select({ id: rescueStaff.id, unitId: rescueStaff.unitId })
    .from(rescueStaff)
    .innerJoin(enterprise, eq(enterprise.id, rescueStaff.unitId))
    .where(and(inArray(rescueStaff.id, staffIds), unitScope(user)));
  if (rows.length !== new Set(staffIds).size) throw notFound('救援人员不存在或无权访问');
  for (const unitId of new Set(rows.map((r) => r.unitId))) await editableUnit(q, user, unitId);
  return rows;
}

const DUPLICATE = '该人员当天该班次已排班';

export async function addDuty(
  q: Queryable,
  user: AuthUser,
  input: { staffId: number; day: string; shift: number },
): Promise<DutyEntry> {
  await editableStaff(q, user, [input.staffId]);
  const [row] = await refusingConflicts(
    () =>
      q
        .insert(rescueDuty)
        .values({ staffId: input.staffId, day: input.day, shift: input.shift })
        .returning({ id: rescueDuty.id }),
    { unique: DUPLICATE },
  );
  const [entry] = await q
    .select(entryColumns)
    .from(rescueDuty)
    .innerJoin(rescueStaff, eq(rescueStaff.id, rescueDuty.staffId))
    .where(eq(rescueDuty.id, row.id));
  return entry;
}

/**
 * Makes a unit's day and shift exactly `staffIds`: the others' entries are deleted, the missing ones
 * inserted (an entry another writer inserted meanwhile is kept, not doubled: the unique index).
 */
export async function setDuty(
  q: Queryable,
  user: AuthUser,
  input: { unitId: number; day: string; shift: number; staffIds: number[] },
) {
  await editableUnit(q, user, input.unitId);
  const ids = [...new Set(input.staffIds)];
  if (ids.length > 0) {
    const rows = await q
      .select({ id: rescueStaff.id })
      .from(rescueStaff)
      .where(and(inArray(rescueStaff.id, ids), eq(rescueStaff.unitId, input.unitId)));
    if (rows.length !== ids.length)
      throw badRequest('所选人员不属于该救援单位', [
        { field: 'staffIds', message: '所选人员不属于该救援单位' },
      ]);
  }
  const unitStaff = q
    .select({ id: rescueStaff.id })
    .from(rescueStaff)
    .where(eq(rescueStaff.unitId, input.unitId));
  await q
    .delete(rescueDuty)
    .where(
      and(
        inArray(rescueDuty.staffId, unitStaff),
        eq(rescueDuty.day, input.day),
        eq(rescueDuty.shift, input.shift),
        ids.length > 0 ? notInArray(rescueDuty.staffId, ids) : undefined,
      ),
    );
  if (ids.length > 0)
    await q
      .insert(rescueDuty)
      .values(ids.map((staffId) => ({ staffId, day: input.day, shift: input.shift })))
      .onConflictDoNothing();
  return entriesOf(q, input.unitId, input.day, input.day, input.shift);
}

export async function deleteDuty(q: Queryable, user: AuthUser, ids: number[]) {
  const rows = await q
    .select({ staffId: rescueDuty.staffId })
    .from(rescueDuty)
    .where(inArray(rescueDuty.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound('排班记录不存在或无权访问');
  await editableStaff(q, user, [...new Set(rows.map((r) => r.staffId))]);
  const deleted = await q
    .delete(rescueDuty)
    .where(inArray(rescueDuty.id, ids))
    .returning({ id: rescueDuty.id });
  return { deleted: deleted.length };
}
