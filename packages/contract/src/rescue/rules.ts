/*
 * Emergency rescue (应急救援, DOMAIN.md §4): the rules every part of the rescue domain shares — a
 * case's kinds, sources, states and dispatch levels, the close causes (§4.3), the timing limits and
 * the permissions. Server, web and tests read them from here, never as bare numbers.
 */

export const RESCUE_PERMISSIONS = {
  /** The call centre's case list, detail and board. */
  caseList: 'rescue:case:list',
  /** Open, locate, triage, dispatch, close and annotate a case (the agent). */
  caseHandle: 'rescue:case:handle',
  /** Accept, arrive and free (the dispatched maintenance company or rescue unit). */
  caseRescue: 'rescue:case:rescue',
  /** Agents (坐席) and their call records. */
  agentList: 'rescue:agent:list',
  agentEdit: 'rescue:agent:edit',
  /** Repairs (故障报修). */
  repairList: 'rescue:repair:list',
  repairEdit: 'rescue:repair:edit',
  /** Emergency codes (应急码) and signboards. */
  codeList: 'rescue:code:list',
  codeEdit: 'rescue:code:edit',
  codeClaim: 'rescue:code:claim',
  /** Rescue units, teams, staff, rosters and grids. */
  unitList: 'rescue:unit:list',
  unitEdit: 'rescue:unit:edit',
  /** Use-unit and lease signing (签约管理). */
  signingList: 'rescue:signing:list',
  signingEdit: 'rescue:signing:edit',
} as const;

/** How a case came in. */
export const CASE_SOURCE = { phone: 1, alarmButton: 2, iot: 3, publicReport: 4 } as const;
export const CASE_SOURCE_LABEL: Record<number, string> = {
  1: '电话',
  2: '一键呼救',
  3: '物联网',
  4: '扫码上报',
};

/** The agent's triage. Only 困人 is dispatched; 故障报修 becomes a repair order. */
export const CASE_KIND = { trapped: 1, fault: 2, enquiry: 3, complaint: 4, falseAlarm: 5 } as const;
export const CASE_KIND_LABEL: Record<number, string> = {
  1: '困人',
  2: '故障报修',
  3: '咨询',
  4: '投诉',
  5: '误报',
};

/**
 * A case's states. 待派遣 → 待接单 (dispatched, the acceptance clock runs) → 已接单 → 已到达 →
 * 已解救 → 已关闭. A non-trapped case closes from 待派遣. A timed-out dispatch goes back to 待接单 at
 * the next level (or to 待派遣 at level 3, where the agent calls 119 by hand).
 */
export const CASE_STATE = {
  new: 1,
  dispatched: 2,
  accepted: 3,
  arrived: 4,
  freed: 5,
  closed: 6,
} as const;
export const CASE_STATE_LABEL: Record<number, string> = {
  1: '待派遣',
  2: '待接单',
  3: '已接单',
  4: '已到达',
  5: '已解救',
  6: '已关闭',
};
/** States in which a case is still open (on the board). */
export const OPEN_CASE_STATES = [1, 2, 3, 4, 5] as const;

/** Dispatch levels (DOMAIN.md §4.2). */
export const DISPATCH_LEVEL = { maintenance: 1, rescueUnit: 2, fireBrigade: 3 } as const;
export const DISPATCH_LEVEL_LABEL: Record<number, string> = {
  0: '未派遣',
  1: '一级响应（维保单位）',
  2: '二级响应（救援单位）',
  3: '三级响应（119 消防）',
};

/** Close causes (困人原因, DOMAIN.md §4.3): a category and its usual details. */
export const CASE_CAUSES: { value: number; label: string; details: string[] }[] = [
  { value: 1, label: '外部原因', details: ['停电', '电气部件进水短路', '电压异常', '自动恢复运行'] },
  {
    value: 2,
    label: '使用不当',
    details: ['垃圾卡阻开关门', '野蛮搬运致门变形', '扒门/撞门', '超载', '乘客误操作'],
  },
  { value: 3, label: '门系统故障', details: ['厅门锁/轿门锁失效', '门机故障', '门刀/门球', '光幕'] },
  { value: 4, label: '电气控制系统故障', details: ['主板', '变频器', '接触器', '编码器', '平层感应'] },
  { value: 5, label: '曳引/驱动系统故障', details: ['曳引机', '制动器', '钢丝绳'] },
  { value: 6, label: '安全保护装置', details: ['限速器', '安全钳', '安全回路'] },
  { value: 7, label: '其他/原因不明', details: [] },
];
export const CASE_CAUSE_LABEL: Record<number, string> = Object.fromEntries(
  CASE_CAUSES.map((c) => [c.value, c.label]),
);

/** System parameters of the rescue domain and their defaults (minutes). */
export const RESCUE_PARAMS = {
  acceptMinutes: { key: 'rescueAcceptMinutes', fallback: 3, name: '救援接单时限（分钟）' },
  arriveMinutes: { key: 'rescueArriveMinutes', fallback: 30, name: '救援到达时限（分钟）' },
  warnMinutes: { key: 'rescueWarnMinutes', fallback: 20, name: '救援到达预警（分钟）' },
} as const;

/** Minutes between two instants (null when either is missing), rounded to one decimal. */
export function minutesBetween(from: Date | string | null, to: Date | string | null): number | null {
  if (!from || !to) return null;
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Math.round(ms / 6_000) / 10;
}

/**
 * How urgent an open case is on the board (higher first): 困人 before the rest, then how long the
 * trapped have waited, with a case waiting for a dispatch or an acceptance before one under way.
 */
export function caseUrgency(c: { kind: number; status: number; alarmAt: string | Date }, now = new Date()) {
  const waited = (now.getTime() - new Date(c.alarmAt).getTime()) / 60_000;
  const trapped = c.kind === CASE_KIND.trapped ? 1_000_000 : 0;
  const stalled = c.status === CASE_STATE.new || c.status === CASE_STATE.dispatched ? 100_000 : 0;
  return trapped + stalled + waited;
}
