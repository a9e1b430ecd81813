import {
  addDays,
  type CallParsedInput,
  PATROL_DEFAULT_DEADLINE_DAYS,
  PATROL_NOTICE_STATE_LABEL,
  PATROL_TASK_STATE_LABEL,
  type PatrolNoticeState,
  type PatrolTargetKind,
  type PatrolTaskState,
  type patrolTaskCalls,
  shanghaiToday,
} from '@ec/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { readableFileIds } from '../../platform/files/references.ts';
import { publishLive } from '../../platform/live.ts';
import { STALE_MESSAGE } from '../../platform/workflow.ts';
import { liftsRelation } from '../elevator/api.ts';
import { templateItems } from './contents.ts';
import {
  assigneeOptions,
  isAssignee,
  noticeDetail,
  TASK_NOT_FOUND,
  taskDetail,
  visibleNotice,
  visibleTask,
} from './read.ts';
import { mayPlanIn, NOTICE_TOPIC, recipientCompanyOf, TASK_TOPIC } from './scope.ts';

type PatrolTaskInput = CallParsedInput<typeof patrolTaskCalls.save>;
type PatrolSaveResultInput = CallParsedInput<typeof patrolTaskCalls.saveResult>;

import {
  patrolTaskAssignee as a,
  patrolNoticeEvent as ev,
  patrolNotice as n,
  patrolResult as r,
  patrolTask as t,
  patrolTarget as tg,
  patrolTemplate as tp,
} from './tables.ts';

/*
 * The patrol's writes. Every state move is one UPDATE whose WHERE holds the states it starts from
 * (and the version when the client sent one): of two people acting at once the second matches no
 * row and is told what the record is now (409). Completion counts the results in its WHERE; a
 * result is unique per task, target and item, and a 不符合 is final (the upsert's WHERE).
 */

const actorName = (user: AuthUser) => user.realName || user.username;
const numbered = (prefix: string, id: number) =>
  sql`${prefix} || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMM') || '-' || lpad(${id}::text, 6, '0')`;

/** Open pages of whoever sees the task refresh (its district's regulators, its assignees). */
async function taskChanged(q: Queryable, taskId: number) {
  const [row] = await q
    .select({
      areaCode: t.areaCode,
      state: t.state,
      assigneeIds: sql<
        number[]
      >`coalesce((select array_agg(${a.userId}) from ${a} where ${a.taskId} = ${t.id}), '{}')`,
    })
    .from(t)
    .where(eq(t.id, taskId));
  if (row)
    await publishLive(
      q,
      TASK_TOPIC,
      { id: taskId, state: row.state },
      {
        areaCode: row.areaCode,
        assigneeIds: row.assigneeIds.map(Number),
      },
    );
}

/** Open pages of whoever sees the notice refresh (its district's regulators, the addressed company). */
const noticeChanged = (
  q: Queryable,
  notice: { id: number; areaCode: string; recipientCompanyId: number },
  state: string,
) =>
  publishLive(
    q,
    NOTICE_TOPIC,
    { id: notice.id, state },
    {
      areaCode: notice.areaCode,
      recipientCompanyId: notice.recipientCompanyId,
    },
  );

// ---------------------------------------------------------------- tasks

async function pickTargets(
  q: Queryable,
  user: AuthUser,
  kind: PatrolTargetKind,
  areaCode: string,
  ids: number[],
) {
  if (kind === 'lift') {
    const l = liftsRelation(user).as('patrol_pick');
    const rows = await q
      .select({
        id: l.id,
        registerCode: l.registerCode,
        name: l.name,
        address: l.address,
        useUnitId: l.useCompanyId,
        maintenanceCompanyId: l.maintenanceCompanyId,
      })
      .from(l)
      .where(and(inArray(l.id, ids), eq(l.areaCode, areaCode)));
    const missing = ids.find((id) => !rows.some((x) => x.id === id));
    if (missing !== undefined) throw notFound(`电梯（编号 ${missing}）不存在或不在该辖区`);
    return ids.map((id) => {
      const x = rows.find((y) => y.id === id)!;
      return {
        kind,
        elevatorId: id,
        unitId: null,
        name: x.name ? `${x.registerCode}（${x.name}）` : x.registerCode,
        address: x.address,
        useUnitId: x.useUnitId,
        maintenanceCompanyId: x.maintenanceCompanyId,
      };
    });
  }
  const rows = await q
    .select({ id: enterprise.id, name: enterprise.name, address: enterprise.address })
    .from(enterprise)
    .where(and(inArray(enterprise.id, ids), eq(enterprise.kind, 'use'), eq(enterprise.areaCode, areaCode)));
  const missing = ids.find((id) => !rows.some((x) => x.id === id));
  if (missing !== undefined) throw notFound(`使用单位（编号 ${missing}）不存在或不在该辖区`);
  return ids.map((id) => {
    const x = rows.find((y) => y.id === id)!;
    return {
      kind,
      elevatorId: null,
      unitId: id,
      name: x.name,
      address: x.address,
      useUnitId: id,
      maintenanceCompanyId: null,
    };
  });
}

export async function saveTask(q: Queryable, user: AuthUser, v: PatrolTaskInput) {
  // A task being changed must be one the user sees (404 otherwise) and plans (its district).
  const current = v.id === undefined ? null : await visibleTask(q, user, Number(v.id));
  if (current && !mayPlanIn(user, current.areaCode)) throw forbidden('只能修改本辖区的巡检任务');
  if (!mayPlanIn(user, v.areaCode)) throw forbidden('只能为本辖区创建巡检任务');
  if (v.planEnd < v.planStart)
    throw badRequest('计划结束日期不能早于开始日期', [{ field: 'planEnd', message: '不能早于开始日期' }]);
  const [template] = await q
    .select({ id: tp.id, name: tp.name, targetKind: tp.targetKind, enabled: tp.enabled })
    .from(tp)
    .where(eq(tp.id, Number(v.templateId)));
  if (!template?.enabled)
    throw badRequest('巡检模板不存在或已停用', [{ field: 'templateId', message: '请选择启用的巡检模板' }]);
  const items = await templateItems(q, template.id);
  if (items.length === 0)
    throw badRequest('该巡检模板没有检查内容', [{ field: 'templateId', message: '模板没有检查内容' }]);
  const kind = template.targetKind as PatrolTargetKind;
  const targetIds = [...new Set(v.targetIds.map(Number))];
  const targets = await pickTargets(q, user, kind, v.areaCode, targetIds);
  const allowed = new Set((await assigneeOptions(q, user, v.areaCode)).map((p) => p.id));
  const assigneeIds = [...new Set(v.assigneeIds.map(Number))];
  const stranger = assigneeIds.find((id) => !allowed.has(id));
  if (stranger !== undefined)
    throw badRequest('巡检人员应为该辖区在职的监管人员', [
      { field: 'assigneeIds', message: '请重新选择巡检人员' },
    ]);

  const values = {
    name: v.name,
    areaCode: v.areaCode,
    templateId: template.id,
    templateName: template.name,
    targetKind: kind,
    items,
    planStart: v.planStart,
    planEnd: v.planEnd,
    remark: v.remark ?? null,
  };
  let id: number;
  if (current === null) {
    [{ id }] = await q
      .insert(t)
      .values({
        ...values,
        taskNo: `tmp-${crypto.randomUUID()}`,
        createdBy: user.id,
        creatorName: actorName(user),
      })
      .returning({ id: t.id });
    await q
      .update(t)
      .set({ taskNo: numbered('XJ', id) })
      .where(eq(t.id, id));
  } else {
    const rows = await q
      .update(t)
      .set({ ...values, version: sql`${t.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(t.id, current.id),
          eq(t.state, 'pending'),
          v.version !== undefined ? eq(t.version, Number(v.version)) : undefined,
        ),
      )
      .returning({ id: t.id });
    if (rows.length === 0) {
      // Still pending: another save of the same version won (the version, not the state, refused it).
      const [now] = await q.select({ state: t.state }).from(t).where(eq(t.id, current.id));
      if (now?.state === 'pending') throw conflict(STALE_MESSAGE);
      throw await taskMoved(q, current.id, '只有待执行的任务可以修改');
    }
    id = current.id;
    await q.delete(tg).where(eq(tg.taskId, id));
    await q.delete(a).where(eq(a.taskId, id));
  }
  await q.insert(tg).values(targets.map((x, seq) => ({ ...x, taskId: id, seq })));
  await q.insert(a).values(assigneeIds.map((userId) => ({ taskId: id, userId })));
  await taskChanged(q, id);
  return taskDetail(q, user, id);
}

const taskStateLabel = (s: string) => PATROL_TASK_STATE_LABEL[s as PatrolTaskState] ?? s;

async function taskMoved(q: Queryable, id: number, verb: string) {
  const [now] = await q.select({ state: t.state }).from(t).where(eq(t.id, id));
  if (!now) return notFound(TASK_NOT_FOUND);
  return conflict(`该巡检任务当前状态为「${taskStateLabel(now.state)}」，${verb}`);
}

export async function cancelTask(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version?: number; reason: string },
) {
  const task = await visibleTask(q, user, v.id);
  if (!mayPlanIn(user, task.areaCode)) throw forbidden('只有该辖区的监管人员可以取消巡检任务');
  const rows = await q
    .update(t)
    .set({
      state: 'cancelled',
      cancelReason: v.reason,
      version: sql`${t.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(t.id, task.id),
        inArray(t.state, ['pending', 'running']),
        v.version !== undefined ? eq(t.version, v.version) : undefined,
      ),
    )
    .returning({ id: t.id });
  if (rows.length === 0) {
    const [now] = await q.select({ state: t.state }).from(t).where(eq(t.id, task.id));
    if (now && ['pending', 'running'].includes(now.state)) throw conflict(STALE_MESSAGE);
    throw await taskMoved(q, task.id, '不能取消');
  }
  await taskChanged(q, task.id);
  return taskDetail(q, user, task.id);
}

async function asAssignee(q: Queryable, user: AuthUser, id: number, what: string) {
  const task = await visibleTask(q, user, id);
  if (!(await isAssignee(q, user, task.id))) throw forbidden(`只有被指派的巡检人员可以${what}`);
  return task;
}

export async function saveResult(q: Queryable, user: AuthUser, v: PatrolSaveResultInput) {
  const seen = await asAssignee(q, user, Number(v.taskId), '记录检查结果');
  // The task moves to 执行中 with its first result; a cancelled or completed task takes none. The
  // UPDATE also locks the task's row until this transaction ends, so completion and an edit of the
  // task (saveTask replaces its targets) wait for it; what it holds is read again under the lock.
  const started = await q
    .update(t)
    .set({
      state: 'running',
      startedAt: sql`coalesce(${t.startedAt}, now())`,
      version: sql`${t.version} + case when ${t.state} = 'pending' then 1 else 0 end`,
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, seen.id), inArray(t.state, ['pending', 'running'])))
    .returning({ id: t.id });
  if (started.length === 0) throw await taskMoved(q, seen.id, '不能记录检查结果');
  const task = await asAssignee(q, user, seen.id, '记录检查结果');
  const [target] = await q
    .select()
    .from(tg)
    .where(and(eq(tg.id, Number(v.targetId)), eq(tg.taskId, task.id)));
  if (!target) throw notFound('巡检对象不存在或不属于该任务');
  const contentIds = v.results.map((x) => Number(x.contentId));
  if (new Set(contentIds).size !== contentIds.length)
    throw badRequest('同一检查内容只能填写一次结果', [{ field: 'results', message: '检查内容重复' }]);
  const item = (id: number) => task.items.find((i) => i.contentId === id);
  const stray = contentIds.find((id) => !item(id));
  if (stray !== undefined)
    throw badRequest('检查内容不属于该任务的模板', [
      { field: 'results', message: `检查内容 ${stray} 不在任务中` },
    ]);
  const photoIds = v.results.flatMap((x) => x.photos ?? []);
  const readable = await readableFileIds(q, user, photoIds);
  if (photoIds.some((id) => !readable.has(id.toLowerCase())))
    throw badRequest('照片不存在或不是您上传的，请重新上传', [{ field: 'results', message: '照片无效' }]);
  const today = shanghaiToday();
  const findings = v.results
    .filter((x) => x.result === 'fail')
    .map((x) => {
      const recipient = target.kind === 'unit' ? 'use' : (x.finding?.recipient ?? 'use');
      const company = recipient === 'use' ? target.useUnitId : target.maintenanceCompanyId;
      if (company === null)
        throw badRequest(`该电梯未登记${recipient === 'use' ? '使用单位' : '维保单位'}，无法开具整改通知`, [
          { field: 'results', message: '请选择其他整改单位' },
        ]);
      const deadline = x.finding?.deadline || addDays(today, PATROL_DEFAULT_DEADLINE_DAYS);
      if (deadline < today)
        throw badRequest('整改期限不能早于今天', [{ field: 'results', message: '整改期限不能早于今天' }]);
      return {
        contentId: Number(x.contentId),
        recipient,
        company,
        deadline,
        requirement: x.finding?.requirement,
      };
    });

  for (const x of v.results) {
    const contentId = Number(x.contentId);
    const values = {
      taskId: task.id,
      targetId: target.id,
      contentId,
      result: x.result,
      remark: x.remark ?? null,
      photos: (x.photos ?? []).map((p) => p.toLowerCase()),
      recordedBy: user.id,
      recorderName: actorName(user),
      recordedAt: new Date(),
    };
    const rows = await q
      .insert(r)
      .values(values)
      .onConflictDoUpdate({
        target: [r.taskId, r.targetId, r.contentId],
        set: {
          result: values.result,
          remark: values.remark,
          photos: values.photos,
          recordedBy: values.recordedBy,
          recorderName: values.recorderName,
          recordedAt: values.recordedAt,
        },
        setWhere: sql`${r.result} <> 'fail'`,
      })
      .returning({ id: r.id });
    if (rows.length === 0) throw conflict(`「${item(contentId)?.name}」已判定不符合并开具整改通知，不能修改`);
    const finding = findings.find((f) => f.contentId === contentId);
    if (finding) {
      const [notice] = await q
        .insert(n)
        .values({
          noticeNo: `tmp-${crypto.randomUUID()}`,
          taskId: task.id,
          targetId: target.id,
          resultId: rows[0].id,
          areaCode: task.areaCode,
          contentName: item(contentId)?.name ?? '',
          problem: x.remark ?? null,
          requirement: finding.requirement ?? item(contentId)?.requirement ?? null,
          recipient: finding.recipient,
          recipientCompanyId: finding.company,
          deadline: finding.deadline,
        })
        .onConflictDoNothing({ target: n.resultId })
        .returning({ id: n.id });
      if (notice) {
        await q
          .update(n)
          .set({ noticeNo: numbered('ZG', notice.id) })
          .where(eq(n.id, notice.id));
        await q.insert(ev).values({
          noticeId: notice.id,
          action: 'issue',
          toState: 'open',
          text: x.remark ?? null,
          actorId: user.id,
          actorName: actorName(user),
        });
        await noticeChanged(
          q,
          { id: notice.id, areaCode: task.areaCode, recipientCompanyId: finding.company },
          'open',
        );
      }
    }
  }
  await q
    .update(tg)
    .set({
      checkedAt: new Date(),
      latitude: v.latitude ?? target.latitude,
      longitude: v.longitude ?? target.longitude,
      accuracy: v.accuracy ?? target.accuracy,
    })
    .where(eq(tg.id, target.id));
  await taskChanged(q, task.id);
  return taskDetail(q, user, task.id);
}

const resultCount = (id: number) => sql`(select count(*) from ${r} where ${r.taskId} = ${id})`;
const expectedCount = (id: number) =>
  sql`(select count(*) from ${tg} where ${tg.taskId} = ${id}) * jsonb_array_length(${t.items})`;

export async function completeTask(q: Queryable, user: AuthUser, v: { id: number; version?: number }) {
  const task = await asAssignee(q, user, v.id, '完成巡检任务');
  const rows = await q
    .update(t)
    .set({ state: 'done', finishedAt: new Date(), version: sql`${t.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(t.id, task.id),
        eq(t.state, 'running'),
        v.version !== undefined ? eq(t.version, v.version) : undefined,
        sql`${resultCount(task.id)} >= ${expectedCount(task.id)}`,
      ),
    )
    .returning({ id: t.id });
  if (rows.length === 0) {
    const [now] = await q
      .select({
        state: t.state,
        version: t.version,
        missing: sql<number>`${expectedCount(task.id)} - ${resultCount(task.id)}`.mapWith(Number),
      })
      .from(t)
      .where(eq(t.id, task.id));
    if (now.state !== 'running') throw await taskMoved(q, task.id, '不能完成');
    if (now.missing > 0) throw conflict(`还有 ${now.missing} 项检查未填写结果，不能完成任务`);
    throw conflict(STALE_MESSAGE);
  }
  await taskChanged(q, task.id);
  return taskDetail(q, user, task.id);
}

// ---------------------------------------------------------------- notices

const noticeStateLabel = (s: string) => PATROL_NOTICE_STATE_LABEL[s as PatrolNoticeState] ?? s;

interface NoticeMove {
  from: PatrolNoticeState[];
  to: PatrolNoticeState;
  action: string;
  verb: string;
  version?: number;
  set?: Partial<typeof n.$inferInsert> & Record<string, unknown>;
  text?: string | null;
  photos?: string[];
}

async function moveNotice(q: Queryable, user: AuthUser, notice: typeof n.$inferSelect, m: NoticeMove) {
  const conditions: (SQL | undefined)[] = [
    eq(n.id, notice.id),
    inArray(n.state, m.from),
    m.version !== undefined ? eq(n.version, m.version) : undefined,
  ];
  const rows = await q
    .update(n)
    .set({ ...m.set, state: m.to, version: sql`${n.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: n.id });
  if (rows.length === 0) {
    const [now] = await q.select({ state: n.state }).from(n).where(eq(n.id, notice.id));
    if (now && m.from.includes(now.state as PatrolNoticeState)) throw conflict(STALE_MESSAGE);
    throw conflict(`该整改通知当前状态为「${noticeStateLabel(now?.state ?? notice.state)}」，${m.verb}`);
  }
  await q.insert(ev).values({
    noticeId: notice.id,
    action: m.action,
    fromState: notice.state,
    toState: m.to,
    text: m.text ?? null,
    photos: m.photos ?? [],
    actorId: user.id,
    actorName: actorName(user),
  });
  await noticeChanged(q, notice, m.to);
}

export async function answerNotice(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version?: number; text: string; photos?: string[] },
) {
  const notice = await visibleNotice(q, user, v.id);
  if (recipientCompanyOf(user) !== notice.recipientCompanyId) throw forbidden('只有被通知整改的单位可以回复');
  const photos = [...new Set((v.photos ?? []).map((p) => p.toLowerCase()))];
  const readable = await readableFileIds(q, user, photos);
  if (photos.some((id) => !readable.has(id)))
    throw badRequest('照片不存在或不是您上传的，请重新上传', [{ field: 'photos', message: '照片无效' }]);
  await moveNotice(q, user, notice, {
    from: ['open'],
    to: 'answered',
    action: 'answer',
    verb: '不能回复',
    version: v.version,
    set: { answerText: v.text, answerPhotos: photos, answeredAt: new Date() },
    text: v.text,
    photos,
  });
  return noticeDetail(q, user, notice.id);
}

async function asHandler(q: Queryable, user: AuthUser, id: number) {
  const notice = await visibleNotice(q, user, id);
  if (!mayPlanIn(user, notice.areaCode)) throw forbidden('只有该辖区的监管人员可以处理整改通知');
  return notice;
}

export async function closeNotice(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version?: number; remark?: string | null },
) {
  const notice = await asHandler(q, user, v.id);
  await moveNotice(q, user, notice, {
    from: ['answered'],
    to: 'closed',
    action: 'close',
    verb: '不能销号（整改单位回复后才能销号）',
    version: v.version,
    set: { closedAt: new Date() },
    text: v.remark ?? null,
  });
  return noticeDetail(q, user, notice.id);
}

export async function reopenNotice(
  q: Queryable,
  user: AuthUser,
  v: { id: number; version?: number; reason: string },
) {
  const notice = await asHandler(q, user, v.id);
  await moveNotice(q, user, notice, {
    from: ['answered', 'closed'],
    to: 'open',
    action: 'reopen',
    verb: '不能退回',
    version: v.version,
    set: { closedAt: null },
    text: v.reason,
  });
  return noticeDetail(q, user, notice.id);
}
