import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, text } from '../common.ts';
import { dateField, liftKindFilters, version } from '../fields.ts';
import { CASE_CAUSES, RESCUE_PERMISSIONS } from './rules.ts';

/*
 * Emergency cases (应急工单, DOMAIN.md §4.2): the call centre's calls of doc 001 §7.2
 * (/pc/serviceUserOrder/*: the list, the detail, locating the lift, fault types, the history, saving
 * a new case) and the designed calls of the process (/pc/rescueCase/*: locate, dispatch, the
 * rescuer's accept / arrive / free, close, notes, the live board, alarms). Every move names the
 * version the caller's screen showed: two agents dispatching the same case at once get one success
 * and one 409.
 */

export const SO = '/pc/serviceUserOrder';
export const RC = '/pc/rescueCase';
const P = RESCUE_PERMISSIONS;

const latitude = z.coerce.number({ error: '纬度应为数字' }).min(-90, '纬度不正确').max(90, '纬度不正确');
const longitude = z.coerce.number({ error: '经度应为数字' }).min(-180, '经度不正确').max(180, '经度不正确');
const people = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .min(0, `${label}不能为负数`)
    .max(99, `${label}不能超过 99`);
const callerPhone = text(20).regex(/^[\d\-+ ]*$/, '来电号码只能包含数字');

/** A case as lists and the board show it. Times are ISO strings; durations minutes. */
export const rescueCaseRow = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  source: z.number().int(),
  sourceLabel: z.string(),
  kind: z.number().int(),
  kindLabel: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  level: z.number().int(),
  levelLabel: z.string(),
  elevatorId: z.number().int().nullable(),
  registerCode: z.string().nullable(),
  rescueCode: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  callerPhone: z.string().nullable(),
  trapped: z.number().int(),
  freed: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  useCompanyName: z.string().nullable(),
  rescueUnitName: z.string().nullable(),
  /** The company the case waits on now (level 1 or 2). */
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  agentName: z.string().nullable(),
  alarmAt: z.string(),
  dispatchedAt: z.string().nullable(),
  acceptDeadline: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  freedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** 响应用时: dispatch → accept. */
  responseMinutes: z.number().nullable(),
  /** 到达用时: alarm → arrival. */
  arrivalMinutes: z.number().nullable(),
  /** 现场救援用时: arrival → freed. */
  rescueMinutes: z.number().nullable(),
  overtime: z.boolean().nullable(),
  cause: z.number().int().nullable(),
  causeLabel: z.string().nullable(),
  version: z.number().int(),
});
export type RescueCaseRow = z.infer<typeof rescueCaseRow>;

export const rescueCaseStep = z.object({
  id: z.number().int(),
  action: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  level: z.number().int(),
  companyName: z.string().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type RescueCaseStep = z.infer<typeof rescueCaseStep>;

export const rescueCaseDetail = rescueCaseRow.extend({
  callerName: z.string().nullable(),
  description: z.string().nullable(),
  elevatorName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyPhone: z.string().nullable(),
  useCompanyId: z.number().int().nullable(),
  useCompanyPhone: z.string().nullable(),
  rescueUnitId: z.number().int().nullable(),
  rescueUnitPhone: z.string().nullable(),
  gridName: z.string().nullable(),
  acceptedByName: z.string().nullable(),
  arriveDistance: z.number().int().nullable(),
  causeDetail: z.string().nullable(),
  backInService: z.boolean().nullable(),
  repairId: z.number().int().nullable(),
  followUp: z.string().nullable(),
  closeNote: z.string().nullable(),
  steps: z.array(rescueCaseStep),
  /** The calls linked to the case (number, direction, times, agent). */
  calls: z.array(
    z.object({
      id: z.number().int(),
      phone: z.string(),
      direction: z.number().int(),
      startedAt: z.string(),
      answeredAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      agentName: z.string().nullable(),
    }),
  ),
});
export type RescueCaseDetail = z.infer<typeof rescueCaseDetail>;

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM')
  .optional();

export const caseFilters = z.object({
  ...paging,
  /** Case number, register or rescue code, caller's number or address. */
  keyword: text(50).optional(),
  status: z.coerce.number().int().min(1).max(6).optional(),
  /** Only open cases (状态 < 已关闭). */
  open: z.enum(['true', 'false']).optional(),
  kind: z.coerce.number().int().min(1).max(5).optional(),
  source: z.coerce.number().int().min(1).max(4).optional(),
  level: z.coerce.number().int().min(0).max(3).optional(),
  areaCode: text(12).optional(),
  elevatorId: idField('电梯').optional(),
  /** yyyy-MM (Shanghai) of the alarm. */
  month,
  dateFrom: dateField('开始日期').optional(),
  dateTo: dateField('结束日期').optional(),
  overtime: z.enum(['true', 'false']).optional(),
  /** The companies the case records (copied from the lift when it was located), as its scope reads them. */
  maintenanceCompanyId: idField('维保单位').optional(),
  useCompanyId: idField('使用单位').optional(),
  /** The lift's type and 使用场所 now, as the statistics count them. */
  ...liftKindFilters,
});
export type CaseFilters = z.input<typeof caseFilters>;

/** A lift as the agent locates it: who maintains and uses it, its grid, and an open case. */
export const locatedLift = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  rescueCode: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  communityName: z.string().nullable(),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  maintenanceCompanyPhone: z.string().nullable(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  useCompanyPhone: z.string().nullable(),
  rescueUnitId: z.number().int().nullable(),
  rescueUnitName: z.string().nullable(),
  gridName: z.string().nullable(),
  /** An open 困人 case of the lift (a second call joins it). */
  openCaseId: z.number().int().nullable(),
});
export type LocatedLift = z.infer<typeof locatedLift>;

export const newCaseInput = z.object({
  kind: z.coerce.number({ error: '请选择工单类型' }).int().min(1, '请选择工单类型').max(5, '请选择工单类型'),
  elevatorId: idField('电梯').nullable().optional(),
  callerPhone: callerPhone.nullable().optional(),
  callerName: text(30).nullable().optional(),
  trapped: people('被困人数').default(0),
  description: text(500).nullable().optional(),
  /** The call this case was opened from (callPhoneRecord's token), linked to the case. */
  callToken: text(64).nullable().optional(),
});

const move = z.object({ id: idField('工单编号'), version });
const note = text(500).nullable().optional();

export const caseSaved = z.object({
  case: rescueCaseDetail,
  /** The lift already had an open 困人 case: the call joined it instead of opening another. */
  joined: z.boolean(),
});

export const closeInput = move.extend({
  cause: z.coerce
    .number()
    .int()
    .refine((v) => CASE_CAUSES.some((c) => c.value === v), '请选择困人原因')
    .nullable()
    .optional(),
  causeDetail: text(100).nullable().optional(),
  freed: people('解救人数').nullable().optional(),
  backInService: z.boolean({ error: '请选择电梯是否恢复运行' }).nullable().optional(),
  /** Open a repair order (故障报修) for the lift, of this fault type. */
  repairHitchType: text(50).nullable().optional(),
  followUp: text(500).nullable().optional(),
  note,
});

/** The timing limits in force (RESCUE_PARAMS, minutes) and the server's clock, which timers count against. */
const timing = {
  acceptMinutes: z.number(),
  arriveMinutes: z.number(),
  warnMinutes: z.number(),
  /** The server's time (ISO): the page counts with the difference to its own clock. */
  now: z.string(),
};

/** The live board: open cases by urgency, the limits the timers count against, agents on duty. */
export const rescueBoard = z.object({
  cases: z.array(rescueCaseRow),
  ...timing,
  /** Agents on duty in the viewer's call centre (every centre's for the platform, none for other parties). */
  agentsOnline: z.number().int(),
});
export type RescueBoard = z.infer<typeof rescueBoard>;

/** The rescuer's cases (myCases) with the limits their timers count against and the server's time. */
export const rescueMyCases = z.object({ cases: z.array(rescueCaseDetail), ...timing });
export type RescueMyCases = z.infer<typeof rescueMyCases>;

/** The live event (topic rescue.case): the case's row as it is now. */
export const RESCUE_CASE_TOPIC = 'rescue.case';

export const hitchType = z.object({ value: z.string(), label: z.string() });

export const rescueCaseCalls = {
  orderList: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SO}/orderList`,
    permission: P.caseList,
    summary: '处置工单列表',
    input: caseFilters,
    output: pageOf(rescueCaseRow),
  }),
  exportCases: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SO}/export`,
    permission: P.caseList,
    summary: '导出处置工单（.xlsx）',
    result: 'file',
    input: caseFilters.omit({ page: true, limit: true }),
    output: z.unknown(),
  }),
  detail: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SO}/detail/{id}`,
    permission: P.caseList,
    summary: '处置工单详情',
    input: z.object({ id: idField('工单编号') }),
    output: rescueCaseDetail,
  }),
  elevatorList: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SO}/elevatorList`,
    permission: P.caseHandle,
    summary: '定位电梯（救援识别码、注册代码、地址或小区）',
    input: z.object({
      /** 6 digits: the rescue code (leading zeros kept); otherwise a register code, address or community. */
      keyword: text(50).min(2, '请输入救援识别码、注册代码、地址或小区（至少 2 个字）'),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    output: z.array(locatedLift),
  }),
  hitchTypeList: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SO}/hitchTypeList`,
    permission: P.caseList,
    summary: '故障类型',
    input: z.object({}),
    output: z.array(hitchType),
  }),
  orderRecordList: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SO}/orderRecordList`,
    permission: P.caseList,
    summary: '处置工单的处理记录',
    input: z.object({ id: idField('工单编号') }),
    output: z.array(rescueCaseStep),
  }),
  saveOrder: defineCall({
    domain: 'service',
    method: 'PUT',
    path: `${SO}/saveOrder`,
    permission: P.caseHandle,
    summary: '接警建单',
    input: newCaseInput,
    output: caseSaved,
  }),
  locate: defineCall({
    domain: 'service',
    method: 'PUT',
    path: `${RC}/locate`,
    permission: P.caseHandle,
    summary: '确认被困电梯与人数',
    input: move.extend({
      elevatorId: idField('电梯'),
      kind: z.coerce.number().int().min(1).max(5).optional(),
      trapped: people('被困人数').optional(),
    }),
    output: rescueCaseDetail,
  }),
  dispatch: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/dispatch`,
    permission: P.caseHandle,
    summary: '派遣救援（一级维保单位 / 二级救援单位）',
    input: move.extend({
      level: z.coerce
        .number({ error: '请选择响应级别' })
        .int()
        .min(1, '请选择响应级别')
        .max(2, '请选择响应级别'),
      note,
    }),
    output: rescueCaseDetail,
  }),
  fireBrigade: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/fireBrigade`,
    permission: P.caseHandle,
    summary: '三级响应：已通知 119 消防',
    input: move.extend({ note }),
    output: rescueCaseDetail,
  }),
  accept: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/accept`,
    permission: P.caseRescue,
    summary: '接单（救援单位）',
    input: move,
    output: rescueCaseDetail,
  }),
  arrive: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/arrive`,
    permission: P.caseRescue,
    summary: '到达现场（记录定位与到电梯的距离）',
    input: move.extend({
      latitude: latitude.nullable().optional(),
      longitude: longitude.nullable().optional(),
    }),
    output: rescueCaseDetail,
  }),
  free: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/free`,
    permission: P.caseRescue,
    summary: '解救完成',
    input: move.extend({ freed: people('解救人数'), note }),
    output: rescueCaseDetail,
  }),
  close: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/close`,
    permission: P.caseHandle,
    summary: '关闭工单（原因、解救人数、是否恢复运行、回访）',
    input: closeInput,
    output: rescueCaseDetail,
  }),
  addNote: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/note`,
    permission: P.caseHandle,
    summary: '工单备注（关闭后的更正也记为备注）',
    input: z.object({ id: idField('工单编号'), note: text(500).min(1, '请填写备注') }),
    output: rescueCaseDetail,
  }),
  board: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${RC}/board`,
    permission: P.caseList,
    summary: '应急处置看板（未关闭工单）',
    input: z.object({ areaCode: text(12).optional() }),
    output: rescueBoard,
  }),
  myCases: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${RC}/myCases`,
    permission: P.caseRescue,
    summary: '派给本单位的救援工单（及计时的时限与服务器时间）',
    input: z.object({ all: z.enum(['true', 'false']).optional() }),
    output: rescueMyCases,
  }),
  alarm: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${RC}/alarm`,
    permission: 'rescue:alarm:post',
    summary: '困人报警接入（一键呼救、物联网）',
    input: z
      .object({
        source: z.coerce
          .number()
          .int()
          .min(2, '报警来源应为一键呼救或物联网')
          .max(3, '报警来源应为一键呼救或物联网'),
        elevatorId: idField('电梯').optional(),
        registerCode: text(30).optional(),
        /** The monitoring device that raised it (IoT), for the case's history. */
        deviceId: text(64).optional(),
        trapped: people('被困人数').optional(),
        description: text(500).optional(),
      })
      .refine((v) => v.elevatorId !== undefined || !!v.registerCode, '请指明报警的电梯（编号或注册代码）'),
    output: caseSaved,
  }),
};
