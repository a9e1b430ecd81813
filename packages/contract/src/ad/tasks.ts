import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, queryBool, text } from '../common.ts';
import { fileIdField, optionalDate, version } from '../fields.ts';
import { AD_POINT, adPointFilters } from './points.ts';

/*
 * Install and removal tasks (投放任务, `/adTask`) and their logs (投放日志, `/adTaskLog`), doc 001
 * §7.9. Confirming an order makes one install task per booked point; its end makes one removal task
 * per point. A field worker (a mini-program user of kind 安装人员) binds the point's QR code (one
 * code per point, one point per code), then submits a log: the photo of the poster, where he stood
 * (the distance to the lift is measured by the maintenance sign-in's rule) and when. The operator
 * approves or rejects each log; an approved install turns the point 投放中, an approved removal
 * frees it. `resetTask` reopens a task. An operator sees its own tasks, the platform all.
 *
 * A poster change (换画, kind 3) is asked for by the operator on points 投放中 under an order
 * (`/adPoint/batchAddTaskByIds`, `/adPoint/batchAddTask` by the point list's filters): one task per
 * point, under the order that shows there; a point holds at most one open change (a partial unique
 * index); its approval leaves the point's state alone.
 */

export const AD_TASK_PERMISSIONS = {
  taskList: 'ad:task:list',
  /** Assign a worker, reset a task, unbind a QR code. */
  taskEdit: 'ad:task:edit',
  /** The field worker's side: bind a QR code, submit a log with a photo. */
  taskWork: 'ad:task:work',
  logList: 'ad:taskLog:list',
  logAudit: 'ad:taskLog:audit',
  logExport: 'ad:taskLog:export',
  logStats: 'ad:taskLog:stats',
} as const;

export const AD_TASK_KIND = { install: 1, removal: 2, change: 3 } as const;
export const AD_TASK_KIND_LABEL: Record<number, string> = { 1: '安装', 2: '拆除', 3: '换画' };
/** A change task still to do (待执行, 待审核, 已驳回): at most one per point. */
export const AD_TASK_OPEN: readonly number[] = [1, 2, 4];

/** 待执行 → 待审核 (a log submitted) → 已完成 (approved) or 已驳回 (rejected, redo) ; 已取消 with its order. */
export const AD_TASK_STATUS = { pending: 1, submitted: 2, done: 3, rejected: 4, cancelled: 5 } as const;
export const AD_TASK_STATUS_LABEL: Record<number, string> = {
  1: '待执行',
  2: '待审核',
  3: '已完成',
  4: '已驳回',
  5: '已取消',
};

export const AD_LOG_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
export const AD_LOG_STATUS_LABEL: Record<number, string> = { 1: '待审核', 2: '已通过', 3: '已驳回' };

const P = AD_TASK_PERMISSIONS;

const status = (labels: Record<number, string>, message: string) =>
  z.coerce
    .number({ error: message })
    .int()
    .refine((v) => v in labels, message);

export const adTaskRow = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string().nullable(),
  customerName: z.string().nullable(),
  pointId: z.number().int(),
  pointName: z.string().nullable(),
  elevatorId: z.number().int().nullable(),
  registerCode: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string().nullable(),
  kind: z.number().int(),
  kindLabel: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  planDate: z.string(),
  workerId: z.number().int().nullable(),
  workerName: z.string().nullable(),
  /** The point's bound QR code, when bound. */
  qrCode: z.string().nullable(),
  finishTime: z.string().nullable(),
  createTime: z.string(),
  version: z.number().int(),
});
export type AdTaskRow = z.infer<typeof adTaskRow>;

export const adTaskLogRow = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  operatorId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string().nullable(),
  pointId: z.number().int(),
  pointName: z.string().nullable(),
  registerCode: z.string().nullable(),
  address: z.string().nullable(),
  taskKind: z.number().int(),
  taskKindLabel: z.string(),
  workerId: z.number().int(),
  workerName: z.string().nullable(),
  /** The console account that sent the log. */
  recordedByName: z.string().nullable(),
  photoFileId: z.string(),
  qrCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Metres to the lift; null when the lift has no coordinates. */
  distanceM: z.number().int().nullable(),
  /** Farther than the sign-in limit (system parameter maintenanceSignInMaxMeters). */
  far: z.boolean(),
  logTime: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  reviewerName: z.string().nullable(),
  reviewTime: z.string().nullable(),
  reviewRemark: z.string().nullable(),
  version: z.number().int(),
});
export type AdTaskLogRow = z.infer<typeof adTaskLogRow>;

export const adTaskDetail = adTaskRow.extend({ logs: z.array(adTaskLogRow) });
export type AdTaskDetail = z.infer<typeof adTaskDetail>;

export const adTaskFilters = z.object({
  ...paging,
  /**
   * The caller's own tasks only: those of the field worker (a 小程序用户 of kind 安装人员) bound to
   * the signed-in account. An account bound to none gets no task and the reason (`mine.reason`).
   */
  mine: queryBool.optional(),
  orderId: idField('订单').optional(),
  pointId: idField('点位').optional(),
  workerId: idField('安装人员').optional(),
  kind: status(AD_TASK_KIND_LABEL, '任务类型应为安装、拆除或换画').optional(),
  status: status(AD_TASK_STATUS_LABEL, '任务状态不正确').optional(),
  /** Order number, point name, register code or address. */
  keyword: text(50).optional(),
});
export type AdTaskFilters = z.input<typeof adTaskFilters>;

/** With `mine`: the caller's own field worker, or why the list is empty (Chinese, shown as is). */
export const adOwnWorker = z.object({
  workerId: z.number().int().nullable(),
  workerName: z.string().nullable(),
  /** Null when the worker is bound and enabled; else why the account has no task here. */
  reason: z.string().nullable(),
});
export type AdOwnWorker = z.infer<typeof adOwnWorker>;

/** 投放任务's page; `mine` only when asked for (`mine=true`). */
export const adTaskPage = pageOf(adTaskRow).extend({ mine: adOwnWorker.optional() });
export type AdTaskPage = z.infer<typeof adTaskPage>;

/** Why a `mine=true` list is empty: the account is bound to no field worker, or to a disabled one. */
export const AD_OWN_WORKER_MISSING =
  '当前账号未绑定小程序安装人员，没有可执行的投放任务。请联系广告运营商在“小程序用户”中绑定本账号';
export const AD_OWN_WORKER_DISABLED = '当前账号绑定的安装人员已停用，没有可执行的投放任务。请联系广告运营商';

export const adTaskLogFilters = z.object({
  ...paging,
  taskId: idField('任务').optional(),
  orderId: idField('订单').optional(),
  workerId: idField('安装人员').optional(),
  status: status(AD_LOG_STATUS_LABEL, '日志状态不正确').optional(),
  dateFrom: optionalDate('开始日期'),
  dateTo: optionalDate('结束日期'),
  keyword: text(50).optional(),
});
export type AdTaskLogFilters = z.input<typeof adTaskLogFilters>;

const qrCode = z
  .string({ error: '请扫描点位二维码' })
  .trim()
  .min(4, '二维码内容过短')
  .max(64, '二维码内容过长')
  .regex(/^[A-Za-z0-9_\-:./]+$/, '二维码内容只能包含字母、数字和 _-:./');

const latitude = z.coerce.number({ error: '纬度应为数字' }).min(-90, '纬度超出范围').max(90, '纬度超出范围');
const longitude = z.coerce
  .number({ error: '经度应为数字' })
  .min(-180, '经度超出范围')
  .max(180, '经度超出范围');

export const adTaskStat = z.object({
  /** The worker's or the order's id. */
  id: z.number().int(),
  name: z.string(),
  logs: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  far: z.number().int(),
  tasks: z.number().int(),
  doneTasks: z.number().int(),
});
export type AdTaskStat = z.infer<typeof adTaskStat>;

/** 投放统计's filters: per worker or per order, over the logs' dates (the export takes the same). */
export const adTaskStatFilters = z.object({
  by: z.enum(['worker', 'order'], { error: '统计维度应为安装人员或订单' }).default('worker'),
  dateFrom: optionalDate('开始日期'),
  dateTo: optionalDate('结束日期'),
});
export type AdTaskStatFilters = z.input<typeof adTaskStatFilters>;

/** When the change is planned (yyyy-MM-dd, today or later; omitted: today). */
const changePlan = { planDate: optionalDate('计划日期') };

/** What a batch of poster changes did: tasks made, points left out by reason (a few numbers each). */
export const adChangeResult = z.object({
  /** The points asked for (the ids, or those the filters matched). */
  matched: z.number().int(),
  created: z.number().int(),
  /** The new tasks' ids. */
  taskIds: z.array(z.number().int()),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int(), pointNos: z.array(z.string()) })),
});
export type AdChangeResult = z.infer<typeof adChangeResult>;

/** The most points one change by filters may touch. */
export const AD_CHANGE_MAX_POINTS = 5000;

export const AD_TASK = '/adTask';
export const AD_TASK_LOG = '/adTaskLog';

export const adTaskCalls = {
  getTaskList: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_TASK}/getTaskList`,
    permission: P.taskList,
    summary: '投放任务列表（mine=true：本账号绑定的安装人员的任务）',
    input: adTaskFilters,
    output: adTaskPage,
  }),
  get: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_TASK}/{id}`,
    permission: P.taskList,
    summary: '投放任务详情（含日志）',
    input: z.object({ id: idField('任务编号') }),
    output: adTaskDetail,
  }),
  resetTask: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${AD_TASK}/resetTask`,
    permission: P.taskEdit,
    summary: '重置投放任务（重新执行）',
    input: z.object({ id: idField('任务编号'), version }),
    output: adTaskDetail,
  }),
  assign: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${AD_TASK}/assign`,
    permission: P.taskEdit,
    summary: '指派安装人员',
    input: z.object({ ids: idList, workerId: idField('安装人员') }),
    output: z.object({ assigned: z.number().int() }),
  }),
  bindQrCode: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${AD_TASK}/bindQrCode`,
    permission: P.taskWork,
    summary: '绑定点位二维码',
    input: z.object({ id: idField('任务编号'), qrCode }),
    output: adTaskDetail,
  }),
  unBindQrCode: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${AD_TASK}/unBindQrCode`,
    permission: P.taskEdit,
    summary: '解绑点位二维码',
    input: z.object({ id: idField('任务编号') }),
    output: adTaskDetail,
  }),
  submitLog: defineCall({
    domain: 'ad',
    method: 'POST',
    path: `${AD_TASK}/submitLog`,
    permission: P.taskWork,
    summary: '提交投放日志（照片与定位）',
    input: z.object({
      id: idField('任务编号'),
      version,
      /** The mini-program worker; omitted, the worker bound to the caller's account. */
      workerId: idField('安装人员').optional(),
      photoFileId: fileIdField('安装照片'),
      /** The code scanned at the point: must be the point's bound code. */
      qrCode,
      latitude,
      longitude,
    }),
    output: adTaskDetail,
  }),
  batchAddTaskByIds: defineCall({
    domain: 'ad',
    method: 'POST',
    path: `${AD_POINT}/batchAddTaskByIds`,
    permission: P.taskEdit,
    summary: '所选点位换画（新建换画任务）',
    input: z.object({ ids: idList, ...changePlan }),
    output: adChangeResult,
  }),
  batchAddTask: defineCall({
    domain: 'ad',
    method: 'POST',
    path: `${AD_POINT}/batchAddTask`,
    permission: P.taskEdit,
    summary: '按点位列表的筛选条件换画（新建换画任务）',
    input: adPointFilters.omit({ page: true, limit: true, companyId: true }).extend(changePlan),
    output: adChangeResult,
  }),
  getTaskLogListInfo: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_TASK_LOG}/getTaskLogListInfo`,
    permission: P.logList,
    summary: '投放日志列表',
    input: adTaskLogFilters,
    output: pageOf(adTaskLogRow),
  }),
  updateStatus: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${AD_TASK_LOG}/updateStatus`,
    permission: P.logAudit,
    summary: '审核投放日志（通过或驳回）',
    input: z
      .object({
        id: idField('日志编号'),
        version,
        status: z.coerce
          .number({ error: '请选择审核结果' })
          .int()
          .refine((v) => v === 2 || v === 3, '审核结果应为通过或驳回'),
        remark: text(300).optional(),
      })
      .refine((v) => v.status !== 3 || (v.remark ?? '').length > 0, {
        message: '驳回时请填写原因',
        path: ['remark'],
      }),
    output: adTaskLogRow,
  }),
  getTaskLogStatList: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_TASK_LOG}/getTaskLogStatList`,
    permission: P.logStats,
    summary: '投放统计（按安装人员或订单）',
    input: adTaskStatFilters,
    output: z.array(adTaskStat),
  }),
  exportStat: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_TASK_LOG}/exportStat`,
    permission: P.logStats,
    summary: '导出投放统计（.xlsx，与统计表同样的维度和日期）',
    result: 'file',
    input: adTaskStatFilters,
    output: z.unknown(),
  }),
  export: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_TASK_LOG}/export`,
    permission: P.logExport,
    summary: '导出投放日志（.xlsx）',
    result: 'file',
    input: adTaskLogFilters.omit({ page: true, limit: true }),
    output: z.unknown(),
  }),
} as const;
