import { randomBytes } from 'node:crypto';
import {
  AGENT_TOPIC,
  type AgentDetail,
  type AgentRow,
  ALL_PERMISSIONS,
  CALL_DIRECTION_LABEL,
  type CallParsedInput,
  type CallRecordRow,
  formatDateTime,
  maskPhone,
  type Page,
  type PopupContext,
  RESCUE_PERMISSIONS,
  type serviceUserCalls,
  shanghaiToday,
} from '@ec/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, hasPermission } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { publishLive } from '../../../platform/live.ts';
import { maskedPhone, sameDigits } from '../../../platform/masking.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { callerInFull, caseScope } from '../cases/scope.ts';
import { callRecord, rescueCase, serviceAgent, serviceAgentShift } from '../tables.ts';

type Calls = typeof serviceUserCalls;
const CLOSED = 6;

/** The start of a Shanghai day as an instant. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** `yyyy-MM-dd HH:mm[:ss]` is Shanghai time; anything else an ISO instant. */
export const parseInstant = (v: string) =>
  new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v.replace(' ', 'T')}+08:00` : v);

const at = (v: Date | null) => (v ? formatDateTime(v) : null);

/**
 * The call-centre users a caller may manage or see as agents: the platform (data scope all, not a
 * call centre) every call centre's; a call-centre user those of its own centre (company).
 */
function agentUsers(user: AuthUser, u: typeof sysUser = sysUser): SQL {
  const callcentre = eq(u.userType, 'callcenter');
  if (user.userType === 'callcenter')
    return user.companyId === null ? sql`false` : and(callcentre, eq(u.companyId, user.companyId))!;
  if (user.dataScope === 'all') return callcentre;
  return sql`false`;
}

/** How many agents the user may see are on duty now (the live board's figure: the viewer's centre). */
export async function agentsOnline(db: Queryable, user: AuthUser): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceAgent)
    .innerJoin(sysUser, eq(sysUser.id, serviceAgent.userId))
    .where(and(eq(serviceAgent.online, true), agentUsers(user)));
  return n;
}

const agentUser = alias(sysUser, 'agent_user');

/** The calls a caller may read: those of the agents it may see. */
function callScope(user: AuthUser): SQL {
  if (user.userType !== 'callcenter' && user.dataScope === 'all') return sql`true`;
  return sql`exists (select 1 from ${sysUser} where ${sysUser.id} = ${callRecord.agentId} and ${agentUsers(user)})`;
}

/** Who an agent's live event is for: its call centre (the platform sees every centre). */
export interface AgentAudience {
  companyId: number | null;
}

/** `agentUsers` in code, for live events: whether the user may see an agent of this centre. */
export function seesAgent(user: AuthUser, a: AgentAudience): boolean {
  if (user.userType === 'callcenter') return user.companyId !== null && user.companyId === a.companyId;
  return user.dataScope === 'all';
}

/** Tells the agent's centre what the agent looks like now (delivered on commit). */
async function publishAgent(db: Queryable, userId: number) {
  const [row] = await selectAgents(db, eq(serviceAgent.userId, userId));
  if (!row) return;
  const [u] = await db.select({ companyId: sysUser.companyId }).from(sysUser).where(eq(sysUser.id, userId));
  await publishLive(db, AGENT_TOPIC, toAgent(row), {
    companyId: u?.companyId ?? null,
  } satisfies AgentAudience);
}

const todayCalls = (day = shanghaiToday()) =>
  sql<number>`(select count(*) from ${callRecord} c where c.agent_id = ${serviceAgent.userId}
    and c.started_at >= ${dayStart(day)} and c.started_at < ${nextDay(day)})`.mapWith(Number);

function selectAgents(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      a: serviceAgent,
      username: sysUser.username,
      realName: sysUser.realName,
      phone: sysUser.phone,
      todayCalls: todayCalls(),
    })
    .from(serviceAgent)
    .innerJoin(sysUser, eq(sysUser.id, serviceAgent.userId))
    .where(where);
}
type JoinedAgent = Awaited<ReturnType<typeof selectAgents>>[number];

const toAgent = (j: JoinedAgent): AgentRow => ({
  userId: j.a.userId,
  username: j.username,
  realName: j.realName,
  phone: maskedPhone(j.phone),
  seatNo: j.a.seatNo,
  extension: j.a.extension,
  online: j.a.online,
  changedAt: at(j.a.changedAt),
  remark: j.a.remark,
  todayCalls: j.todayCalls,
  version: j.a.version,
});

/** 坐席列表: seat order. */
export function listAgents(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['query']>,
): Promise<Page<AgentRow>> {
  const k = f.keyword?.trim();
  const where = and(
    agentUsers(user),
    f.online ? eq(serviceAgent.online, f.online === 'true') : undefined,
    k
      ? or(
          ilike(serviceAgent.seatNo, likePattern(k)),
          ilike(sysUser.realName, likePattern(k)),
          ilike(sysUser.username, likePattern(k)),
        )
      : undefined,
  );
  return paginate(
    db,
    f,
    (w) => selectAgents(db, where).orderBy(asc(serviceAgent.seatNo)).limit(w.limit).offset(w.offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(serviceAgent)
          .innerJoin(sysUser, eq(sysUser.id, serviceAgent.userId))
          .where(where)
      )[0].n,
    toAgent,
  );
}

async function agentOf(
  db: Queryable,
  user: AuthUser,
  userId: number,
  missing = '坐席不存在',
): Promise<AgentRow> {
  const [row] = await selectAgents(db, and(eq(serviceAgent.userId, userId), agentUsers(user)));
  if (!row) throw notFound(missing);
  return toAgent(row);
}

function selectCalls(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      c: callRecord,
      agentName: agentUser.realName,
      seatNo: serviceAgent.seatNo,
      caseNo: rescueCase.caseNo,
    })
    .from(callRecord)
    .leftJoin(agentUser, eq(agentUser.id, callRecord.agentId))
    .leftJoin(serviceAgent, eq(serviceAgent.userId, callRecord.agentId))
    .leftJoin(rescueCase, eq(rescueCase.id, callRecord.caseId))
    .where(where);
}
type JoinedCall = Awaited<ReturnType<typeof selectCalls>>[number];

/** A call's record; its number in full to those who call back (`callerInFull`), masked to others. */
const toCall = (j: JoinedCall, full: boolean): CallRecordRow => {
  const c = j.c;
  const from = c.answeredAt ?? c.startedAt;
  return {
    id: c.id,
    token: c.token,
    phone: full ? c.phone : maskPhone(c.phone),
    direction: c.direction,
    directionLabel: CALL_DIRECTION_LABEL[c.direction] ?? String(c.direction),
    startedAt: formatDateTime(c.startedAt),
    answeredAt: at(c.answeredAt),
    endedAt: at(c.endedAt),
    durationSeconds: c.endedAt
      ? Math.max(0, Math.round((c.endedAt.getTime() - from.getTime()) / 1000))
      : null,
    agentId: c.agentId,
    agentName: j.agentName,
    seatNo: j.seatNo,
    caseId: c.caseId,
    caseNo: j.caseNo,
  };
};

/** 坐席详情: the agent, its latest calls and its latest changes of duty. */
export async function agentDetail(db: Queryable, user: AuthUser, userId: number): Promise<AgentDetail> {
  const agent = await agentOf(db, user, userId);
  const calls = await selectCalls(db, eq(callRecord.agentId, userId))
    .orderBy(desc(callRecord.startedAt), desc(callRecord.id))
    .limit(20);
  const shifts = await db
    .select({ online: serviceAgentShift.online, at: serviceAgentShift.at })
    .from(serviceAgentShift)
    .where(eq(serviceAgentShift.userId, userId))
    .orderBy(desc(serviceAgentShift.id))
    .limit(30);
  return {
    ...agent,
    recentCalls: calls.map((c) => toCall(c, callerInFull(user))),
    shifts: shifts.map((s) => ({ online: s.online, at: formatDateTime(s.at) })),
  };
}

/** 新增或修改坐席: a call-centre user's seat; a seat is one agent's (unique index → 409). */
export async function saveAgent(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['update']>,
): Promise<AgentRow> {
  const [target] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.id, input.userId), agentUsers(user)));
  if (!target) throw notFound('呼叫中心用户不存在或无权配置');
  const values = {
    seatNo: input.seatNo,
    extension: input.extension || null,
    remark: input.remark || null,
  };
  try {
    const rows = await db
      .insert(serviceAgent)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({
        target: serviceAgent.userId,
        set: { ...values, version: sql`${serviceAgent.version} + 1`, updatedAt: new Date() },
        setWhere: input.version === undefined ? undefined : eq(serviceAgent.version, input.version),
      })
      .returning({ userId: serviceAgent.userId });
    if (rows.length === 0) throw conflict('该坐席已被他人修改，请刷新后重试');
  } catch (err) {
    if (uniqueViolation(err) === 'service_agent_seat_uq')
      throw conflict(`坐席号「${input.seatNo}」已被其他坐席使用，请换一个坐席号`);
    throw err;
  }
  return agentOf(db, user, input.userId);
}

/** 删除坐席: the seats go; the calls and duty log stay with the user. */
export async function deleteAgents(
  db: Queryable,
  user: AuthUser,
  ids: number[],
): Promise<{ deleted: number }> {
  const rows = await db
    .delete(serviceAgent)
    .where(
      and(
        inArray(serviceAgent.userId, ids),
        sql`exists (select 1 from ${sysUser} where ${sysUser.id} = ${serviceAgent.userId} and ${agentUsers(user)})`,
      ),
    )
    .returning({ userId: serviceAgent.userId });
  if (rows.length === 0) throw notFound('坐席不存在或无权删除');
  return { deleted: rows.length };
}

/**
 * 上线 / 下线: one UPDATE that flips (or sets) the state and returns what it became, then the duty
 * log row with that state. Concurrent toggles queue on the row's lock, so each flips the state the
 * previous one left and the log alternates. An agent moves only itself unless it administers agents.
 */
export async function onOffLine(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['onOffLine']>,
): Promise<AgentRow> {
  const target = input.userId ?? user.id;
  if (target !== user.id && !hasPermission(user, RESCUE_PERMISSIONS.agentEdit))
    throw forbidden('只能切换自己的上下线状态');
  const mine = target === user.id;
  const missing = mine ? '您还没有坐席，请联系管理员在客服呼叫中心配置坐席' : '坐席不存在';
  const reachable = sql`exists (select 1 from ${sysUser} where ${sysUser.id} = ${serviceAgent.userId} and ${agentUsers(user)})`;
  const now = new Date();
  const [moved] = await db
    .update(serviceAgent)
    .set({
      online: input.online === undefined ? not(serviceAgent.online) : input.online,
      changedAt: now,
      version: sql`${serviceAgent.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(serviceAgent.userId, target),
        mine ? undefined : reachable,
        input.online === undefined ? undefined : ne(serviceAgent.online, input.online),
      ),
    )
    .returning({ online: serviceAgent.online });
  if (moved) {
    await db.insert(serviceAgentShift).values({ userId: target, online: moved.online, at: now });
    await publishAgent(db, target);
  }
  const [row] = await selectAgents(db, and(eq(serviceAgent.userId, target), mine ? undefined : reachable));
  if (!row) throw notFound(missing);
  return toAgent(row);
}

const newToken = () => randomBytes(24).toString('base64url');

/** 记录通话: the call with its unguessable pop-up token. */
export async function recordCall(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['callPhoneRecord']>,
): Promise<CallRecordRow> {
  const agentId = input.agentId ?? user.id;
  if (agentId !== user.id && !hasPermission(user, RESCUE_PERMISSIONS.agentEdit))
    throw forbidden('只能记录自己的通话');
  const [agent] = await db
    .select({ userId: serviceAgent.userId })
    .from(serviceAgent)
    .innerJoin(sysUser, eq(sysUser.id, serviceAgent.userId))
    .where(and(eq(serviceAgent.userId, agentId), agentUsers(user)));
  if (!agent)
    throw agentId === user.id
      ? badRequest('您还没有坐席，请联系管理员在客服呼叫中心配置坐席')
      : notFound('坐席不存在');
  if (input.caseId) {
    const [c] = await db
      .select({ id: rescueCase.id })
      .from(rescueCase)
      .where(and(eq(rescueCase.id, input.caseId), caseScope(user)));
    if (!c) throw notFound('工单不存在');
  }
  const [made] = await db
    .insert(callRecord)
    .values({
      token: newToken(),
      phone: input.phone.replace(/\s+/g, ''),
      direction: input.direction,
      startedAt: parseInstant(input.startedAt),
      answeredAt: input.answeredAt ? parseInstant(input.answeredAt) : null,
      endedAt: input.endedAt ? parseInstant(input.endedAt) : null,
      agentId,
      caseId: input.caseId ?? null,
    })
    .returning({ id: callRecord.id });
  await publishAgent(db, agentId);
  const [row] = await selectCalls(db, eq(callRecord.id, made.id));
  return toCall(row, callerInFull(user));
}

/** 通话记录: newest first, by agent, day, number and direction. */
export function listCalls(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['callRecords']>,
): Promise<Page<CallRecordRow>> {
  const phone = f.phone?.trim();
  // Those who see the numbers masked search by the whole number (sameNumber), never by a part: on the
  // number's generated copy without dashes and spaces, which an index serves (sameDigits).
  const full = callerInFull(user);
  const where = and(
    callScope(user),
    f.agentId ? eq(callRecord.agentId, f.agentId) : undefined,
    f.date
      ? and(gte(callRecord.startedAt, dayStart(f.date)), lt(callRecord.startedAt, nextDay(f.date)))
      : undefined,
    phone
      ? full
        ? ilike(callRecord.phone, likePattern(phone))
        : sameDigits(callRecord.phoneDigits, phone)
      : undefined,
    f.direction ? eq(callRecord.direction, f.direction) : undefined,
  );
  return paginate(
    db,
    f,
    (w) =>
      selectCalls(db, where)
        .orderBy(desc(callRecord.startedAt), desc(callRecord.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: callRecord, where },
    (j) => toCall(j, full),
  );
}

const caseColumns = {
  id: rescueCase.id,
  caseNo: rescueCase.caseNo,
  kind: rescueCase.kind,
  status: rescueCase.status,
  elevatorId: rescueCase.elevatorId,
  registerCode: rescueCase.registerCode,
  rescueCode: rescueCase.rescueCode,
  address: rescueCase.address,
  trapped: rescueCase.trapped,
  alarmAt: rescueCase.alarmAt,
};

/**
 * 来电弹屏 (the catalogue's `GET {token}`): the call the telephony system announced by its token,
 * with what the platform knows of the caller's number — its open cases, its latest closed ones and
 * their lifts. Only the call centre (and the platform) reads it; an unknown token is a 404.
 */
export async function popup(db: Queryable, user: AuthUser, token: string): Promise<PopupContext> {
  if (user.userType !== 'callcenter' && !user.permissions.has(ALL_PERMISSIONS))
    throw forbidden('只有呼叫中心坐席可以查看来电弹屏');
  const [row] = await selectCalls(db, and(eq(callRecord.token, token), callScope(user)));
  if (!row) throw notFound('来电记录不存在');
  // The agent's own incoming call: the number it answers, in full.
  const call = toCall(row, true);
  const phone = row.c.phone;
  const open = await db
    .select(caseColumns)
    .from(rescueCase)
    .where(and(eq(rescueCase.callerPhone, phone), lt(rescueCase.status, CLOSED)))
    .orderBy(desc(rescueCase.alarmAt))
    .limit(20);
  const recent = await db
    .select(caseColumns)
    .from(rescueCase)
    .where(and(eq(rescueCase.callerPhone, phone), gte(rescueCase.status, CLOSED)))
    .orderBy(desc(rescueCase.alarmAt))
    .limit(10);
  const liftIds = [...new Set([...open, ...recent].map((c) => c.elevatorId).filter((id) => id !== null))];
  const lift = liftsRelation().as('lift');
  const lifts =
    liftIds.length === 0
      ? []
      : await db
          .select({
            id: lift.id,
            registerCode: lift.registerCode,
            rescueCode: lift.rescueCode,
            name: lift.name,
            address: lift.address,
            areaCode: lift.areaCode,
          })
          .from(lift)
          .where(inArray(lift.id, liftIds))
          .orderBy(asc(lift.id));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(callRecord)
    .where(and(eq(callRecord.phone, phone), ne(callRecord.id, row.c.id)));
  const asCase = (c: (typeof open)[number]) => ({
    ...c,
    open: c.status < CLOSED,
    alarmAt: formatDateTime(c.alarmAt),
  });
  return {
    call,
    phone,
    openCases: open.map(asCase),
    recentCases: recent.map(asCase),
    lifts,
    previousCalls: n,
  };
}

/** The call-centre users the caller may give a seat, with their seat if they have one. */
export function candidates(db: Queryable, user: AuthUser) {
  return db
    .select({
      userId: sysUser.id,
      username: sysUser.username,
      realName: sysUser.realName,
      seatNo: serviceAgent.seatNo,
    })
    .from(sysUser)
    .leftJoin(serviceAgent, eq(serviceAgent.userId, sysUser.id))
    .where(and(agentUsers(user), eq(sysUser.status, 1)))
    .orderBy(asc(sysUser.id))
    .limit(500);
}
