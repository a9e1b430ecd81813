import {
  CASE_KIND,
  CASE_SOURCE,
  CASE_STATE,
  CASE_STATE_LABEL,
  type CallParsedInput,
  DISPATCH_LEVEL,
  DISPATCH_LEVEL_LABEL,
  distanceMeters,
  RESCUE_PERMISSIONS,
  type RescueCaseDetail,
  type rescueCaseCalls,
} from '@ec/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, hasPermission } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { maskedPhone } from '../../../platform/masking.ts';
import { notify } from '../../../platform/notify.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { liftByCode, liftFacts } from '../../elevator/api.ts';
import { seesAgent } from '../callcentre/service.ts';
import { openRepair } from '../repairs/open.ts';
import { callRecord, rescueCase } from '../tables.ts';
import { mayRaiseAlarm } from './alarm-authority.ts';
import { addStep, liftColumns, openCase, publishJoined } from './open.ts';
import { type CaseRecord, caseInScope, detailOf, joinedCase, rescueLimits } from './read.ts';
import { callerInFull, caseScope } from './scope.ts';

type Calls = typeof rescueCaseCalls;
type In<K extends keyof Calls> = CallParsedInput<Calls[K]>;

const MISSING = '工单不存在或无权访问';
/** A company that sees a case (its lift, its grid) but is not the one the case waits on now. */
const NOT_YOURS = '该工单当前未派给本单位，不能操作';
const moveOf = (
  user: AuthUser,
  id: number,
  version: number,
  verb: string,
  extra: SQL | undefined = undefined,
) => ({
  id,
  version,
  verb,
  labels: CASE_STATE_LABEL,
  missing: MISSING,
  where: and(caseScope(user), extra),
});

/**
 * A rescuer's move, conditional on the case still waiting on the rescuer's company: when the UPDATE
 * finds nothing because an escalation (or another agent) moved the case away meanwhile, the case is
 * still in the user's scope, and the answer is 409 (not yours any more), not 404.
 */
async function asAssignee<T>(db: Queryable, user: AuthUser, id: number, move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err;
    await caseInScope(db, user, id);
    throw conflict(NOT_YOURS);
  }
}

/** After a move: the case read once with its names, published to the board and answered in full. */
async function done(db: Queryable, user: AuthUser, c: CaseRecord): Promise<RescueCaseDetail> {
  const j = await joinedCase(db, c.id);
  await publishJoined(db, c, j);
  return detailOf(db, j, callerInFull(user));
}

/**
 * The call a pop-up token names, for saveOrder: only a call of the agent's own centre (the platform:
 * any centre's) — another centre's token, like an unknown one, is a 404. A call already linked to a
 * case is refused with that case's number (409) before any case opens.
 */
async function callOfToken(db: Queryable, user: AuthUser, token: string) {
  const [found] = await db
    .select({
      id: callRecord.id,
      caseNo: rescueCase.caseNo,
      agentType: sysUser.userType,
      agentCompanyId: sysUser.companyId,
    })
    .from(callRecord)
    .leftJoin(sysUser, eq(sysUser.id, callRecord.agentId))
    .leftJoin(rescueCase, eq(rescueCase.id, callRecord.caseId))
    .where(eq(callRecord.token, token));
  const mine =
    found &&
    (user.userType === 'callcenter'
      ? found.agentType === 'callcenter' && seesAgent(user, { companyId: found.agentCompanyId })
      : seesAgent(user, { companyId: found.agentCompanyId }));
  if (!mine) throw notFound('来电记录不存在或不属于本呼叫中心');
  if (found.caseNo !== null) throw linkedAlready(found.caseNo);
}

const linkedAlready = (caseNo: string | null) =>
  conflict(`该来电已关联工单${caseNo ? ` ${caseNo}` : ''}，不能再次建单；请在该工单中处理`);

/** saveOrder: the agent opens a case from a call (linked to the call's record by its token). */
export async function saveCase(db: Queryable, user: AuthUser, input: In<'saveOrder'>) {
  if (input.elevatorId && !(await liftFacts(db, input.elevatorId))) throw notFound('电梯不存在');
  if (input.callToken) await callOfToken(db, user, input.callToken);
  const { caseId, joined, row } = await openCase(db, {
    source: CASE_SOURCE.phone,
    kind: input.kind,
    elevatorId: input.elevatorId ?? null,
    callerPhone: input.callerPhone || null,
    callerName: input.callerName || null,
    trapped: input.trapped,
    description: input.description || null,
    agent: user,
  });
  if (input.callToken) {
    // The link decides: one UPDATE on a call still unlinked; of two agents saving the same call at
    // once, the second finds it linked and its case (in the same transaction) is rolled back.
    const linked = await db
      .update(callRecord)
      .set({ caseId })
      .where(and(eq(callRecord.token, input.callToken), isNull(callRecord.caseId)))
      .returning({ id: callRecord.id });
    if (linked.length === 0) {
      const [now] = await db
        .select({ caseNo: rescueCase.caseNo })
        .from(callRecord)
        .leftJoin(rescueCase, eq(rescueCase.id, callRecord.caseId))
        .where(eq(callRecord.token, input.callToken));
      throw linkedAlready(now?.caseNo ?? null);
    }
  }
  return { case: await detailOf(db, row, callerInFull(user)), joined };
}

/**
 * An alarm from a car's one-key button or a monitoring device: a 困人 case for the lift. `user` is
 * the account posting it over HTTP (absent for the server's own intake, e.g. IoT ingestion): the
 * platform may raise one for any lift, a company only for a lift an alarm authority vouches for
 * (an IoT merchant: a device of its own bound to the lift); any other lift is 404, as if unknown.
 */
export async function alarm(db: Queryable, input: In<'alarm'>, user?: AuthUser) {
  const lift = input.elevatorId
    ? await liftFacts(db, input.elevatorId)
    : await liftByCode(db, input.registerCode ?? '');
  if (!lift) throw notFound('电梯不存在');
  if (user && user.dataScope !== 'all') {
    if (user.companyId === null || !(await mayRaiseAlarm(db, user.companyId, lift.id))) {
      throw notFound('电梯不存在');
    }
  }
  const { row, joined } = await openCase(db, {
    source: input.source,
    kind: CASE_KIND.trapped,
    elevatorId: lift.id,
    trapped: input.trapped ?? 1,
    description: input.description ?? null,
    agent: null,
    note: input.deviceId ? `设备 ${input.deviceId}` : null,
  });
  return { case: await detailOf(db, row), joined };
}

/** The agent confirms the lift (and the kind and people trapped) before dispatching. */
export async function locate(db: Queryable, user: AuthUser, input: In<'locate'>) {
  const lift = await liftFacts(db, input.elevatorId);
  if (!lift) throw notFound('电梯不存在');
  const columns = await liftColumns(db, lift);
  const moved = await refusingConflicts(
    () =>
      moveState(db, rescueCase, {
        ...moveOf(user, input.id, input.version, '确认电梯'),
        from: [CASE_STATE.new],
        to: CASE_STATE.new,
        set: {
          ...columns,
          ...(input.kind !== undefined ? { kind: input.kind } : {}),
          ...(input.trapped !== undefined ? { trapped: input.trapped } : {}),
          updatedAt: new Date(),
        },
      }),
    { unique: '该电梯已有未关闭的困人工单，请在该工单中处理' },
  );
  await addStep(db, moved, '确认电梯', user, {
    note: `${lift.registerCode} ${lift.address}${moved.trapped ? `，被困 ${moved.trapped} 人` : ''}`,
  });
  return done(db, user, moved);
}

/** Level 1 (the lift's maintenance company) or 2 (the rescue unit of its grid); the use unit is told at once. */
export async function dispatch(db: Queryable, user: AuthUser, input: In<'dispatch'>) {
  const current = await caseInScope(db, user, input.id);
  if (current.kind !== CASE_KIND.trapped) throw conflict('只有困人工单需要派遣救援');
  if (current.elevatorId === null) throw conflict('请先确认被困电梯');
  const assignee =
    input.level === DISPATCH_LEVEL.maintenance ? current.maintenanceCompanyId : current.rescueUnitId;
  if (assignee === null)
    throw conflict(
      input.level === DISPATCH_LEVEL.maintenance
        ? '该电梯没有维保单位，请派遣救援单位（二级响应）'
        : '该电梯不在任何救援网格内，请通知 119（三级响应）',
    );
  const { acceptMinutes } = await rescueLimits(db);
  const now = new Date();
  const moved = await moveState(db, rescueCase, {
    ...moveOf(user, input.id, input.version, '派遣'),
    from: [CASE_STATE.new],
    to: CASE_STATE.dispatched,
    set: {
      level: input.level,
      assigneeId: assignee,
      agentId: sql`coalesce(${rescueCase.agentId}, ${user.id})`,
      dispatchedAt: sql`coalesce(${rescueCase.dispatchedAt}, ${now})`,
      acceptDeadline: new Date(now.getTime() + acceptMinutes * 60_000),
      updatedAt: now,
    },
  });
  await addStep(db, moved, '派遣', user, { companyId: assignee, note: input.note || null });
  if (moved.useCompanyId !== null) {
    const names = await companyNames(db, [assignee]);
    const caller = maskedPhone(moved.callerPhone);
    const told = await tellUseUnit(db, moved, {
      title: `电梯困人 ${moved.caseNo}：${liftOf(moved)}`,
      body:
        `贵单位使用的电梯（${liftOf(moved, '，')}）${moved.trapped ? `有 ${moved.trapped} 人被困` : '发生困人'}，` +
        `96333 已派遣${DISPATCH_LEVEL_LABEL[input.level]}「${names.get(assignee) ?? '救援人员'}」前往救援` +
        `${caller ? `（报警电话 ${caller}）` : ''}。请安排安全管理人员到场配合。`,
      dedupKey: `rescue-use-unit:${moved.id}:v${moved.version}`,
    });
    await addStep(db, moved, '通知使用单位', user, { companyId: moved.useCompanyId, note: toldNote(told) });
  }
  // 消息中心 (and SMS by the rule): the dispatched company's rescuers, at once.
  await notify(db, {
    kind: 'rescue',
    title: `救援派单 ${moved.caseNo}：${moved.registerCode ?? ''} ${moved.address ?? ''}`.trim(),
    body: `${moved.trapped ? `被困 ${moved.trapped} 人，` : ''}请立即接单并前往现场`,
    link: '/m/rescue',
    companyIds: [assignee],
    dedupKey: `rescue-dispatch:${moved.id}:${assignee}`,
  });
  return done(db, user, moved);
}

// ---------------------------------------------------------------- the use unit's messages

/** The lift as a message names it: register code and address. */
export const liftOf = (c: Pick<CaseRecord, 'registerCode' | 'address'>, sep = ' ') =>
  [c.registerCode, c.address].filter(Boolean).join(sep) || '未确认电梯';

/** Companies' names by id (for messages and steps). */
export async function companyNames(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(inArray(enterprise.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A step's note on whom a message reached. */
export function toldNote(accounts: number, name?: string | null): string {
  const reached = accounts > 0 ? `已发消息 ${accounts} 人` : '无可接收消息的账号';
  return name ? `${name}（${reached}）` : reached;
}

/**
 * 消息中心: tells the lift's use unit about its case, in the caller's transaction (a rolled-back
 * move tells nobody). The rule of kind 'rescue' names the rescuers' roles, not the use unit's, so the
 * unit's enabled accounts that see its cases (caseScope: use unit and safety officer accounts) are
 * named; role holders of the unit the administrator added to the rule receive it too. The caller's
 * number, if any, goes masked (maskedPhone): the unit is not the call centre that calls back. Its
 * link opens 处置工单记录, which the use unit's and the safety officer's menus hold read-only
 * (platform/seed/base.ts). How many accounts received it.
 */
export async function tellUseUnit(
  db: Queryable,
  c: Pick<CaseRecord, 'useCompanyId' | 'areaCode'>,
  message: { title: string; body: string; dedupKey: string },
): Promise<number> {
  if (c.useCompanyId === null) return 0;
  const accounts = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.companyId, c.useCompanyId),
        eq(sysUser.status, 1),
        inArray(sysUser.userType, ['use_unit', 'safety_officer']),
      ),
    );
  const to = await notify(db, {
    kind: 'rescue',
    ...message,
    link: '/getrecore',
    userIds: accounts.map((a) => a.id),
    companyIds: [c.useCompanyId],
  });
  return to.length;
}

/** Level 3: the agent has called 119 (a manual step); the brigade counts as having accepted. */
export async function fireBrigade(db: Queryable, user: AuthUser, input: In<'fireBrigade'>) {
  const now = new Date();
  const moved = await moveState(db, rescueCase, {
    ...moveOf(user, input.id, input.version, '通知 119', eq(rescueCase.kind, CASE_KIND.trapped)),
    from: [CASE_STATE.new, CASE_STATE.dispatched],
    to: CASE_STATE.accepted,
    set: {
      level: DISPATCH_LEVEL.fireBrigade,
      assigneeId: null,
      acceptDeadline: null,
      dispatchedAt: sql`coalesce(${rescueCase.dispatchedAt}, ${now})`,
      acceptedAt: now,
      acceptedBy: null,
      updatedAt: now,
    },
  });
  await addStep(db, moved, '三级响应：已通知 119', user, { note: input.note || null });
  return done(db, user, moved);
}

/** The rescuer's company accepts a case dispatched to it (before the deadline or not: it is still the assignee). */
export async function accept(db: Queryable, user: AuthUser, input: In<'accept'>) {
  const current = await caseInScope(db, user, input.id);
  const company = user.companyId;
  if (company === null || current.assigneeId !== company) throw conflict(NOT_YOURS);
  const now = new Date();
  const moved = await asAssignee(db, user, input.id, () =>
    moveState(db, rescueCase, {
      ...moveOf(user, input.id, input.version, '接单', eq(rescueCase.assigneeId, company)),
      from: [CASE_STATE.dispatched],
      to: CASE_STATE.accepted,
      set: { acceptedAt: now, acceptedBy: user.id, acceptDeadline: null, updatedAt: now },
    }),
  );
  await addStep(db, moved, '接单', user, { companyId: user.companyId });
  return done(db, user, moved);
}

/**
 * Who may record the rescuer's progress: the company the case waits on, or an agent on its behalf
 * (always so at level 3, where the brigade has no account).
 */
function actingOn(user: AuthUser, current: CaseRecord): SQL | undefined {
  if (hasPermission(user, RESCUE_PERMISSIONS.caseHandle)) return undefined;
  if (user.companyId === null || current.assigneeId !== user.companyId) throw conflict(NOT_YOURS);
  // Checked again in the UPDATE: an escalation that commits first takes the case away.
  return eq(rescueCase.assigneeId, user.companyId);
}

export async function arrive(db: Queryable, user: AuthUser, input: In<'arrive'>) {
  const current = await caseInScope(db, user, input.id);
  const lift = current.elevatorId ? await liftFacts(db, current.elevatorId) : null;
  const hasPosition = input.latitude != null && input.longitude != null;
  const distance =
    hasPosition && lift?.latitude != null && lift.longitude != null
      ? Math.round(distanceMeters(input.latitude!, input.longitude!, lift.latitude, lift.longitude))
      : null;
  const { arriveMinutes } = await rescueLimits(db);
  const now = new Date();
  const moved = await asAssignee(db, user, input.id, () =>
    moveState(db, rescueCase, {
      ...moveOf(user, input.id, input.version, '记录到达', actingOn(user, current)),
      from: [CASE_STATE.accepted],
      to: CASE_STATE.arrived,
      set: {
        arrivedAt: now,
        arriveDistance: distance,
        overtime: sql`${now}::timestamptz - ${rescueCase.alarmAt} > make_interval(mins => ${arriveMinutes})`,
        updatedAt: now,
      },
    }),
  );
  await addStep(db, moved, '到达现场', user, {
    companyId: user.companyId,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    note: distance !== null ? `距电梯 ${distance} 米` : hasPosition ? null : '未提供定位',
  });
  return done(db, user, moved);
}

export async function free(db: Queryable, user: AuthUser, input: In<'free'>) {
  const current = await caseInScope(db, user, input.id);
  const now = new Date();
  const moved = await asAssignee(db, user, input.id, () =>
    moveState(db, rescueCase, {
      ...moveOf(user, input.id, input.version, '记录解救', actingOn(user, current)),
      from: [CASE_STATE.arrived],
      to: CASE_STATE.freed,
      set: { freed: input.freed, freedAt: now, updatedAt: now },
    }),
  );
  await addStep(db, moved, '解救完成', user, {
    companyId: user.companyId,
    note: [`解救 ${input.freed} 人`, input.note].filter(Boolean).join('；'),
  });
  return done(db, user, moved);
}

/**
 * Closes a case. A 困人 case closes once freed, with its cause, the people freed and whether the
 * lift is back in service; other kinds close from any open state (a 故障报修 with its repair order).
 * A closed case is immutable: corrections are notes.
 */
export async function close(db: Queryable, user: AuthUser, input: In<'close'>) {
  const current = await caseInScope(db, user, input.id);
  const trapped = current.kind === CASE_KIND.trapped;
  if (trapped) {
    if (!input.cause) throw badRequest('请选择困人原因');
    if (input.backInService == null) throw badRequest('请选择电梯是否恢复运行');
  }
  if (current.kind === CASE_KIND.fault && !input.repairHitchType && current.elevatorId !== null)
    throw badRequest('故障报修工单关闭时请选择故障类型，以生成维修单');
  const { arriveMinutes } = await rescueLimits(db);
  const now = new Date();
  const moved = await moveState(db, rescueCase, {
    ...moveOf(user, input.id, input.version, '关闭'),
    from: trapped
      ? [CASE_STATE.freed]
      : [CASE_STATE.new, CASE_STATE.dispatched, CASE_STATE.accepted, CASE_STATE.arrived, CASE_STATE.freed],
    to: CASE_STATE.closed,
    set: {
      cause: input.cause ?? null,
      causeDetail: input.causeDetail || null,
      freed: sql`coalesce(${input.freed ?? null}::smallint, ${rescueCase.freed})`,
      backInService: input.backInService ?? null,
      followUp: input.followUp || null,
      closeNote: input.note || null,
      acceptDeadline: null,
      closedAt: now,
      // Never arrived (a 困人 case closed by other means): late if the limit passed before the close.
      overtime: trapped
        ? sql`coalesce(${rescueCase.overtime}, ${now}::timestamptz - ${rescueCase.alarmAt} > make_interval(mins => ${arriveMinutes}))`
        : null,
      updatedAt: now,
    },
  });
  let closed = moved;
  if (input.repairHitchType && moved.elevatorId !== null) {
    const repair = await openRepair(db, {
      elevatorId: moved.elevatorId,
      hitchType: input.repairHitchType,
      description: moved.description,
      reporterName: moved.callerName,
      reporterPhone: moved.callerPhone,
      source: moved.source,
      caseId: moved.id,
      createdBy: user.id,
    });
    [closed] = await db
      .update(rescueCase)
      .set({ repairId: repair.id })
      .where(eq(rescueCase.id, moved.id))
      .returning();
    await addStep(db, closed, '生成维修单', user, { note: repair.repairNo });
  }
  await addStep(db, closed, '关闭', user, { note: input.note || null });
  return done(db, user, closed);
}

/** A note on a case in any state (after the close, the only way to correct it). */
export async function addNote(db: Queryable, user: AuthUser, input: In<'addNote'>) {
  const c = await caseInScope(db, user, input.id);
  await addStep(db, c, '备注', user, { note: input.note });
  return done(db, user, c);
}
