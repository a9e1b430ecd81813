import {
  AD_CHANGE_MAX_POINTS,
  AD_LOG_STATUS,
  AD_LOG_STATUS_LABEL,
  AD_ORDER_STATE,
  AD_OWN_WORKER_DISABLED,
  AD_OWN_WORKER_MISSING,
  AD_POINT_STATE,
  AD_TASK_KIND,
  AD_TASK_KIND_LABEL,
  AD_TASK_OPEN,
  AD_TASK_STATUS,
  AD_TASK_STATUS_LABEL,
  type AdChangeResult,
  type AdOwnWorker,
  type AdTaskDetail,
  type AdTaskFilters,
  type AdTaskLogFilters,
  type AdTaskLogRow,
  type AdTaskPage,
  type AdTaskRow,
  type AdTaskStat,
  type adTaskCalls,
  type CallParsedInput,
  DISPLAY_IMAGE_EXTENSIONS,
  distanceMeters,
  formatDateTime,
  MAINTENANCE_PARAMS,
  shanghaiToday,
  WX_USER_KIND,
} from '@ec/contract';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable, Tx } from '../../../platform/db/client.ts';
import { dbErrorCode } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { sysFile, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { keysetBatches } from '../../../platform/excel.ts';
import { readableFileIds } from '../../../platform/files/references.ts';
import { paramNumber } from '../../../platform/params.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { adCustom } from '../customers/tables.ts';
import type { OrderEvent } from '../orders/hooks.ts';
import { lockPoints, settlePointStates, startOrderOnInstall } from '../orders/service.ts';
import { adOrder, adOrderPoint } from '../orders/tables.ts';
import { filtersOf } from '../points/service.ts';
import { adPoint } from '../points/tables.ts';
import { requireOperator } from '../scope.ts';
import { workerFor } from '../users/service.ts';
import { adWxUser } from '../users/tables.ts';
import { adTask, adTaskLog } from './tables.ts';

const TASK_MISSING = '投放任务不存在或无权访问';
const LOG_MISSING = '投放日志不存在或无权访问';

/** The console account a field worker (小程序安装人员) is bound to, for a task's or a log's worker. */
const boundAccount = (workerId: AnyColumn) =>
  sql`(select w.user_id from ad_wx_user w where w.id = ${workerId})`;

/**
 * An operator's own tasks and logs; the platform all; an account of data scope self (a field worker,
 * 广告安装人员) those of the worker bound to it; nobody else any.
 */
export const taskScope = (user: AuthUser): SQL =>
  scopeCondition(user, { company: adTask.operatorId, owner: boundAccount(adTask.workerId) });
export const logScope = (user: AuthUser): SQL =>
  scopeCondition(user, { company: adTaskLog.operatorId, owner: boundAccount(adTaskLog.workerId) });

const taskMove = (verb: string) => ({ labels: AD_TASK_STATUS_LABEL, missing: TASK_MISSING, verb });
const logMove = (verb: string) => ({ labels: AD_LOG_STATUS_LABEL, missing: LOG_MISSING, verb });

// ---------------------------------------------------------------- generation (the orders' hooks)

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One task of the kind per booked point of the order (install: on the booking's first day; removal:
 * the day after its last). The unique index on (order, point, kind) makes a second run add nothing.
 */
export async function generateTasks(tx: Tx, order: OrderEvent, kind: number): Promise<number> {
  if (order.lines.length === 0) return 0;
  const rows = await tx
    .insert(adTask)
    .values(
      order.lines.map((l) => ({
        operatorId: order.companyId,
        orderId: order.orderId,
        pointId: l.pointId,
        kind,
        planDate: kind === AD_TASK_KIND.install ? l.startDate : nextDay(l.endDate),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: adTask.id });
  return rows.length;
}

/** Cancels the order's tasks that `which` picks. */
const cancelTasks = (tx: Tx, orderId: number, which: SQL | undefined) =>
  tx
    .update(adTask)
    .set({ status: AD_TASK_STATUS.cancelled, version: sql`${adTask.version} + 1`, updatedAt: new Date() })
    .where(and(eq(adTask.orderId, orderId), which));

/**
 * A cancelled order's open tasks are cancelled (a submitted one keeps its log for the record); a
 * point whose poster was already installed gets its removal task.
 */
export async function cancelOpenTasks(tx: Tx, order: OrderEvent): Promise<void> {
  await cancelTasks(
    tx,
    order.orderId,
    inArray(adTask.status, [AD_TASK_STATUS.pending, AD_TASK_STATUS.rejected, AD_TASK_STATUS.submitted]),
  );
  const installed = await tx
    .select({ pointId: adTask.pointId })
    .from(adTask)
    .where(
      and(
        eq(adTask.orderId, order.orderId),
        eq(adTask.kind, AD_TASK_KIND.install),
        eq(adTask.status, AD_TASK_STATUS.done),
      ),
    );
  const done = new Set(installed.map((r) => r.pointId));
  const today = shanghaiToday();
  await generateTasks(
    tx,
    {
      ...order,
      lines: order.lines.filter((l) => done.has(l.pointId)).map((l) => ({ ...l, endDate: today })),
    },
    AD_TASK_KIND.removal,
  );
}

/**
 * An order's end closes its open poster changes and installs (there is nothing left to change, and
 * a poster installed after the end would carry nothing paid).
 */
export async function cancelOpenWork(tx: Tx, order: OrderEvent): Promise<void> {
  await cancelTasks(
    tx,
    order.orderId,
    and(
      inArray(adTask.kind, [AD_TASK_KIND.change, AD_TASK_KIND.install]),
      inArray(adTask.status, [...AD_TASK_OPEN]),
    ),
  );
}

// ---------------------------------------------------------------- poster changes (换画)

const POINT_MISSING = '点位不存在或无权访问';
const SKIP_NOT_SHOWING = '点位不在投放中';
const SKIP_LATE = '计划日期晚于投放结束日期';
const SKIP_OPEN = '已有未完成的换画任务';

/**
 * 换画: one change task per point among `points` (a condition on ad_point, the operator's own) that
 * is 投放中 under an order 投放中, under that order (the booking covering today, else its earliest),
 * planned for `planDate` (today when omitted; not before today; not after the booking's end). The
 * orders are locked `for share` and read again, so an order ending at the same moment (which
 * cancels its open changes) either waits for this or is seen ended. A point with an open change
 * keeps it: the partial unique index ad_task_one_open_change_uq decides, however many requests race.
 */
async function addChangeTasks(
  db: Queryable,
  companyId: number,
  points: SQL,
  planDateInput: string | null | undefined,
): Promise<AdChangeResult> {
  const today = shanghaiToday();
  const planDate = planDateInput || today;
  if (planDate < today)
    throw badRequest('计划日期不能早于今天', [{ field: 'planDate', message: '计划日期不能早于今天' }]);
  const own = and(points, eq(adPoint.companyId, companyId));
  const matched = await db
    .select({ id: adPoint.id, pointNo: adPoint.pointNo, state: adPoint.state })
    .from(adPoint)
    .where(own)
    .orderBy(asc(adPoint.id));
  const showing = matched.filter((p) => p.state === AD_POINT_STATE.showing);
  if (showing.length > AD_CHANGE_MAX_POINTS)
    throw badRequest(`一次最多为 ${AD_CHANGE_MAX_POINTS} 个投放中的点位换画，请缩小筛选范围`);
  const ids = showing.map((p) => p.id);
  const holders =
    ids.length === 0
      ? []
      : await db
          .selectDistinctOn([adOrderPoint.pointId], {
            pointId: adOrderPoint.pointId,
            orderId: adOrderPoint.orderId,
            endDate: adOrderPoint.endDate,
          })
          .from(adOrderPoint)
          .innerJoin(adOrder, eq(adOrder.id, adOrderPoint.orderId))
          .where(
            and(
              inArray(adOrderPoint.pointId, ids),
              eq(adOrderPoint.active, true),
              eq(adOrder.status, AD_ORDER_STATE.showing),
              eq(adOrder.companyId, companyId),
            ),
          )
          .orderBy(
            asc(adOrderPoint.pointId),
            sql`(${adOrderPoint.startDate} <= ${today} and ${adOrderPoint.endDate} >= ${today}) desc`,
            asc(adOrderPoint.startDate),
          );
  const orderIds = [...new Set(holders.map((h) => h.orderId))];
  const stillShowing = new Set(
    orderIds.length === 0
      ? []
      : (
          await db
            .select({ id: adOrder.id })
            .from(adOrder)
            .where(and(inArray(adOrder.id, orderIds), eq(adOrder.status, AD_ORDER_STATE.showing)))
            .for('share')
        ).map((o) => o.id),
  );
  const holderOf = new Map(holders.filter((h) => stillShowing.has(h.orderId)).map((h) => [h.pointId, h]));
  const skipped = new Map<string, string[]>();
  const skip = (reason: string, pointNo: string) =>
    skipped.set(reason, [...(skipped.get(reason) ?? []), pointNo]);
  const wanted: { pointId: number; orderId: number; pointNo: string }[] = [];
  for (const p of matched) {
    const h = holderOf.get(p.id);
    if (p.state !== AD_POINT_STATE.showing || !h) skip(SKIP_NOT_SHOWING, p.pointNo);
    else if (h.endDate < planDate) skip(SKIP_LATE, p.pointNo);
    else wanted.push({ pointId: p.id, orderId: h.orderId, pointNo: p.pointNo });
  }
  const made =
    wanted.length === 0
      ? []
      : await db
          .insert(adTask)
          .values(
            wanted.map((w) => ({
              operatorId: companyId,
              orderId: w.orderId,
              pointId: w.pointId,
              kind: AD_TASK_KIND.change,
              planDate,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: adTask.id, pointId: adTask.pointId });
  const madeFor = new Set(made.map((m) => m.pointId));
  for (const w of wanted) if (!madeFor.has(w.pointId)) skip(SKIP_OPEN, w.pointNo);
  return {
    matched: matched.length,
    created: made.length,
    taskIds: made.map((m) => m.id).sort((a, b) => a - b),
    skipped: [...skipped].map(([reason, nos]) => ({ reason, count: nos.length, pointNos: nos.slice(0, 20) })),
  };
}

/** 所选点位换画: every id must be one of the operator's points (else 404, nothing made). */
export async function changeByIds(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof adTaskCalls.batchAddTaskByIds>,
): Promise<AdChangeResult> {
  const companyId = requireOperator(user);
  const ids = [...new Set(input.ids)];
  const [seen] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adPoint)
    .where(and(inArray(adPoint.id, ids), eq(adPoint.companyId, companyId)));
  if ((seen?.n ?? 0) < ids.length) throw notFound(POINT_MISSING);
  return addChangeTasks(db, companyId, inArray(adPoint.id, ids), input.planDate);
}

/** 按筛选条件换画: the operator's points the point list's filters match. */
export async function changeByFilters(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof adTaskCalls.batchAddTask>,
): Promise<AdChangeResult> {
  const companyId = requireOperator(user);
  const { planDate, ...f } = input;
  return addChangeTasks(db, companyId, filtersOf(user, f) ?? sql`true`, planDate);
}

// ---------------------------------------------------------------- reading

const lift = liftsRelation().as('ad_task_lift');
const worker = alias(adWxUser, 'ad_task_worker');

const taskColumns = {
  t: adTask,
  orderNo: adOrder.orderNo,
  customerName: adCustom.name,
  pointNo: adPoint.pointNo,
  elevatorId: adPoint.elevatorId,
  address: adPoint.address,
  areaCode: adPoint.areaCode,
  qrCode: adPoint.qrCode,
  registerCode: lift.registerCode,
  workerName: worker.name,
};

function taskQuery(db: Queryable) {
  return db
    .select(taskColumns)
    .from(adTask)
    .innerJoin(adOrder, eq(adOrder.id, adTask.orderId))
    .innerJoin(adPoint, eq(adPoint.id, adTask.pointId))
    .leftJoin(adCustom, eq(adCustom.id, adOrder.customId))
    .leftJoin(lift, eq(lift.id, adPoint.elevatorId))
    .leftJoin(worker, eq(worker.id, adTask.workerId));
}
type JoinedTask = Awaited<ReturnType<typeof taskQuery>>[number];

const taskRow = (j: JoinedTask): AdTaskRow => ({
  id: j.t.id,
  operatorId: j.t.operatorId,
  orderId: j.t.orderId,
  orderNo: j.orderNo,
  customerName: j.customerName,
  pointId: j.t.pointId,
  pointName: j.pointNo,
  elevatorId: j.elevatorId,
  registerCode: j.registerCode,
  address: j.address,
  areaCode: j.areaCode,
  kind: j.t.kind,
  kindLabel: AD_TASK_KIND_LABEL[j.t.kind] ?? String(j.t.kind),
  status: j.t.status,
  statusLabel: AD_TASK_STATUS_LABEL[j.t.status] ?? String(j.t.status),
  planDate: j.t.planDate,
  workerId: j.t.workerId,
  workerName: j.workerName,
  qrCode: j.qrCode,
  finishTime: j.t.finishedAt ? formatDateTime(j.t.finishedAt) : null,
  createTime: formatDateTime(j.t.createdAt),
  version: j.t.version,
});

function taskFilters(user: AuthUser, f: Omit<AdTaskFilters, 'page' | 'limit'>): SQL | undefined {
  const c: (SQL | undefined)[] = [taskScope(user)];
  if (f.orderId) c.push(eq(adTask.orderId, Number(f.orderId)));
  if (f.pointId) c.push(eq(adTask.pointId, Number(f.pointId)));
  if (f.workerId) c.push(eq(adTask.workerId, Number(f.workerId)));
  if (f.kind) c.push(eq(adTask.kind, Number(f.kind)));
  if (f.status) c.push(eq(adTask.status, Number(f.status)));
  if (f.keyword) {
    const p = likePattern(f.keyword);
    c.push(or(ilike(adOrder.orderNo, p), ilike(adPoint.pointNo, p), ilike(adPoint.address, p)));
  }
  return and(...c);
}

/**
 * The field worker bound to the account (`mine=true`): its id and name, or why it has no task (no
 * worker bound, or the worker disabled).
 */
async function ownWorker(db: Queryable, user: AuthUser): Promise<AdOwnWorker> {
  const [w] = await db
    .select({ id: adWxUser.id, name: adWxUser.name, enabled: adWxUser.enabled })
    .from(adWxUser)
    .where(and(eq(adWxUser.userId, user.id), eq(adWxUser.kind, WX_USER_KIND.worker)));
  if (!w) return { workerId: null, workerName: null, reason: AD_OWN_WORKER_MISSING };
  return { workerId: w.id, workerName: w.name, reason: w.enabled ? null : AD_OWN_WORKER_DISABLED };
}

export async function listTasks(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof adTaskCalls.getTaskList>,
): Promise<AdTaskPage> {
  if (!f.mine) return taskPage(db, f, taskFilters(user, f));
  // The caller's own tasks: none (and the reason) when no enabled worker is bound to it, never all.
  const mine = await ownWorker(db, user);
  if (mine.workerId === null || mine.reason !== null)
    return { records: [], total: 0, page: f.page, limit: f.limit, mine };
  return { ...(await taskPage(db, f, and(taskFilters(user, f), eq(adTask.workerId, mine.workerId)))), mine };
}

function taskPage(db: Queryable, f: { page: number; limit: number }, where: SQL | undefined) {
  return paginate(
    db,
    f,
    ({ limit, offset }) => taskQuery(db).where(where).orderBy(desc(adTask.id)).limit(limit).offset(offset),
    async () => {
      const [n] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(adTask)
        .innerJoin(adOrder, eq(adOrder.id, adTask.orderId))
        .innerJoin(adPoint, eq(adPoint.id, adTask.pointId))
        .where(where);
      return n?.n ?? 0;
    },
    taskRow,
  );
}

async function taskInScope(db: Queryable, user: AuthUser, id: number): Promise<JoinedTask> {
  const [j] = await taskQuery(db).where(and(eq(adTask.id, id), taskScope(user)));
  if (!j) throw notFound(TASK_MISSING);
  return j;
}

export async function taskDetail(db: Queryable, user: AuthUser, id: number): Promise<AdTaskDetail> {
  const j = await taskInScope(db, user, id);
  const logs = await logQuery(db).where(eq(adTaskLog.taskId, id)).orderBy(desc(adTaskLog.id));
  return { ...taskRow(j), logs: logs.map(logRow) };
}

const recorder = alias(sysUser, 'ad_log_recorder');
const reviewer = alias(sysUser, 'ad_log_reviewer');
const logWorker = alias(adWxUser, 'ad_log_worker');

function logQuery(db: Queryable) {
  return db
    .select({
      l: adTaskLog,
      orderId: adTask.orderId,
      pointId: adTask.pointId,
      taskKind: adTask.kind,
      orderNo: adOrder.orderNo,
      pointNo: adPoint.pointNo,
      address: adPoint.address,
      registerCode: lift.registerCode,
      workerName: logWorker.name,
      recordedByName: recorder.realName,
      reviewerName: reviewer.realName,
    })
    .from(adTaskLog)
    .innerJoin(adTask, eq(adTask.id, adTaskLog.taskId))
    .innerJoin(adOrder, eq(adOrder.id, adTask.orderId))
    .innerJoin(adPoint, eq(adPoint.id, adTask.pointId))
    .leftJoin(lift, eq(lift.id, adPoint.elevatorId))
    .leftJoin(logWorker, eq(logWorker.id, adTaskLog.workerId))
    .leftJoin(recorder, eq(recorder.id, adTaskLog.recordedBy))
    .leftJoin(reviewer, eq(reviewer.id, adTaskLog.reviewedBy));
}
type JoinedLog = Awaited<ReturnType<typeof logQuery>>[number];

const logRow = (j: JoinedLog): AdTaskLogRow => ({
  id: j.l.id,
  taskId: j.l.taskId,
  operatorId: j.l.operatorId,
  orderId: j.orderId,
  orderNo: j.orderNo,
  pointId: j.pointId,
  pointName: j.pointNo,
  registerCode: j.registerCode,
  address: j.address,
  taskKind: j.taskKind,
  taskKindLabel: AD_TASK_KIND_LABEL[j.taskKind] ?? String(j.taskKind),
  workerId: j.l.workerId,
  workerName: j.workerName,
  recordedByName: j.recordedByName,
  photoFileId: j.l.photoFileId,
  qrCode: j.l.qrCode,
  latitude: j.l.latitude,
  longitude: j.l.longitude,
  distanceM: j.l.distanceM,
  far: j.l.far,
  logTime: formatDateTime(j.l.loggedAt),
  status: j.l.status,
  statusLabel: AD_LOG_STATUS_LABEL[j.l.status] ?? String(j.l.status),
  reviewerName: j.reviewerName,
  reviewTime: j.l.reviewedAt ? formatDateTime(j.l.reviewedAt) : null,
  reviewRemark: j.l.reviewRemark,
  version: j.l.version,
});

/** Shanghai day bounds of the filters (yyyy-MM-dd, inclusive). */
const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00+08:00`) + 86_400_000);

function logFilters(user: AuthUser, f: Omit<AdTaskLogFilters, 'page' | 'limit'>): SQL | undefined {
  const c: (SQL | undefined)[] = [logScope(user)];
  if (f.taskId) c.push(eq(adTaskLog.taskId, Number(f.taskId)));
  if (f.orderId) c.push(eq(adTask.orderId, Number(f.orderId)));
  if (f.workerId) c.push(eq(adTaskLog.workerId, Number(f.workerId)));
  if (f.status) c.push(eq(adTaskLog.status, Number(f.status)));
  if (f.dateFrom) c.push(gte(adTaskLog.loggedAt, dayStart(f.dateFrom)));
  if (f.dateTo) c.push(lt(adTaskLog.loggedAt, dayAfter(f.dateTo)));
  if (f.keyword) {
    const p = likePattern(f.keyword);
    c.push(or(ilike(adOrder.orderNo, p), ilike(adPoint.pointNo, p), ilike(adPoint.address, p)));
  }
  return and(...c);
}

export function listLogs(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof adTaskCalls.getTaskLogListInfo>,
) {
  const where = logFilters(user, f);
  return paginate(
    db,
    f,
    ({ limit, offset }) => logQuery(db).where(where).orderBy(desc(adTaskLog.id)).limit(limit).offset(offset),
    () => countLogsWhere(db, where),
    logRow,
  );
}

async function countLogsWhere(db: Queryable, where: SQL | undefined): Promise<number> {
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adTaskLog)
    .innerJoin(adTask, eq(adTask.id, adTaskLog.taskId))
    .innerJoin(adOrder, eq(adOrder.id, adTask.orderId))
    .innerJoin(adPoint, eq(adPoint.id, adTask.pointId))
    .where(where);
  return n?.n ?? 0;
}

type LogExportFilters = CallParsedInput<typeof adTaskCalls.export>;

/** How many logs of the filters the user sees (the list's count: the export's size). */
export const logCount = (db: Queryable, user: AuthUser, f: LogExportFilters) =>
  countLogsWhere(db, logFilters(user, f));

/** The export's rows in batches by ascending id (platform/excel.ts keysetBatches). */
export function logBatches(
  db: Queryable,
  user: AuthUser,
  f: LogExportFilters,
): AsyncGenerator<AdTaskLogRow[]> {
  const where = logFilters(user, f);
  return keysetBatches((after, size) =>
    logQuery(db)
      .where(and(where, gt(adTaskLog.id, after)))
      .orderBy(asc(adTaskLog.id))
      .limit(size)
      .then((rows) => rows.map(logRow)),
  );
}

// ---------------------------------------------------------------- the operator's moves

export async function resetTask(db: Queryable, user: AuthUser, id: number, version: number) {
  await taskInScope(db, user, id);
  try {
    await moveState(db, adTask, {
      id,
      version,
      from: [AD_TASK_STATUS.done, AD_TASK_STATUS.rejected],
      to: AD_TASK_STATUS.pending,
      set: { finishedAt: null, updatedAt: new Date() },
      where: taskScope(user),
      ...taskMove('重置'),
    });
  } catch (err) {
    // A done change reopened while the point has another open change.
    if (dbErrorCode(err) === '23505') throw conflict(`该点位${SKIP_OPEN}`);
    throw err;
  }
  return taskDetail(db, user, id);
}

export async function assignWorker(db: Queryable, user: AuthUser, ids: number[], workerId: number) {
  const seen = await db
    .select({ id: adTask.id })
    .from(adTask)
    .where(and(inArray(adTask.id, ids), taskScope(user)));
  if (seen.length < new Set(ids).size) throw notFound(TASK_MISSING);
  const rows = await db
    .update(adTask)
    .set({ workerId, version: sql`${adTask.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        inArray(adTask.id, ids),
        taskScope(user),
        inArray(adTask.status, [AD_TASK_STATUS.pending, AD_TASK_STATUS.rejected]),
        // Only a worker of the task's own operator, enabled.
        sql`${adTask.operatorId} = (select w.operator_id from ad_wx_user w
              where w.id = ${workerId} and w.kind = 1 and w.enabled)`,
      ),
    )
    .returning({ id: adTask.id });
  if (rows.length === 0)
    throw badRequest('没有可指派的任务（任务须为待执行或已驳回，安装人员须属于该运营商且已启用）');
  return { assigned: rows.length };
}

const QR_TAKEN = '该二维码已绑定其他点位';

/** Binds the scanned code to the task's point: one code per point, one point per code (the database decides). */
export async function bindQrCode(db: Queryable, user: AuthUser, id: number, code: string) {
  const j = await taskInScope(db, user, id);
  if (j.t.status === AD_TASK_STATUS.cancelled) throw conflict('任务已取消，不能绑定二维码');
  let rows: { id: number }[];
  try {
    rows = await db
      .update(adPoint)
      .set({ qrCode: code, version: sql`${adPoint.version} + 1`, updatedAt: new Date() })
      .where(and(eq(adPoint.id, j.t.pointId), or(sql`${adPoint.qrCode} is null`, eq(adPoint.qrCode, code))))
      .returning({ id: adPoint.id });
  } catch (err) {
    if (dbErrorCode(err) === '23505') throw conflict(QR_TAKEN);
    throw err;
  }
  if (rows.length === 0) throw conflict('该点位已绑定其他二维码，请先解绑');
  return taskDetail(db, user, id);
}

export async function unbindQrCode(db: Queryable, user: AuthUser, id: number) {
  const j = await taskInScope(db, user, id);
  const rows = await db
    .update(adPoint)
    .set({ qrCode: null, version: sql`${adPoint.version} + 1`, updatedAt: new Date() })
    .where(and(eq(adPoint.id, j.t.pointId), sql`${adPoint.qrCode} is not null`))
    .returning({ id: adPoint.id });
  if (rows.length === 0) throw conflict('该点位未绑定二维码');
  return taskDetail(db, user, id);
}

/**
 * The worker's proof: the scanned code must be the point's (its row and the worker's locked `for
 * share` until the log commits), the photo a picture the caller uploaded
 * (or may read); where he stood is measured against the lift by the maintenance sign-in's rule (the
 * haversine distance and its limit, the parameter maintenanceSignInMaxMeters): a far log is flagged
 * for the reviewer, not refused. The task moves 待执行/已驳回 → 待审核 in one conditional UPDATE; at
 * most one log awaits review (a partial unique index).
 */
export async function submitLog(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof adTaskCalls.submitLog>,
) {
  const j = await taskInScope(db, user, input.id);
  const w = await workerFor(db, user, j.t.operatorId, input.workerId, j.t.workerId);
  const [point] = await db
    .select({ qrCode: adPoint.qrCode, latitude: adPoint.latitude, longitude: adPoint.longitude })
    .from(adPoint)
    .where(eq(adPoint.id, j.t.pointId))
    // The code decides the write: locked until the log commits, so an unbind or rebind in progress
    // makes the log wait and then compare with the code it left (READ COMMITTED re-reads the row).
    .for('share');
  if (!point?.qrCode) throw conflict('该点位尚未绑定二维码，请先扫码绑定');
  if (point.qrCode !== input.qrCode)
    throw badRequest('扫描的二维码不是该点位的二维码', [{ field: 'qrCode', message: '二维码与点位不符' }]);
  const readable = await readableFileIds(db, user, [input.photoFileId]);
  const [file] = await db.select({ ext: sysFile.ext }).from(sysFile).where(eq(sysFile.id, input.photoFileId));
  if (!readable.has(input.photoFileId) || !file)
    throw badRequest('安装照片不存在或无权使用', [{ field: 'photoFileId', message: '请重新上传照片' }]);
  if (!DISPLAY_IMAGE_EXTENSIONS.includes(file.ext))
    throw badRequest('安装照片应为图片（jpg、png）', [{ field: 'photoFileId', message: '请上传图片' }]);
  const distance =
    point.latitude !== null && point.longitude !== null
      ? distanceMeters(input.latitude, input.longitude, point.latitude, point.longitude)
      : null;
  const max = await paramNumber(
    db,
    MAINTENANCE_PARAMS.signInMaxMetersKey,
    MAINTENANCE_PARAMS.signInMaxMeters,
  );
  await moveState(db, adTask, {
    id: j.t.id,
    version: input.version,
    from: [AD_TASK_STATUS.pending, AD_TASK_STATUS.rejected],
    to: AD_TASK_STATUS.submitted,
    set: { workerId: w.id, updatedAt: new Date() },
    where: taskScope(user),
    ...taskMove('提交日志'),
  });
  try {
    await db.insert(adTaskLog).values({
      taskId: j.t.id,
      operatorId: j.t.operatorId,
      workerId: w.id,
      recordedBy: user.id,
      photoFileId: input.photoFileId,
      qrCode: input.qrCode,
      latitude: input.latitude,
      longitude: input.longitude,
      distanceM: distance,
      far: distance !== null && distance > max,
    });
  } catch (err) {
    if (dbErrorCode(err) === '23505') throw conflict('该任务已有待审核的日志');
    throw err;
  }
  return taskDetail(db, user, j.t.id);
}

/**
 * The operator's verdict on a log (one conditional UPDATE on its state and version): approved, its
 * task is done and the point turns 投放中 (an install) or 空闲 (a removal; 已预订 / 投放中 while
 * another order holds it), or keeps its state (a poster change); rejected, the task goes back to
 * the worker (已驳回).
 */
export async function reviewLog(
  db: Tx,
  user: AuthUser,
  input: CallParsedInput<typeof adTaskCalls.updateStatus>,
): Promise<AdTaskLogRow> {
  const approved = input.status === AD_LOG_STATUS.approved;
  const now = new Date();
  const log = await moveState(db, adTaskLog, {
    id: input.id,
    version: input.version,
    from: [AD_LOG_STATUS.pending],
    to: input.status,
    set: { reviewedBy: user.id, reviewedAt: now, reviewRemark: input.remark || null, updatedAt: now },
    where: logScope(user),
    ...logMove(approved ? '审核通过' : '驳回'),
  });
  // The order, then the point, then the task (the orders' lock order, lockPoints): a cancel of the
  // order locks it and its points, then cancels its tasks; taking them the other way round here
  // could deadlock with it. An approved install moves an order still 已确认 on to 投放中.
  const [of] = await db
    .select({ kind: adTask.kind, orderId: adTask.orderId })
    .from(adTask)
    .where(eq(adTask.id, log.taskId));
  if (approved && of.kind === AD_TASK_KIND.install) await startOrderOnInstall(db, of.orderId, user);
  await lockPoints(db, sql`select ${adTask.pointId} from ${adTask} where ${adTask.id} = ${log.taskId}`);
  const task = await moveState(db, adTask, {
    id: log.taskId,
    from: [AD_TASK_STATUS.submitted],
    to: approved ? AD_TASK_STATUS.done : AD_TASK_STATUS.rejected,
    set: { finishedAt: approved ? now : null, updatedAt: now },
    ...taskMove(approved ? '完成' : '驳回'),
  });
  if (approved && task.kind === AD_TASK_KIND.install)
    await db
      .update(adPoint)
      .set({ state: AD_POINT_STATE.showing, version: sql`${adPoint.version} + 1`, updatedAt: now })
      // A point under repair or disabled keeps that state.
      .where(
        and(
          eq(adPoint.id, task.pointId),
          inArray(adPoint.state, [AD_POINT_STATE.free, AD_POINT_STATE.booked]),
        ),
      );
  // A removal frees the point, unless another order holds it (then 已预订 / 投放中 as that order is).
  else if (approved && task.kind === AD_TASK_KIND.removal)
    await settlePointStates(db, sql`select ${task.pointId}::int`);
  const [j] = await logQuery(db).where(eq(adTaskLog.id, log.id));
  return logRow(j);
}

// ---------------------------------------------------------------- statistics

export async function logStats(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof adTaskCalls.getTaskLogStatList>,
): Promise<AdTaskStat[]> {
  const byWorker = f.by === 'worker';
  const key = byWorker ? sql<number>`${adTaskLog.workerId}` : sql<number>`${adTask.orderId}`;
  const name = byWorker ? sql<string>`max(${adWxUser.name})` : sql<string>`max(${adOrder.orderNo})`;
  const conds: (SQL | undefined)[] = [logScope(user)];
  if (f.dateFrom) conds.push(gte(adTaskLog.loggedAt, dayStart(f.dateFrom)));
  if (f.dateTo) conds.push(lt(adTaskLog.loggedAt, dayAfter(f.dateTo)));
  const rows = await db
    .select({
      id: key,
      name,
      logs: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${adTaskLog.status} = 1))::int`,
      approved: sql<number>`(count(*) filter (where ${adTaskLog.status} = 2))::int`,
      rejected: sql<number>`(count(*) filter (where ${adTaskLog.status} = 3))::int`,
      far: sql<number>`(count(*) filter (where ${adTaskLog.far}))::int`,
      tasks: sql<number>`count(distinct ${adTask.id})::int`,
      doneTasks: sql<number>`(count(distinct ${adTask.id}) filter (where ${adTask.status} = 3))::int`,
    })
    .from(adTaskLog)
    .innerJoin(adTask, eq(adTask.id, adTaskLog.taskId))
    .innerJoin(adOrder, eq(adOrder.id, adTask.orderId))
    .innerJoin(adWxUser, eq(adWxUser.id, adTaskLog.workerId))
    .where(and(...conds))
    .groupBy(key)
    .orderBy(desc(sql`count(*)`), asc(key))
    .limit(500);
  return rows.map((r) => ({ ...r, id: Number(r.id), name: String(r.name ?? '') }));
}

/** Whoever may read a task log may read its photo. */
export const taskLogFileReference = {
  name: 'ad-task-log',
  readable: (user: AuthUser, file: SQL | AnyColumn) =>
    sql`exists (select 1 from ${adTaskLog} where ${adTaskLog.photoFileId} = ${file} and ${logScope(user)})`,
};
