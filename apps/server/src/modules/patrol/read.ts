import {
  formatDateTime,
  PATROL_NOTICE_STATE_LABEL,
  PATROL_RECIPIENT_LABEL,
  PATROL_RESULT_LABEL,
  PATROL_TARGET_KIND_LABEL,
  PATROL_TASK_STATE_LABEL,
  type PatrolNoticeDetail,
  type PatrolNoticeRow,
  type PatrolNoticeState,
  type PatrolRecipient,
  type PatrolResult,
  type PatrolTargetKind,
  type PatrolTaskDetail,
  type PatrolTaskRow,
  type PatrolTaskState,
  shanghaiToday,
} from '@ec/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { enterprise, sysArea, sysUser } from '../../platform/db/tables.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { liftsRelation } from '../elevator/api.ts';
import { mayPlanIn, noticeScope, taskScope } from './scope.ts';
import {
  patrolTaskAssignee as a,
  patrolNoticeEvent as ev,
  patrolNotice as n,
  patrolResult as r,
  patrolTask as t,
  patrolTarget as tg,
} from './tables.ts';

export const TASK_NOT_FOUND = '巡检任务不存在或无权访问';
export const NOTICE_NOT_FOUND = '整改通知不存在或无权访问';

// ---------------------------------------------------------------- tasks

const assignees = sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object(
    'id', u.id, 'name', coalesce(nullif(u.real_name, ''), u.username)) order by u.id)
  from ${a} join ${sysUser} u on u.id = ${a.userId} where ${a.taskId} = ${t.id}), '[]'::json)`;
const targetCount = sql<number>`(select count(*) from ${tg} where ${tg.taskId} = ${t.id})`.mapWith(Number);
const checkedCount = sql<number>`(select count(*) from ${tg} where ${tg.taskId} = ${t.id}
  and (select count(*) from ${r} where ${r.targetId} = ${tg.id}) >= jsonb_array_length(${t.items}))`.mapWith(
  Number,
);
const findingCount =
  sql<number>`(select count(*) from ${r} where ${r.taskId} = ${t.id} and ${r.result} = 'fail')`.mapWith(
    Number,
  );
const openNoticeCount =
  sql<number>`(select count(*) from ${n} where ${n.taskId} = ${t.id} and ${n.state} <> 'closed')`.mapWith(
    Number,
  );

const taskColumns = {
  t,
  areaName: sysArea.name,
  assignees,
  targetCount,
  checkedCount,
  findingCount,
  openNoticeCount,
};
type TaskRead = {
  t: typeof t.$inferSelect;
  areaName: string | null;
  assignees: { id: number; name: string }[];
  targetCount: number;
  checkedCount: number;
  findingCount: number;
  openNoticeCount: number;
};

function taskRow(x: TaskRead): PatrolTaskRow {
  const kind = x.t.targetKind as PatrolTargetKind;
  const state = x.t.state as PatrolTaskState;
  return {
    id: x.t.id,
    taskNo: x.t.taskNo,
    name: x.t.name,
    areaCode: x.t.areaCode,
    areaName: x.areaName,
    templateId: x.t.templateId,
    templateName: x.t.templateName,
    targetKind: kind,
    targetKindLabel: PATROL_TARGET_KIND_LABEL[kind] ?? kind,
    state,
    stateLabel: PATROL_TASK_STATE_LABEL[state] ?? state,
    planStart: x.t.planStart,
    planEnd: x.t.planEnd,
    assignees: x.assignees,
    targetCount: x.targetCount,
    checkedCount: x.checkedCount,
    findingCount: x.findingCount,
    openNoticeCount: x.openNoticeCount,
    creatorName: x.t.creatorName,
    createTime: formatDateTime(x.t.createdAt),
    startedAt: x.t.startedAt ? formatDateTime(x.t.startedAt) : null,
    finishedAt: x.t.finishedAt ? formatDateTime(x.t.finishedAt) : null,
    version: x.t.version,
  };
}

export interface TaskFilters {
  page: number;
  limit: number;
  state?: PatrolTaskState;
  areaCode?: string;
  targetKind?: PatrolTargetKind;
  keyword?: string;
  from?: string | null;
  to?: string | null;
  mine?: boolean;
}

const mineOnly = (user: AuthUser) =>
  sql`exists (select 1 from ${a} where ${a.taskId} = ${t.id} and ${a.userId} = ${user.id})`;

export function listTasks(q: Queryable, user: AuthUser, f: TaskFilters) {
  const where = and(
    taskScope(user),
    f.state ? eq(t.state, f.state) : undefined,
    f.areaCode ? eq(t.areaCode, f.areaCode) : undefined,
    f.targetKind ? eq(t.targetKind, f.targetKind) : undefined,
    f.keyword
      ? or(ilike(t.name, likePattern(f.keyword)), ilike(t.taskNo, likePattern(f.keyword)))
      : undefined,
    f.from ? sql`${t.planEnd} >= ${f.from}` : undefined,
    f.to ? sql`${t.planStart} <= ${f.to}` : undefined,
    f.mine ? mineOnly(user) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select(taskColumns)
        .from(t)
        .leftJoin(sysArea, eq(sysArea.code, t.areaCode))
        .where(where)
        .orderBy(desc(t.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: t, where },
    (x) => taskRow(x as TaskRead),
  );
}

/** The assignee's open tasks (the phone page). */
export async function myTasks(q: Queryable, user: AuthUser) {
  const rows = await q
    .select(taskColumns)
    .from(t)
    .leftJoin(sysArea, eq(sysArea.code, t.areaCode))
    .where(and(mineOnly(user), inArray(t.state, ['pending', 'running'])))
    .orderBy(asc(t.planEnd), asc(t.id));
  return rows.map((x) => taskRow(x as TaskRead));
}

/** A task the user may see, or 404. */
export async function visibleTask(q: Queryable, user: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(t)
    .where(and(eq(t.id, id), taskScope(user)));
  if (!row) throw notFound(TASK_NOT_FOUND);
  return row;
}

export async function isAssignee(q: Queryable, user: AuthUser, taskId: number) {
  const [row] = await q
    .select({ id: a.userId })
    .from(a)
    .where(and(eq(a.taskId, taskId), eq(a.userId, user.id)));
  return row !== undefined;
}

const useUnit = alias(enterprise, 'patrol_use_unit');
const maintainer = alias(enterprise, 'patrol_maintainer');

export async function taskDetail(q: Queryable, user: AuthUser, id: number): Promise<PatrolTaskDetail> {
  const [x] = await q
    .select(taskColumns)
    .from(t)
    .leftJoin(sysArea, eq(sysArea.code, t.areaCode))
    .where(and(eq(t.id, id), taskScope(user)));
  if (!x) throw notFound(TASK_NOT_FOUND);
  const targets = await q
    .select({ tg, useUnitName: useUnit.name, maintenanceCompanyName: maintainer.name })
    .from(tg)
    .leftJoin(useUnit, eq(useUnit.id, tg.useUnitId))
    .leftJoin(maintainer, eq(maintainer.id, tg.maintenanceCompanyId))
    .where(eq(tg.taskId, id))
    .orderBy(asc(tg.seq), asc(tg.id));
  const results = await q
    .select({ r, noticeId: n.id })
    .from(r)
    .leftJoin(n, eq(n.resultId, r.id))
    .where(eq(r.taskId, id))
    .orderBy(asc(r.id));
  const notices = await noticeRows(q, and(eq(n.taskId, id)));
  return {
    ...taskRow(x as TaskRead),
    remark: x.t.remark,
    cancelReason: x.t.cancelReason,
    items: x.t.items,
    targets: targets.map(({ tg: g, useUnitName, maintenanceCompanyName }) => ({
      id: g.id,
      kind: g.kind as PatrolTargetKind,
      elevatorId: g.elevatorId,
      unitId: g.unitId,
      name: g.name,
      address: g.address,
      useUnitName,
      maintenanceCompanyName,
      checkedAt: g.checkedAt ? formatDateTime(g.checkedAt) : null,
      latitude: g.latitude,
      longitude: g.longitude,
      results: results
        .filter((y) => y.r.targetId === g.id)
        .map(({ r: y, noticeId }) => ({
          contentId: y.contentId,
          result: y.result as PatrolResult,
          resultLabel: PATROL_RESULT_LABEL[y.result as PatrolResult] ?? y.result,
          remark: y.remark,
          photos: y.photos,
          recorderName: y.recorderName,
          recordedAt: formatDateTime(y.recordedAt),
          noticeId,
        })),
    })),
    notices,
    mine: x.assignees.some((p) => p.id === user.id),
  };
}

// ---------------------------------------------------------------- options for the task form

export interface TargetOptionFilters {
  page: number;
  limit: number;
  kind: PatrolTargetKind;
  areaCode: string;
  keyword?: string;
}

export function targetOptions(q: Queryable, user: AuthUser, f: TargetOptionFilters) {
  if (!mayPlanIn(user, f.areaCode)) throw forbidden('只能选择本辖区的电梯或使用单位');
  if (f.kind === 'lift') {
    const l = liftsRelation(user).as('patrol_lift');
    const where = and(
      eq(l.areaCode, f.areaCode),
      f.keyword
        ? or(
            ilike(l.registerCode, likePattern(f.keyword)),
            ilike(l.address, likePattern(f.keyword)),
            ilike(l.name, likePattern(f.keyword)),
          )
        : undefined,
    );
    return paginate(
      q,
      f,
      (w) =>
        q
          .select({
            id: l.id,
            name: l.registerCode,
            liftName: l.name,
            address: l.address,
            areaCode: l.areaCode,
            useUnitName: useUnit.name,
          })
          .from(l)
          .leftJoin(useUnit, eq(useUnit.id, l.useCompanyId))
          .where(where)
          .orderBy(asc(l.id))
          .limit(w.limit)
          .offset(w.offset),
      async () => {
        const [{ n: count }] = await q
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(l)
          .where(where);
        return count;
      },
      (x) => ({
        id: x.id,
        kind: 'lift' as const,
        name: x.liftName ? `${x.name}（${x.liftName}）` : x.name,
        address: x.address,
        areaCode: x.areaCode,
        useUnitName: x.useUnitName,
      }),
    );
  }
  const where = and(
    eq(enterprise.kind, 'use'),
    eq(enterprise.areaCode, f.areaCode),
    f.keyword ? ilike(enterprise.name, likePattern(f.keyword)) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({
          id: enterprise.id,
          name: enterprise.name,
          address: enterprise.address,
          areaCode: enterprise.areaCode,
        })
        .from(enterprise)
        .where(where)
        .orderBy(asc(enterprise.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: enterprise, where },
    (x) => ({ ...x, kind: 'unit' as const, useUnitName: x.name }),
  );
}

/** The enabled regulator accounts of a district (the assignees a task may have). */
export async function assigneeOptions(q: Queryable, user: AuthUser, areaCode: string) {
  if (!mayPlanIn(user, areaCode)) throw forbidden('只能指派本辖区的巡检人员');
  const rows = await q
    .select({ id: sysUser.id, realName: sysUser.realName, username: sysUser.username })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.status, 1),
        eq(sysUser.userType, 'regulator'),
        sql`${sysUser.areaCodes} @> array[${areaCode}]::text[]`,
      ),
    )
    .orderBy(asc(sysUser.id));
  return rows.map((u) => ({ id: u.id, name: u.realName || u.username }));
}

// ---------------------------------------------------------------- notices

const noticeTarget = alias(tg, 'notice_target');
const noticeTask = alias(t, 'notice_task');
const noticeArea = alias(sysArea, 'notice_area');
const recipientCo = alias(enterprise, 'notice_recipient');

const noticeSelect = {
  n,
  taskNo: noticeTask.taskNo,
  targetName: noticeTarget.name,
  address: noticeTarget.address,
  areaName: noticeArea.name,
  recipientName: recipientCo.name,
};
type NoticeRead = {
  n: typeof n.$inferSelect;
  taskNo: string;
  targetName: string;
  address: string | null;
  areaName: string | null;
  recipientName: string | null;
};

function noticeRow(x: NoticeRead, today = shanghaiToday()): PatrolNoticeRow {
  const state = x.n.state as PatrolNoticeState;
  const recipient = x.n.recipient as PatrolRecipient;
  return {
    id: x.n.id,
    noticeNo: x.n.noticeNo,
    taskId: x.n.taskId,
    taskNo: x.taskNo,
    targetName: x.targetName,
    address: x.address,
    areaCode: x.n.areaCode,
    areaName: x.areaName,
    contentName: x.n.contentName,
    problem: x.n.problem,
    requirement: x.n.requirement,
    recipient,
    recipientLabel: PATROL_RECIPIENT_LABEL[recipient] ?? recipient,
    recipientCompanyId: x.n.recipientCompanyId,
    recipientName: x.recipientName,
    deadline: x.n.deadline,
    overdue: state === 'open' && x.n.deadline < today,
    state,
    stateLabel: PATROL_NOTICE_STATE_LABEL[state] ?? state,
    answeredAt: x.n.answeredAt ? formatDateTime(x.n.answeredAt) : null,
    closedAt: x.n.closedAt ? formatDateTime(x.n.closedAt) : null,
    createTime: formatDateTime(x.n.createdAt),
    version: x.n.version,
  };
}

const noticeFrom = (q: Queryable) =>
  q
    .select(noticeSelect)
    .from(n)
    .innerJoin(noticeTask, eq(noticeTask.id, n.taskId))
    .innerJoin(noticeTarget, eq(noticeTarget.id, n.targetId))
    .leftJoin(noticeArea, eq(noticeArea.code, n.areaCode))
    .leftJoin(recipientCo, eq(recipientCo.id, n.recipientCompanyId));

async function noticeRows(q: Queryable, where: SQL | undefined) {
  const rows = await noticeFrom(q).where(where).orderBy(asc(n.id));
  return rows.map((x) => noticeRow(x));
}

export interface NoticeFilters {
  page: number;
  limit: number;
  state?: PatrolNoticeState;
  taskId?: number;
  keyword?: string;
  overdue?: boolean;
}

export function listNotices(q: Queryable, user: AuthUser, f: NoticeFilters) {
  const today = shanghaiToday();
  const keyword = f.keyword
    ? sql`(${n.contentName} ilike ${likePattern(f.keyword)} or exists (select 1 from ${tg}
        where ${tg.id} = ${n.targetId} and (${tg.name} ilike ${likePattern(f.keyword)}
          or ${tg.address} ilike ${likePattern(f.keyword)})))`
    : undefined;
  const where = and(
    noticeScope(user),
    f.state ? eq(n.state, f.state) : undefined,
    f.taskId ? eq(n.taskId, f.taskId) : undefined,
    keyword,
    f.overdue === true ? sql`${n.state} = 'open' and ${n.deadline} < ${today}` : undefined,
    f.overdue === false ? sql`not (${n.state} = 'open' and ${n.deadline} < ${today})` : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      noticeFrom(q)
        .where(where)
        .orderBy(
          sql`case ${n.state} when 'open' then 0 when 'answered' then 1 else 2 end`,
          asc(n.deadline),
          desc(n.id),
        )
        .limit(w.limit)
        .offset(w.offset),
    { from: n, where },
    (x) => noticeRow(x, today),
  );
}

/** A notice the user may see, or 404. */
export async function visibleNotice(q: Queryable, user: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(n)
    .where(and(eq(n.id, id), noticeScope(user)));
  if (!row) throw notFound(NOTICE_NOT_FOUND);
  return row;
}

const EVENT_LABEL: Record<string, string> = {
  issue: '开具整改通知',
  answer: '回复整改',
  close: '销号',
  reopen: '退回重新整改',
};

export async function noticeDetail(q: Queryable, user: AuthUser, id: number): Promise<PatrolNoticeDetail> {
  const [x] = await noticeFrom(q).where(and(eq(n.id, id), noticeScope(user)));
  if (!x) throw notFound(NOTICE_NOT_FOUND);
  const [result] = await q.select({ photos: r.photos }).from(r).where(eq(r.id, x.n.resultId));
  const history = await q.select().from(ev).where(eq(ev.noticeId, id)).orderBy(asc(ev.id));
  return {
    ...noticeRow(x),
    photos: result?.photos ?? [],
    answerText: x.n.answerText,
    answerPhotos: x.n.answerPhotos,
    history: history.map((h) => ({
      action: h.action,
      actionLabel: EVENT_LABEL[h.action] ?? h.action,
      fromState: h.fromState,
      toState: h.toState,
      text: h.text,
      photos: h.photos,
      actorName: h.actorName,
      at: formatDateTime(h.at),
    })),
  };
}
