import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idParam, pageOf, paging, queryBool, requiredText, text } from '../common.ts';
import { dateField, fileIdField, optionalDate, version } from '../fields.ts';
import { patrolTemplateItem } from './contents.ts';
import { patrolNoticeRow } from './notices.ts';
import {
  PATROL_PERMISSIONS as P,
  PATROL_MAX_PHOTOS,
  PATROL_MAX_TARGETS,
  PATROL_RECIPIENTS,
  PATROL_RESULTS,
  PATROL_TARGET_KINDS,
  PATROL_TASK_STATES,
} from './rules.ts';

/*
 * 巡检任务 (`pollingOrder`, doc 001 §7.4): a regulator's patrol over lifts or use units of one of its
 * districts, with a template, assignees and planned dates. States (each move one conditional UPDATE
 * on the server; a stale or wrong-state move is 409 naming the state now):
 *   pending 待执行 → running 执行中 (the first result recorded on site)
 *   running → done 已完成 (every target's every item has a result)
 *   pending | running → cancelled 已取消 (with a reason)
 * One result per task, target and item; a 不符合 result opens a rectification notice (notices.ts)
 * and is final from then on.
 */

const O = '/pc/pollingOrder';
const domain = 'polling';
const taskId = idField('巡检任务编号');

const targetKind = z.enum(PATROL_TARGET_KINDS, { error: '请选择巡检对象（电梯或使用单位）' });
const areaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请选择辖区');
const latitude = z.coerce.number({ error: '纬度应为数字' }).min(-90, '纬度不正确').max(90, '纬度不正确');
const longitude = z.coerce.number({ error: '经度应为数字' }).min(-180, '经度不正确').max(180, '经度不正确');

export const patrolPerson = z.object({ id: z.number().int(), name: z.string() });

export const patrolTaskRow = z.object({
  id: z.number().int(),
  taskNo: z.string(),
  name: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  templateId: z.number().int().nullable(),
  templateName: z.string(),
  targetKind,
  targetKindLabel: z.string(),
  state: z.enum(PATROL_TASK_STATES),
  stateLabel: z.string(),
  planStart: z.string(),
  planEnd: z.string(),
  assignees: z.array(patrolPerson),
  targetCount: z.number().int(),
  /** Targets whose every item has a result. */
  checkedCount: z.number().int(),
  findingCount: z.number().int(),
  openNoticeCount: z.number().int(),
  creatorName: z.string().nullable(),
  createTime: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  version: z.number().int(),
});
export type PatrolTaskRow = z.infer<typeof patrolTaskRow>;

export const patrolResultView = z.object({
  contentId: z.number().int(),
  result: z.enum(PATROL_RESULTS),
  resultLabel: z.string(),
  remark: z.string().nullable(),
  photos: z.array(z.string()),
  recorderName: z.string().nullable(),
  recordedAt: z.string(),
  /** The notice a 不符合 opened. */
  noticeId: z.number().int().nullable(),
});
export type PatrolResultView = z.infer<typeof patrolResultView>;

export const patrolTargetView = z.object({
  id: z.number().int(),
  kind: targetKind,
  elevatorId: z.number().int().nullable(),
  unitId: z.number().int().nullable(),
  /** The lift's register code or the use unit's name. */
  name: z.string(),
  address: z.string().nullable(),
  useUnitName: z.string().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  checkedAt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  results: z.array(patrolResultView),
});
export type PatrolTargetView = z.infer<typeof patrolTargetView>;

export const patrolTaskDetail = patrolTaskRow.extend({
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The template's items as they were when the task was made. */
  items: z.array(patrolTemplateItem),
  targets: z.array(patrolTargetView),
  notices: z.array(patrolNoticeRow),
  /** Whether the signed-in user is an assignee (may do it on site). */
  mine: z.boolean(),
});
export type PatrolTaskDetail = z.infer<typeof patrolTaskDetail>;

export const patrolTaskInput = z.object({
  /** A pending task being changed. */
  id: taskId.optional(),
  version: version.optional(),
  name: requiredText('任务名称', 100),
  areaCode,
  templateId: idField('巡检模板'),
  /** Lift ids or use unit ids, as the template's target kind says. */
  targetIds: z
    .array(idField('巡检对象'), { error: '请选择巡检对象' })
    .min(1, '请至少选择一个巡检对象')
    .max(PATROL_MAX_TARGETS, `一个任务最多 ${PATROL_MAX_TARGETS} 个巡检对象`),
  assigneeIds: z
    .array(idField('巡检人员'), { error: '请选择巡检人员' })
    .min(1, '请至少选择一名巡检人员')
    .max(10, '巡检人员最多 10 名'),
  planStart: dateField('计划开始日期'),
  planEnd: dateField('计划结束日期'),
  remark: text(500).nullable().optional(),
});
export type PatrolTaskInput = z.input<typeof patrolTaskInput>;

export const patrolFindingInput = z.object({
  recipient: z.enum(PATROL_RECIPIENTS, { error: '请选择整改单位（使用单位或维保单位）' }).optional(),
  deadline: optionalDate('整改期限'),
  requirement: text(500).nullable().optional(),
});

export const patrolResultInput = z.object({
  contentId: idField('检查内容'),
  result: z.enum(PATROL_RESULTS, { error: '请选择检查结果（符合/不符合/不适用）' }),
  remark: text(500).nullable().optional(),
  photos: z
    .array(fileIdField('现场照片'))
    .max(PATROL_MAX_PHOTOS, `每项最多 ${PATROL_MAX_PHOTOS} 张照片`)
    .optional(),
  /** For a 不符合: the notice's recipient, deadline and requirement. */
  finding: patrolFindingInput.optional(),
});
export type PatrolResultInput = z.input<typeof patrolResultInput>;

export const patrolSaveResultInput = z.object({
  taskId,
  targetId: idField('巡检对象'),
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
  accuracy: z.coerce.number().min(0).max(100_000).nullable().optional(),
  results: z.array(patrolResultInput, { error: '请填写检查结果' }).min(1, '请至少填写一项检查结果').max(100),
});
export type PatrolSaveResultInput = z.input<typeof patrolSaveResultInput>;

/** A lift or use unit of the user's districts, for the target picker. */
export const patrolTargetOption = z.object({
  id: z.number().int(),
  kind: targetKind,
  name: z.string(),
  address: z.string().nullable(),
  areaCode: z.string().nullable(),
  useUnitName: z.string().nullable(),
});
export type PatrolTargetOption = z.infer<typeof patrolTargetOption>;

const act = z.object({ id: taskId, version: version.optional() });

export const patrolTaskCalls = {
  queryList: defineCall({
    domain,
    method: 'POST',
    path: `${O}/queryList`,
    permission: P.taskList,
    summary: '巡检任务列表',
    reads: true,
    input: z.object({
      ...paging,
      state: z.enum(PATROL_TASK_STATES, { error: '未知的任务状态' }).optional(),
      areaCode: areaCode.optional(),
      targetKind: targetKind.optional(),
      /** Words of the task's name or its number. */
      keyword: text(50).optional(),
      /** Planned dates overlapping this range. */
      from: optionalDate('开始日期'),
      to: optionalDate('结束日期'),
      /** Only the tasks assigned to the signed-in user. */
      mine: queryBool.optional(),
    }),
    output: pageOf(patrolTaskRow),
  }),
  queryDetail: defineCall({
    domain,
    method: 'POST',
    path: `${O}/queryDetail`,
    permission: P.taskList,
    summary: '巡检任务详情（对象、结果、整改通知）',
    reads: true,
    input: idParam,
    output: patrolTaskDetail,
  }),
  save: defineCall({
    domain,
    method: 'POST',
    path: `${O}/save`,
    permission: P.taskEdit,
    summary: '新建或修改巡检任务（待执行的）',
    input: patrolTaskInput,
    output: patrolTaskDetail,
  }),
  cancel: defineCall({
    domain,
    method: 'POST',
    path: `${O}/cancel`,
    permission: P.taskEdit,
    summary: '取消巡检任务',
    input: act.extend({ reason: requiredText('取消原因', 500) }),
    output: patrolTaskDetail,
  }),
  targetOptions: defineCall({
    domain,
    method: 'POST',
    path: `${O}/targetOptions`,
    permission: P.taskEdit,
    summary: '可巡检的电梯或使用单位（本辖区）',
    reads: true,
    input: z.object({
      ...paging,
      kind: targetKind,
      areaCode,
      keyword: text(50).optional(),
    }),
    output: pageOf(patrolTargetOption),
  }),
  assigneeOptions: defineCall({
    domain,
    method: 'POST',
    path: `${O}/assigneeOptions`,
    permission: P.taskEdit,
    summary: '可指派的巡检人员（该辖区的监管人员）',
    reads: true,
    input: z.object({ areaCode }),
    output: z.array(patrolPerson),
  }),
  myTasks: defineCall({
    domain,
    method: 'POST',
    path: `${O}/myTasks`,
    permission: P.taskExecute,
    summary: '我的巡检任务（待执行和执行中的）',
    reads: true,
    input: z.object({}),
    output: z.array(patrolTaskRow),
  }),
  saveResult: defineCall({
    domain,
    method: 'POST',
    path: `${O}/saveResult`,
    permission: P.taskExecute,
    summary: '记录现场检查结果（不符合项开具整改通知）',
    input: patrolSaveResultInput,
    output: patrolTaskDetail,
  }),
  complete: defineCall({
    domain,
    method: 'POST',
    path: `${O}/complete`,
    permission: P.taskExecute,
    summary: '完成巡检任务',
    input: act,
    output: patrolTaskDetail,
  }),
};
