import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, text } from '../common.ts';
import { dateField, deleteCall, version } from '../fields.ts';
import { MAINTENANCE_INTERVAL_DAYS } from './rules.ts';

/*
 * 维保计划: per lift, from its audited maintenance contract: the template, the interval, the first
 * date and the workers. A daily job makes the orders ahead; a lift without a valid contract gets
 * none and is flagged. The list is of the lifts a company maintains (维保电梯资料), with or without a
 * plan, so that a lift without one shows.
 */

export const PLAN_PERMISSIONS = { list: 'maintenance:plan:list', edit: 'maintenance:plan:edit' };
const MP = '/pc/maintenancePlan';

export const PLAN_FLAGS = {
  no_plan: '无维保计划',
  no_contract: '无有效维保合同',
  no_workers: '未指定维保人员',
  overdue: '维保超期',
} as const;
export type PlanFlag = keyof typeof PLAN_FLAGS;

export const maintainedLift = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  /** The registry's type (1 直梯, 2 扶梯). */
  elevatorType: z.number().int(),
  /** The registry's variety (《特种设备目录》品种 code, e.g. 3430 杂物电梯): which templates fit (appendicesOfLift). */
  variety: z.string().nullable(),
  address: z.string(),
  areaCode: z.string().nullable(),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  useCompanyName: z.string().nullable(),
  contractNo: z.string().nullable(),
  contractEnd: z.string().nullable(),
  planId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  templateName: z.string().nullable(),
  intervalDays: z.number().int().nullable(),
  firstDate: z.string().nullable(),
  nextDate: z.string().nullable(),
  workerIds: z.array(z.number().int()),
  workers: z.array(z.string()),
  enabled: z.boolean().nullable(),
  /** Plan date of the last submitted visit. */
  lastDoneDate: z.string().nullable(),
  /** The last day the next visit is due (last visit + 15 days). */
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  overdueDays: z.number().int(),
  flags: z.array(z.string()),
  flagLabels: z.array(z.string()),
  planVersion: z.number().int().nullable(),
});
export type MaintainedLift = z.infer<typeof maintainedLift>;

export const planFields = z.object({
  id: idField().optional(),
  version: version.optional(),
  elevatorId: idField('电梯'),
  templateId: idField('维保内容'),
  intervalDays: z.coerce
    .number({ error: '维保间隔应为数字' })
    .int('维保间隔应为整数天')
    .min(1, '维保间隔至少 1 天')
    .max(
      MAINTENANCE_INTERVAL_DAYS,
      `维保间隔不能超过 ${MAINTENANCE_INTERVAL_DAYS} 天（特种设备安全监察条例第31条）`,
    ),
  firstDate: dateField('首次维保日期'),
  workerIds: z.array(idField('维保人员')).min(1, '请至少指定一名维保人员').max(10),
  enabled: z.boolean().optional(),
});
export type PlanFields = z.input<typeof planFields>;

export const maintenancePlanCalls = {
  queryList: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MP}/queryList`,
    permission: PLAN_PERMISSIONS.list,
    summary: '维保电梯与计划列表',
    input: z.object({
      ...paging,
      keyword: text(50).optional(),
      maintenanceCompanyId: idField('维保单位').optional(),
      areaCode: text(12).optional(),
      flag: z.enum(['no_plan', 'no_contract', 'no_workers', 'overdue']).optional(),
    }),
    output: pageOf(maintainedLift),
  }),
  queryDetail: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MP}/queryDetail`,
    permission: PLAN_PERMISSIONS.list,
    summary: '电梯的维保计划',
    input: z.object({ elevatorId: idField('电梯') }),
    output: maintainedLift,
  }),
  save: defineCall({
    domain: 'maintenance',
    method: 'POST',
    path: `${MP}/save`,
    permission: PLAN_PERMISSIONS.edit,
    summary: '新增或修改维保计划',
    input: planFields,
    output: maintainedLift,
  }),
  delete: deleteCall('maintenance', `${MP}/delete`, PLAN_PERMISSIONS.edit, '删除维保计划'),
};
