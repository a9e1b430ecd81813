import { CASE_KIND, CASE_SOURCE_LABEL, CASE_STATE, RESCUE_CASE_TOPIC } from '@ec/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { publishLive } from '../../../platform/live.ts';
import { type LocatedLiftFacts, liftFacts } from '../../elevator/api.ts';
import { gridOfPoint } from '../geo.ts';
import { rescueCase, rescueCaseStep } from '../tables.ts';
import { type CaseRecord, type JoinedCase, joinedCase, toRow } from './read.ts';
import { audienceOf } from './scope.ts';

/** Who does a step: a user, or the system (an alarm, a job, a public report). */
export type Actor = Pick<AuthUser, 'id' | 'realName' | 'companyId'> | null;

/** The case number: JY + the Shanghai day + a running number (6 digits and more). */
const caseNo = sql<string>`'JY' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || nextval('rescue_case_no_seq')::text`;

/** Appends a step to a case's history (in the caller's transaction). */
export async function addStep(
  db: Queryable,
  c: Pick<CaseRecord, 'id' | 'status' | 'level'>,
  action: string,
  actor: Actor,
  extra: {
    note?: string | null;
    companyId?: number | null;
    latitude?: number | null;
    longitude?: number | null;
  } = {},
) {
  await db.insert(rescueCaseStep).values({
    caseId: c.id,
    action,
    status: c.status,
    level: c.level,
    companyId: extra.companyId ?? null,
    userId: actor?.id ?? null,
    userName: actor?.realName ?? (actor ? null : '系统'),
    note: extra.note ?? null,
    latitude: extra.latitude ?? null,
    longitude: extra.longitude ?? null,
  });
}

/** Tells every agent and party who may see the case what it looks like now (delivered on commit). */
export async function publishCase(db: Queryable, c: CaseRecord): Promise<JoinedCase> {
  const j = await joinedCase(db, c.id);
  await publishJoined(db, c, j);
  return j;
}

/** `publishCase` with the case already read with its names (`j`, read after the write). */
export async function publishJoined(db: Queryable, c: CaseRecord, j: JoinedCase) {
  await publishLive(db, RESCUE_CASE_TOPIC, toRow(j), audienceOf(c));
}

/** The facts a case copies from its lift: codes, place, companies, and the grid (level 2) containing it. */
export async function liftColumns(db: Queryable, lift: LocatedLiftFacts) {
  const grid =
    lift.longitude !== null && lift.latitude !== null
      ? await gridOfPoint(db, lift.longitude, lift.latitude)
      : null;
  return {
    elevatorId: lift.id,
    registerCode: lift.registerCode,
    rescueCode: lift.rescueCode,
    address: lift.address,
    areaCode: lift.areaCode,
    maintenanceCompanyId: lift.maintenanceCompanyId,
    useCompanyId: lift.useCompanyId,
    rescueUnitId: grid?.unitId ?? null,
    gridId: grid?.gridId ?? null,
  };
}

export interface OpenCaseInput {
  source: number;
  kind: number;
  elevatorId: number | null;
  callerPhone?: string | null;
  callerName?: string | null;
  trapped?: number;
  description?: string | null;
  /** The agent who took the call (null for alarms and public reports). */
  agent: Actor;
  /** What the history says about where it came from (a device, a call), beside the source. */
  note?: string | null;
}

/**
 * Opens a case (a call, an alarm, a scan). A lift has at most one open 困人 case (a partial unique
 * index): when one is open, the new report joins it as a step instead, whoever reported it and on
 * whichever node — the insert's conflict decides, not a read before it. `row` is the case as it was
 * published (read once with its names), for the caller's answer.
 */
export async function openCase(
  db: Queryable,
  input: OpenCaseInput,
): Promise<{ caseId: number; joined: boolean; row: JoinedCase }> {
  const lift = input.elevatorId ? await liftFacts(db, input.elevatorId) : null;
  const columns = lift ? await liftColumns(db, lift) : {};
  const origin = originOf(input);
  // The open case may close between the conflict and the read that finds it: try again then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await db
      .insert(rescueCase)
      .values({
        caseNo,
        source: input.source,
        kind: input.kind,
        status: CASE_STATE.new,
        ...columns,
        callerPhone: input.callerPhone ?? null,
        callerName: input.callerName ?? null,
        trapped: input.trapped ?? 0,
        description: input.description ?? null,
        agentId: input.agent?.id ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await addStep(db, created, '接警', input.agent, { note: origin || null });
      const row = await publishCase(db, created);
      return { caseId: created.id, joined: false, row };
    }
    const [open] = await db
      .select()
      .from(rescueCase)
      .where(
        and(
          eq(rescueCase.elevatorId, input.elevatorId ?? 0),
          eq(rescueCase.kind, CASE_KIND.trapped),
          lt(rescueCase.status, CASE_STATE.closed),
        ),
      );
    if (!open) continue;
    return { caseId: open.id, joined: true, row: await joinCase(db, open, input) };
  }
  throw new Error('rescue case: the open case of the lift kept changing');
}

/** Where a report came from, for the history: its source, its note, the caller's number. */
function originOf(input: OpenCaseInput): string {
  return [CASE_SOURCE_LABEL[input.source], input.note, input.callerPhone ? `来电 ${input.callerPhone}` : null]
    .filter(Boolean)
    .join('，');
}

/**
 * A repeat report of an open case (a second call, alarm or scan): a 重复报警 step with where it came
 * from and what it says; a report of more people trapped raises the count (and the version: screens
 * showing fewer must reload), a repeat of what is known changes nothing else, so it does not stale
 * the agents' screens. Published to the board; returns the case as published.
 */
export async function joinCase(db: Queryable, open: CaseRecord, input: OpenCaseInput): Promise<JoinedCase> {
  const joinedNote = [originOf(input), input.description].filter(Boolean).join('；');
  const [raised] = await db
    .update(rescueCase)
    .set({ trapped: input.trapped ?? 0, version: sql`${rescueCase.version} + 1`, updatedAt: new Date() })
    .where(and(eq(rescueCase.id, open.id), lt(rescueCase.trapped, input.trapped ?? 0)))
    .returning();
  const now = raised ?? open;
  await addStep(db, now, '重复报警', input.agent, { note: joinedNote || null });
  return publishCase(db, now);
}
