import {
  CASE_CAUSE_LABEL,
  CASE_KIND_LABEL,
  CASE_SOURCE_LABEL,
  CASE_STATE,
  CASE_STATE_LABEL,
  type CallParsedInput,
  caseUrgency,
  DISPATCH_LEVEL_LABEL,
  maskPhone,
  minutesBetween,
  type Page,
  parseShanghaiTime,
  RESCUE_PARAMS,
  type RescueBoard,
  type RescueCaseDetail,
  type RescueCaseRow,
  type RescueCaseStep,
  type RescueMyCases,
  type rescueCaseCalls,
  shiftMonth,
} from '@ec/contract';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { compile, inArea, preparedRows } from '../../../platform/db/sql.ts';
import { enterprise, sysArea, sysUser } from '../../../platform/db/tables.ts';
import { pageTotal } from '../../../platform/db/totals.ts';
import { notFound } from '../../../platform/errors.ts';
import { paramNumber } from '../../../platform/params.ts';
import { liftOfKind, liftsRelation } from '../../elevator/api.ts';
import { agentsOnline } from '../callcentre/service.ts';
import { callRecord, rescueCase, rescueCaseStep, rescueGrid } from '../tables.ts';
import { caseScope } from './scope.ts';

const maintainer = alias(enterprise, 'maintainer');
const useUnit = alias(enterprise, 'use_unit');
const rescuer = alias(enterprise, 'rescuer');
const assignee = alias(enterprise, 'assignee');
const agent = alias(sysUser, 'agent');

export type CaseRecord = typeof rescueCase.$inferSelect;
type CaseFilters = CallParsedInput<typeof rescueCaseCalls.orderList>;

const iso = (v: Date | null) => (v ? v.toISOString() : null);
const label = (labels: Record<number, string>, v: number) => labels[v] ?? String(v);

/** Cases with the names a row shows; `where` should hold the caller's scope. */
function selectCases(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      c: rescueCase,
      areaName: sysArea.name,
      maintenanceCompanyName: maintainer.name,
      useCompanyName: useUnit.name,
      rescueUnitName: rescuer.name,
      assigneeName: assignee.name,
      agentName: agent.realName,
    })
    .from(rescueCase)
    .leftJoin(sysArea, eq(sysArea.code, rescueCase.areaCode))
    .leftJoin(maintainer, eq(maintainer.id, rescueCase.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, rescueCase.useCompanyId))
    .leftJoin(rescuer, eq(rescuer.id, rescueCase.rescueUnitId))
    .leftJoin(assignee, eq(assignee.id, rescueCase.assigneeId))
    .leftJoin(agent, eq(agent.id, rescueCase.agentId))
    .where(where);
}
export type JoinedCase = Awaited<ReturnType<typeof selectCases>>[number];

/**
 * A case's row as lists, the board and live events show it: the caller's number masked (the full
 * number is in the detail, for the call centre that calls back).
 */
export function toRow(j: JoinedCase): RescueCaseRow {
  const c = j.c;
  return {
    id: c.id,
    caseNo: c.caseNo,
    source: c.source,
    sourceLabel: label(CASE_SOURCE_LABEL, c.source),
    kind: c.kind,
    kindLabel: label(CASE_KIND_LABEL, c.kind),
    status: c.status,
    statusLabel: label(CASE_STATE_LABEL, c.status),
    level: c.level,
    levelLabel: label(DISPATCH_LEVEL_LABEL, c.level),
    elevatorId: c.elevatorId,
    registerCode: c.registerCode,
    rescueCode: c.rescueCode,
    address: c.address,
    areaCode: c.areaCode,
    areaName: j.areaName,
    callerPhone: c.callerPhone ? maskPhone(c.callerPhone) : null,
    trapped: c.trapped,
    freed: c.freed,
    maintenanceCompanyName: j.maintenanceCompanyName,
    useCompanyName: j.useCompanyName,
    rescueUnitName: j.rescueUnitName,
    assigneeId: c.assigneeId,
    assigneeName: c.level === 3 ? '119 消防' : j.assigneeName,
    agentName: j.agentName,
    alarmAt: c.alarmAt.toISOString(),
    dispatchedAt: iso(c.dispatchedAt),
    acceptDeadline: iso(c.acceptDeadline),
    acceptedAt: iso(c.acceptedAt),
    arrivedAt: iso(c.arrivedAt),
    freedAt: iso(c.freedAt),
    closedAt: iso(c.closedAt),
    responseMinutes: minutesBetween(c.dispatchedAt, c.acceptedAt),
    arrivalMinutes: minutesBetween(c.alarmAt, c.arrivedAt),
    rescueMinutes: minutesBetween(c.arrivedAt, c.freedAt),
    overtime: c.overtime,
    cause: c.cause,
    causeLabel: c.cause === null ? null : label(CASE_CAUSE_LABEL, c.cause),
    version: c.version,
  };
}

export function filterConditions(f: Partial<CaseFilters>): SQL[] {
  const c: (SQL | undefined)[] = [];
  if (f.keyword) {
    const k = f.keyword.trim();
    c.push(
      or(
        eq(rescueCase.caseNo, k.toUpperCase()),
        eq(rescueCase.registerCode, k),
        eq(rescueCase.rescueCode, k),
        eq(rescueCase.callerPhone, k),
        sql`strpos(${rescueCase.address}, ${k}) > 0`,
      ),
    );
  }
  if (f.status !== undefined) c.push(eq(rescueCase.status, f.status));
  if (f.open === 'true') c.push(lt(rescueCase.status, CASE_STATE.closed));
  if (f.open === 'false') c.push(eq(rescueCase.status, CASE_STATE.closed));
  if (f.kind !== undefined) c.push(eq(rescueCase.kind, f.kind));
  if (f.source !== undefined) c.push(eq(rescueCase.source, f.source));
  if (f.level !== undefined) c.push(eq(rescueCase.level, f.level));
  if (f.areaCode) c.push(inArea(rescueCase.areaCode, f.areaCode));
  if (f.elevatorId) c.push(eq(rescueCase.elevatorId, f.elevatorId));
  // The companies the case records (its scope's columns, each with its index by alarm time).
  if (f.maintenanceCompanyId) c.push(eq(rescueCase.maintenanceCompanyId, f.maintenanceCompanyId));
  if (f.useCompanyId) c.push(eq(rescueCase.useCompanyId, f.useCompanyId));
  // The lift's type and use occasion now, as the statistics count them (docs/statistics.md).
  c.push(liftOfKind(rescueCase.elevatorId, f));
  if (f.month) {
    const from = parseShanghaiTime(`${f.month}-01`);
    const to = parseShanghaiTime(`${shiftMonth(f.month, 1)}-01`);
    if (from && to) c.push(and(gte(rescueCase.alarmAt, from), lt(rescueCase.alarmAt, to)));
  }
  if (f.dateFrom) {
    const from = parseShanghaiTime(f.dateFrom);
    if (from) c.push(gte(rescueCase.alarmAt, from));
  }
  if (f.dateTo) {
    const to = parseShanghaiTime(f.dateTo, true);
    if (to) c.push(lte(rescueCase.alarmAt, to));
  }
  if (f.overtime === 'true') c.push(eq(rescueCase.overtime, true));
  if (f.overtime === 'false') c.push(sql`${rescueCase.overtime} is not true`);
  return c.filter((x): x is SQL => x !== undefined);
}

/** A page of the list as one row each: the case's columns under its record's keys, then the names. */
type PageRow = Omit<JoinedCase, 'c'> & Record<keyof CaseRecord, unknown>;
const CASE_DATES = Object.entries(getTableColumns(rescueCase))
  .filter(([, column]) => column.dataType === 'date')
  .map(([key]) => key as keyof CaseRecord);

/**
 * The fixed text around the page's ids (no parameters): the case's columns and the names of
 * `selectCases`, built from the tables once and kept as text, so that a list call compiles only its
 * filters (drizzle walks every column of a select each time it compiles one).
 */
let pageFrame: { head: SQL; tail: SQL } | undefined;
function framePage(db: Queryable) {
  if (!pageFrame) {
    const columns = Object.entries(getTableColumns(rescueCase)).map(
      ([key, column]) => sql`${column} as ${sql.identifier(key)}`,
    );
    // The page's ids as an array (`= any(array(…))`): planned with its parameters, the statement
    // keeps one generic plan per connection; as a joined subquery with a parameter LIMIT the planner
    // re-planned the six joins on every call (0.4–5 ms).
    const head = sql`select ${sql.join(columns, sql`, `)}, ${sysArea.name} as "areaName",
        ${maintainer.name} as "maintenanceCompanyName", ${useUnit.name} as "useCompanyName",
        ${rescuer.name} as "rescueUnitName", ${assignee.name} as "assigneeName", ${agent.realName} as "agentName"
      from ${rescueCase}
      left join ${sysArea} on ${sysArea.code} = ${rescueCase.areaCode}
      left join ${enterprise} "maintainer" on ${maintainer.id} = ${rescueCase.maintenanceCompanyId}
      left join ${enterprise} "use_unit" on ${useUnit.id} = ${rescueCase.useCompanyId}
      left join ${enterprise} "rescuer" on ${rescuer.id} = ${rescueCase.rescueUnitId}
      left join ${enterprise} "assignee" on ${assignee.id} = ${rescueCase.assigneeId}
      left join ${sysUser} "agent" on ${agent.id} = ${rescueCase.agentId}
      where ${rescueCase.id} = any(array(`;
    const tail = sql`)) order by ${rescueCase.alarmAt} desc, ${rescueCase.id} desc`;
    const text = (part: SQL) => {
      const compiled = compile(db, part);
      if (compiled.params.length) throw new Error('the page frame takes no parameters');
      return sql.raw(compiled.sql);
    };
    pageFrame = { head: text(head), tail: text(tail) };
  }
  return pageFrame;
}

/**
 * The case list (处置工单记录): newest alarm first, the total estimated past the count cap. One
 * statement reads the page: its ids from the index that ends in the list's order
 * (rescue_case_area_alarm_idx for a district, 10 entries for a first page), then only those rows
 * joined to their names (prepared per connection: planning the six joins costs more than running
 * them); the total counts beside it (exact while cheap, and only when not remembered, see
 * platform/db/totals.ts). Issue 14: two round trips a page (ids, then rows) and drizzle's mapping
 * of the joined rows were most of the server's work per list call.
 */
export async function listCases(db: Queryable, user: AuthUser, f: CaseFilters): Promise<Page<RescueCaseRow>> {
  const conditions = filterConditions(f);
  const where = and(caseScope(user), ...conditions);
  const { head, tail } = framePage(db);
  const [{ total }, rows] = await Promise.all([
    pageTotal(db, rescueCase, where, user.dataScope === 'all' && conditions.length === 0),
    preparedRows<PageRow>(
      db,
      sql`${head}select ${rescueCase.id} as "id" from ${rescueCase} where ${where ?? sql`true`}
        order by ${rescueCase.alarmAt} desc, ${rescueCase.id} desc
        limit ${f.limit} offset ${(f.page - 1) * f.limit}${tail}`,
    ),
  ]);
  return { records: rows.map((r) => toRow(joinedOf(r))), total, page: f.page, limit: f.limit };
}

/** A page row as `selectCases` answers it (timestamps come as text from a plain query, as dates from a prepared one). */
function joinedOf(r: PageRow): JoinedCase {
  const { areaName, maintenanceCompanyName, useCompanyName, rescueUnitName, assigneeName, agentName, ...c } =
    r;
  for (const key of CASE_DATES) {
    const v = c[key];
    if (v !== null && !(v instanceof Date)) c[key] = new Date(v as string);
  }
  return {
    c: c as CaseRecord,
    areaName,
    maintenanceCompanyName,
    useCompanyName,
    rescueUnitName,
    assigneeName,
    agentName,
  };
}

/** Every case of the filters in the user's scope, newest first, in batches of 1,000 (the export). */
export async function* caseBatches(
  db: Queryable,
  user: AuthUser,
  f: Omit<CaseFilters, 'page' | 'limit'>,
): AsyncGenerator<RescueCaseRow[]> {
  const where = and(caseScope(user), ...filterConditions(f));
  let before = 2_147_483_647;
  for (;;) {
    const rows = await selectCases(db, and(where, lt(rescueCase.id, before)))
      .orderBy(desc(rescueCase.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows.map(toRow);
    if (rows.length < 1000) return;
    before = rows[rows.length - 1].c.id;
  }
}

/** One case in the user's scope, or 404 (another tenant's case is not told apart from none). */
export async function caseInScope(db: Queryable, user: AuthUser, id: number): Promise<CaseRecord> {
  const [row] = await db
    .select()
    .from(rescueCase)
    .where(and(eq(rescueCase.id, id), caseScope(user)));
  if (!row) throw notFound('工单不存在或无权访问');
  return row;
}

export async function caseSteps(db: Queryable, caseId: number): Promise<RescueCaseStep[]> {
  return (await stepsOf(db, [caseId])).get(caseId) ?? [];
}

/** The histories of several cases, by case, each in order. */
async function stepsOf(db: Queryable, caseIds: number[]): Promise<Map<number, RescueCaseStep[]>> {
  const rows = await db
    .select({ s: rescueCaseStep, companyName: enterprise.name })
    .from(rescueCaseStep)
    .leftJoin(enterprise, eq(enterprise.id, rescueCaseStep.companyId))
    .where(
      caseIds.length === 1 ? eq(rescueCaseStep.caseId, caseIds[0]) : inArray(rescueCaseStep.caseId, caseIds),
    )
    .orderBy(asc(rescueCaseStep.id));
  const byCase = new Map<number, RescueCaseStep[]>();
  for (const { s, companyName } of rows) {
    const list = byCase.get(s.caseId) ?? [];
    list.push({
      id: s.id,
      action: s.action,
      status: s.status,
      statusLabel: label(CASE_STATE_LABEL, s.status),
      level: s.level,
      companyName,
      userName: s.userName,
      note: s.note,
      at: s.at.toISOString(),
    });
    byCase.set(s.caseId, list);
  }
  return byCase;
}

/**
 * The full case: its row, the lift's place, the companies (their phones masked, as everywhere in the
 * console), the history and the calls. The caller's number is shown in full to the call centre
 * (`callerInFull`: it calls back), masked to everyone else.
 */
export async function caseDetail(db: Queryable, id: number, callerInFull = false): Promise<RescueCaseDetail> {
  return detailOf(db, await joinedCase(db, id), callerInFull);
}

/** A case with the names its row shows, by id (no scope: the caller checked it), or 404. */
export async function joinedCase(db: Queryable, id: number): Promise<JoinedCase> {
  const [j] = await selectCases(db, eq(rescueCase.id, id));
  if (!j) throw notFound('工单不存在或无权访问');
  return j;
}

/** `caseDetail` of a case already read with its names (a move publishes its row and answers this). */
export async function detailOf(
  db: Queryable,
  j: JoinedCase,
  callerInFull = false,
): Promise<RescueCaseDetail> {
  const [detail] = await detailsOf(db, [j], callerInFull);
  return detail;
}

/**
 * `caseDetail` of several cases read with their names, in their order: the lifts, phones, grids,
 * accepters, histories and calls of all of them in one read each (the rescuer's page shows 50).
 */
async function detailsOf(
  db: Queryable,
  js: JoinedCase[],
  callerInFull: boolean,
): Promise<RescueCaseDetail[]> {
  if (js.length === 0) return [];
  const cs = js.map((j) => j.c);
  const ids = cs.map((c) => c.id);
  const distinct = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
  const liftIds = distinct(cs.map((c) => c.elevatorId));
  const companyIds = distinct(cs.flatMap((c) => [c.maintenanceCompanyId, c.useCompanyId, c.rescueUnitId]));
  const gridIds = distinct(cs.map((c) => c.gridId));
  const accepterIds = distinct(cs.map((c) => c.acceptedBy));
  const lift = liftsRelation().as('lift');
  const [lifts, phones, grids, accepters, steps, calls] = await Promise.all([
    liftIds.length
      ? db
          .select({ id: lift.id, name: lift.name, latitude: lift.latitude, longitude: lift.longitude })
          .from(lift)
          .where(inArray(lift.id, liftIds))
      : [],
    companyIds.length
      ? db
          .select({ id: enterprise.id, phone: enterprise.contactPhone })
          .from(enterprise)
          .where(inArray(enterprise.id, companyIds))
      : [],
    gridIds.length
      ? db
          .select({ id: rescueGrid.id, name: rescueGrid.name })
          .from(rescueGrid)
          .where(inArray(rescueGrid.id, gridIds))
      : [],
    accepterIds.length
      ? db
          .select({ id: sysUser.id, name: sysUser.realName })
          .from(sysUser)
          .where(inArray(sysUser.id, accepterIds))
      : [],
    stepsOf(db, ids),
    db
      .select({ r: callRecord, agentName: sysUser.realName })
      .from(callRecord)
      .leftJoin(sysUser, eq(sysUser.id, callRecord.agentId))
      .where(inArray(callRecord.caseId, ids))
      .orderBy(asc(callRecord.startedAt), asc(callRecord.id)),
  ]);
  const phoneOf = (companyId: number | null) => {
    const phone = phones.find((p) => p.id === companyId)?.phone;
    return phone ? maskPhone(phone) : null;
  };
  const phone = (v: string) => (callerInFull ? v : maskPhone(v));
  return js.map((j) => {
    const c = j.c;
    const l = lifts.find((x) => x.id === c.elevatorId);
    const row = toRow(j);
    return {
      ...row,
      callerPhone: callerInFull ? c.callerPhone : row.callerPhone,
      callerName: c.callerName,
      description: c.description,
      elevatorName: l?.name ?? null,
      latitude: l?.latitude ?? null,
      longitude: l?.longitude ?? null,
      maintenanceCompanyId: c.maintenanceCompanyId,
      maintenanceCompanyPhone: phoneOf(c.maintenanceCompanyId),
      useCompanyId: c.useCompanyId,
      useCompanyPhone: phoneOf(c.useCompanyId),
      rescueUnitId: c.rescueUnitId,
      rescueUnitPhone: phoneOf(c.rescueUnitId),
      gridName: grids.find((g) => g.id === c.gridId)?.name ?? null,
      acceptedByName: accepters.find((a) => a.id === c.acceptedBy)?.name ?? null,
      arriveDistance: c.arriveDistance,
      causeDetail: c.causeDetail,
      backInService: c.backInService,
      repairId: c.repairId,
      followUp: c.followUp,
      closeNote: c.closeNote,
      steps: steps.get(c.id) ?? [],
      calls: calls
        .filter(({ r }) => r.caseId === c.id)
        .map(({ r, agentName }) => ({
          id: r.id,
          phone: phone(r.phone),
          direction: r.direction,
          startedAt: r.startedAt.toISOString(),
          answeredAt: iso(r.answeredAt),
          endedAt: iso(r.endedAt),
          agentName,
        })),
    };
  });
}

/** The rescue timing limits in force (system parameters, minutes). */
export async function rescueLimits(db: Queryable) {
  const [acceptMinutes, arriveMinutes, warnMinutes] = await Promise.all([
    paramNumber(db, RESCUE_PARAMS.acceptMinutes.key, RESCUE_PARAMS.acceptMinutes.fallback),
    paramNumber(db, RESCUE_PARAMS.arriveMinutes.key, RESCUE_PARAMS.arriveMinutes.fallback),
    paramNumber(db, RESCUE_PARAMS.warnMinutes.key, RESCUE_PARAMS.warnMinutes.fallback),
  ]);
  return { acceptMinutes, arriveMinutes, warnMinutes };
}

/** The live board: the open cases the user may see, most urgent first, with the limits. */
export async function board(db: Queryable, user: AuthUser, areaCode?: string): Promise<RescueBoard> {
  const where = and(
    lt(rescueCase.status, CASE_STATE.closed),
    caseScope(user),
    areaCode ? inArea(rescueCase.areaCode, areaCode) : undefined,
  );
  const [rows, limits, online] = await Promise.all([
    selectCases(db, where).orderBy(asc(rescueCase.alarmAt)).limit(500),
    rescueLimits(db),
    agentsOnline(db, user),
  ]);
  const now = new Date();
  const cases = rows.map(toRow).sort((a, b) => caseUrgency(b, now) - caseUrgency(a, now));
  return { cases, ...limits, agentsOnline: online, now: now.toISOString() };
}

/**
 * The cases dispatched to the user's company and still under way (with `all`, those of the last day
 * too), with the limits in force and the server's time, which the rescuer's timers count against.
 */
export async function myCases(db: Queryable, user: AuthUser, all: boolean): Promise<RescueMyCases> {
  const limits = await rescueLimits(db);
  if (user.companyId === null) return { cases: [], ...limits, now: new Date().toISOString() };
  const since = new Date(Date.now() - 86_400_000);
  const mine = eq(rescueCase.assigneeId, user.companyId);
  const where = all
    ? and(mine, or(lt(rescueCase.status, CASE_STATE.freed), gte(rescueCase.updatedAt, since)))
    : and(mine, inArray(rescueCase.status, [CASE_STATE.dispatched, CASE_STATE.accepted, CASE_STATE.arrived]));
  const rows = await selectCases(db, where).orderBy(asc(rescueCase.alarmAt), asc(rescueCase.id)).limit(50);
  const cases = await detailsOf(db, rows, false);
  return { cases, ...limits, now: new Date().toISOString() };
}
