import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, requiredText, text } from '../common.ts';
import { dateField, version } from '../fields.ts';
import { RESCUE_PERMISSIONS } from './rules.ts';

/*
 * The 96333 call centre's agents (坐席, doc 001 §7.2, domain `service`): the agents with their seats
 * and duty state, going on and off duty, the records of telephone calls and the telephony pop-up
 * (`GET {token}` of the catalogue, read here as /pc/serviceUser/popup/{token}: docs/paths.md).
 */

export const SU = '/pc/serviceUser';
const P = RESCUE_PERMISSIONS;

/** The live event (topic rescue.agent) of an agent going on or off duty or recording a call: its row now. */
export const AGENT_TOPIC = 'rescue.agent';

/** A call's direction (call_record.direction). */
export const CALL_DIRECTION = { incoming: 1, outgoing: 2 } as const;
export const CALL_DIRECTION_LABEL: Record<number, string> = { 1: '呼入', 2: '呼出' };

export const agentRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  seatNo: z.string(),
  extension: z.string().nullable(),
  online: z.boolean(),
  /** When the agent last went on or off duty. */
  changedAt: z.string().nullable(),
  remark: z.string().nullable(),
  /** Calls the agent took or made today (Shanghai). */
  todayCalls: z.number().int(),
  version: z.number().int(),
});
export type AgentRow = z.infer<typeof agentRow>;

export const callRecordRow = z.object({
  id: z.number().int(),
  token: z.string(),
  phone: z.string(),
  direction: z.number().int(),
  directionLabel: z.string(),
  startedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Seconds from answer (or start) to end, when it ended. */
  durationSeconds: z.number().int().nullable(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  seatNo: z.string().nullable(),
  caseId: z.number().int().nullable(),
  caseNo: z.string().nullable(),
});
export type CallRecordRow = z.infer<typeof callRecordRow>;

export const shiftRow = z.object({ online: z.boolean(), at: z.string() });

export const agentDetail = agentRow.extend({
  recentCalls: z.array(callRecordRow),
  shifts: z.array(shiftRow),
});
export type AgentDetail = z.infer<typeof agentDetail>;

/** A case known for a caller's number, as the pop-up shows it. */
export const popupCase = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  kind: z.number().int(),
  status: z.number().int(),
  open: z.boolean(),
  elevatorId: z.number().int().nullable(),
  registerCode: z.string().nullable(),
  rescueCode: z.string().nullable(),
  address: z.string().nullable(),
  trapped: z.number().int(),
  alarmAt: z.string(),
});

/** A lift of the caller's cases. */
export const popupLift = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  rescueCode: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
});

export const popupContext = z.object({
  call: callRecordRow,
  phone: z.string(),
  /** Cases of the caller's number still open (on the board), newest first. */
  openCases: z.array(popupCase),
  /** The caller's latest closed cases. */
  recentCases: z.array(popupCase),
  lifts: z.array(popupLift),
  /** Earlier calls from or to the number. */
  previousCalls: z.number().int(),
});
export type PopupContext = z.infer<typeof popupContext>;

const seatNo = requiredText('坐席号', 10).regex(/^[0-9A-Za-z-]+$/, '坐席号只能包含字母、数字和连字符');
const extension = text(20)
  .regex(/^[0-9]*$/, '分机号只能包含数字')
  .nullable()
  .optional();
const phoneNumber = requiredText('电话号码', 20).regex(/^[\d\-+ ]+$/, '电话号码只能包含数字');

/** yyyy-MM-dd HH:mm:ss (Shanghai) or an ISO instant. */
const instant = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .refine(
      (v) =>
        !Number.isNaN(
          Date.parse(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v.replace(' ', 'T')}+08:00` : v),
        ),
      `${label}不是有效时间`,
    );

export const callRecordInput = z
  .object({
    phone: phoneNumber,
    direction: z.coerce
      .number({ error: '请选择呼叫方向' })
      .int()
      .refine((v) => v === 1 || v === 2, '呼叫方向应为呼入或呼出'),
    startedAt: instant('开始时间'),
    answeredAt: instant('接听时间').nullable().optional(),
    endedAt: instant('结束时间').nullable().optional(),
    /** The agent who took the call; the caller by default (another agent: only those who administer agents). */
    agentId: idField('坐席').optional(),
    caseId: idField('工单编号').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const t = (s: string | null | undefined) =>
      s ? Date.parse(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(s) ? `${s.replace(' ', 'T')}+08:00` : s) : null;
    const start = t(v.startedAt);
    const answer = t(v.answeredAt);
    const end = t(v.endedAt);
    if (start !== null && answer !== null && answer < start)
      ctx.addIssue({ code: 'custom', path: ['answeredAt'], message: '接听时间不能早于开始时间' });
    if (start !== null && end !== null && end < start)
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: '结束时间不能早于开始时间' });
    if (answer !== null && end !== null && end < answer)
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: '结束时间不能早于接听时间' });
  });

export const callRecordFilters = z.object({
  ...paging,
  agentId: idField('坐席').optional(),
  /** Calls started on this Shanghai day. */
  date: dateField('日期').optional(),
  phone: text(20).optional(),
  direction: z.coerce.number().int().min(1).max(2).optional(),
});

export const serviceUserCalls = {
  query: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SU}/query`,
    permission: P.agentList,
    summary: '坐席列表',
    input: z.object({
      ...paging,
      keyword: text(30).optional(),
      online: z.enum(['true', 'false']).optional(),
    }),
    output: pageOf(agentRow),
  }),
  info: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SU}/info`,
    permission: P.agentList,
    summary: '坐席详情（近期通话与上下线记录）',
    input: z.object({ userId: idField('坐席') }),
    output: agentDetail,
  }),
  update: defineCall({
    domain: 'service',
    method: 'PUT',
    path: `${SU}/update`,
    permission: P.agentEdit,
    summary: '新增或修改坐席',
    input: z.object({
      userId: idField('坐席用户'),
      seatNo,
      extension,
      remark: text(200).nullable().optional(),
      /** The version the form showed (editing); absent when the user gets a seat. */
      version: version.optional(),
    }),
    output: agentRow,
  }),
  delete: defineCall({
    domain: 'service',
    method: 'DELETE',
    path: `${SU}/delete`,
    permission: P.agentEdit,
    summary: '删除坐席',
    input: z.object({ ids: idList }),
    output: z.object({ deleted: z.number().int() }),
  }),
  onOffLine: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${SU}/onOffLine`,
    permission: P.agentList,
    summary: '坐席上线 / 下线',
    input: z.object({
      /** The agent; the caller by default (another agent: only those who administer agents). */
      userId: idField('坐席').optional(),
      /** The state wanted; absent, the state is toggled. */
      online: z.boolean({ error: '上下线状态应为 true 或 false' }).optional(),
    }),
    output: agentRow,
  }),
  callPhoneRecord: defineCall({
    domain: 'service',
    method: 'POST',
    path: `${SU}/callPhoneRecord`,
    permission: P.agentList,
    summary: '记录通话',
    input: callRecordInput,
    output: callRecordRow,
  }),
  callRecords: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SU}/callRecords`,
    permission: P.agentList,
    summary: '通话记录',
    input: callRecordFilters,
    output: pageOf(callRecordRow),
  }),
  popup: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SU}/popup/{token}`,
    permission: P.agentList,
    summary: '来电弹屏（通话令牌 → 来电号码、相关工单与电梯）',
    input: z.object({ token: requiredText('通话令牌', 64) }),
    output: popupContext,
  }),
  candidates: defineCall({
    domain: 'service',
    method: 'GET',
    path: `${SU}/candidates`,
    permission: P.agentEdit,
    summary: '可配置坐席的呼叫中心用户',
    input: z.object({}),
    output: z.array(
      z.object({
        userId: z.number().int(),
        username: z.string(),
        realName: z.string(),
        seatNo: z.string().nullable(),
      }),
    ),
  }),
};
